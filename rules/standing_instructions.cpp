#include "rules/standing_instructions.hpp"

#include <algorithm>
#include <string_view>

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

// One contact preference: the answer it gives, or nullopt to try the next.
std::optional<Json> preferred(const DecisionRequest& request, std::string_view choice) {
    if (choice == "evade_if_larger") {
        if (offered(request, "evade") && enemy_larger(request)) return Json("evade");
    } else if (offered(request, choice)) {
        return Json(choice);
    }
    return std::nullopt;
}

std::optional<Json> contact_answer(const DecisionRequest& request,
                                   const StandingInstructions& instructions) {
    if (const auto* choices = instructions.choices()) {
        for (std::size_t i = 0; i < instructions.choice_count(); ++i)
            if (auto answer = preferred(request, choice_name(choices[i]))) return answer;
        return std::nullopt;
    }
    // Choices kept as JSON only (more than a few, or not all known): read as given.
    for (const auto& p : *instructions.member(StandingInstructions::Member::contact))
        if (auto answer = preferred(request, p.get_ref<const std::string&>())) return answer;
    return std::nullopt;
}

using Member = StandingInstructions::Member;
using Held = StandingInstructions::Held;

// The member's value, as the instructions hold it.
std::optional<Json> flag(const StandingInstructions& instructions, Member m) {
    switch (instructions.held(m)) {
        case Held::absent: return std::nullopt;
        case Held::yes: return Json(true);
        case Held::no: return Json(false);
        case Held::other: break;
    }
    return *instructions.member(m);
}

// The member as a boolean (a JSON type error for another value, as get<bool> gives).
bool yes(const StandingInstructions& instructions, Member m) {
    const Held held = instructions.held(m);
    return held == Held::other ? instructions.member(m)->get<bool>() : held == Held::yes;
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
            // The choices the instructions know (choice_name), checked against the same list.
            bool known = false;
            for (std::size_t c = 0; choice && c < StandingInstructions::kChoiceKinds; ++c)
                known = known || *choice == choice_name(static_cast<StandingInstructions::Choice>(c));
            if (choice && !known)
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

std::optional<Json> standing_answer(const DecisionRequest& request,
                                    const StandingInstructions& instructions) {
    if (!instructions.is_object()) return std::nullopt;
    const std::string& kind = request.kind;
    if (kind == "contact_window") {
        if (!instructions.member(Member::contact)) return std::nullopt;
        return contact_answer(request, instructions);
    }
    if (kind == "separate_engagements") {
        if (instructions.held(Member::separate_engagements) == Held::absent) return std::nullopt;
        return Json(yes(instructions, Member::separate_engagements) ? "separate" : "one_battle");
    }
    if (kind == "rearguard") return flag(instructions, Member::rearguard);
    if (kind == "pursuit") return flag(instructions, Member::pursuit);
    if (kind == "maneuver") return flag(instructions, Member::maneuver);
    if (kind == "support_role") return flag(instructions, Member::support);
    if (kind == "relief") return flag(instructions, Member::relief);
    if (kind == "reinforce") return flag(instructions, Member::reinforce);
    if (kind == "maneuver_move") {
        // "maneuver": true also makes the move, to the first (cheapest) hex offered.
        if (instructions.held(Member::maneuver) == Held::absent) return std::nullopt;
        return yes(instructions, Member::maneuver) ? request.default_answer.get() : Json(false);
    }
    if (kind == "card_placement") return flag(instructions, Member::cards);
    if (kind == "loss_allocation") return flag(instructions, Member::losses);
    return std::nullopt;
}

}  // namespace umpire::rules
