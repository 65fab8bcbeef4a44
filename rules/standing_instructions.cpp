#include "rules/standing_instructions.hpp"

#include <algorithm>

namespace umpire::rules {

namespace {

bool offered(const DecisionRequest& request, std::string_view option) {
    const Json& options = request.options;
    return options.is_array() && std::any_of(options.begin(), options.end(), [&](const Json& o) {
               return answer_is(o, option);
           });
}

// R-11.3's example: "evade when the estimated enemy is larger than mine", from the two figures
// every contact window carries (`sizes`, also shown in its context).
bool enemy_larger(const DecisionRequest& request) {
    const auto& sizes = request.sizes;
    return sizes && sizes->largest_estimated_opponent &&
           *sizes->largest_estimated_opponent > sizes->own_assault_figures;
}

std::optional<Json> contact_answer(const DecisionRequest& request, const Json& preferences) {
    for (const auto& p : preferences) {
        const std::string& choice = p.get_ref<const std::string&>();  // checked on load
        if (choice == "evade_if_larger") {
            if (offered(request, "evade") && enemy_larger(request)) return Json("evade");
        } else if (offered(request, choice)) {
            return Json(choice);
        }
    }
    return std::nullopt;
}

std::optional<Json> flag(const Json& instructions, const char* key) {
    const auto it = instructions.find(key);
    if (it == instructions.end()) return std::nullopt;
    return *it;
}

}  // namespace

bool check_standing_instructions(const Json& instructions, const std::string& path,
                                 Problems& problems) {
    const std::size_t before = problems.size();
    ObjectReader in(instructions, path, problems);
    if (!in.is_object()) return false;
    in.reject_unknown({"contact", "separate_engagements", "rearguard", "pursuit", "maneuver",
                       "support", "relief", "reinforce", "cards", "losses"});
    if (const Json* contact = in.array("contact", false)) {
        for (std::size_t i = 0; i < contact->size(); ++i) {
            const std::string at = item_path(in.path_of("contact"), i);
            auto choice = read_string((*contact)[i], at, problems);
            static const char* kChoices[] = {"rest",  "engage", "evade", "evade_if_larger",
                                             "avoid", "delay"};
            if (choice && std::none_of(std::begin(kChoices), std::end(kChoices),
                                       [&](const char* c) { return *choice == c; }))
                problems.add(at, "\"" + *choice +
                                     "\" is not one of: rest, engage, evade, evade_if_larger, "
                                     "avoid, delay");
        }
    }
    for (const char* key : {"separate_engagements", "rearguard", "pursuit", "maneuver", "support",
                            "relief", "reinforce"})
        in.boolean(key, false);
    in.choice("cards", {"auto"}, false);
    in.choice("losses", {"proportional"}, false);
    return problems.size() == before;
}

std::optional<Json> standing_answer(const DecisionRequest& request, const Json& instructions) {
    if (!instructions.is_object()) return std::nullopt;
    const std::string& kind = request.kind;
    if (kind == "contact_window") {
        const auto contact = instructions.find("contact");
        if (contact == instructions.end()) return std::nullopt;
        return contact_answer(request, *contact);
    }
    if (kind == "separate_engagements") {
        auto separate = flag(instructions, "separate_engagements");
        if (!separate) return std::nullopt;
        return Json(separate->get<bool>() ? "separate" : "one_battle");
    }
    if (kind == "rearguard") return flag(instructions, "rearguard");
    if (kind == "pursuit") return flag(instructions, "pursuit");
    if (kind == "maneuver") return flag(instructions, "maneuver");
    if (kind == "support_role") return flag(instructions, "support");
    if (kind == "relief") return flag(instructions, "relief");
    if (kind == "reinforce") return flag(instructions, "reinforce");
    if (kind == "maneuver_move") {
        // "maneuver": true also makes the move, to the first (cheapest) hex offered.
        auto maneuver = flag(instructions, "maneuver");
        if (!maneuver) return std::nullopt;
        return maneuver->get<bool>() ? request.default_answer.get() : Json(false);
    }
    if (kind == "card_placement") return flag(instructions, "cards");
    if (kind == "loss_allocation") return flag(instructions, "losses");
    return std::nullopt;
}

}  // namespace umpire::rules
