#include "documents/standing_instructions_json.hpp"

#include <utility>

namespace umpire::rules {

namespace {

using Flag = std::optional<bool> StandingInstructions::*;
constexpr std::pair<const char*, Flag> kFlags[] = {
    {"separate_engagements", &StandingInstructions::separate_engagements},
    {"rearguard", &StandingInstructions::rearguard},
    {"pursuit", &StandingInstructions::pursuit},
    {"maneuver", &StandingInstructions::maneuver},
    {"support", &StandingInstructions::support},
    {"relief", &StandingInstructions::relief},
    {"reinforce", &StandingInstructions::reinforce},
};

}  // namespace

SharedInstructions read_standing_instructions(const Json& value, const std::string& path,
                                              Problems& problems) {
    const std::size_t before = problems.size();
    ObjectReader in(value, path, problems);
    if (!in.is_object()) return nullptr;
    in.reject_unknown({"contact", "separate_engagements", "rearguard", "pursuit", "maneuver",
                       "support", "relief", "reinforce", "cards", "losses"});
    StandingInstructions out;
    if (const Json* contact = in.array("contact", false)) {
        out.contact.emplace();
        for (std::size_t i = 0; i < contact->size(); ++i) {
            const std::string at = item_path(in.path_of("contact"), i);
            const auto name = read_string((*contact)[i], at, problems);
            if (!name) continue;
            if (const auto choice = choice_named(*name))
                out.contact->push_back(*choice);
            else
                problems.add(at, "\"" + *name +
                                     "\" is not one of: rest, engage, evade, evade_if_larger, "
                                     "avoid, delay");
        }
    }
    for (const auto& [key, member] : kFlags) out.*member = in.boolean(key, false);
    out.cards_auto = in.choice("cards", {"auto"}, false).has_value();
    out.losses_proportional = in.choice("losses", {"proportional"}, false).has_value();
    if (problems.size() != before) return nullptr;
    return std::make_shared<const StandingInstructions>(std::move(out));
}

Json standing_instructions_json(const StandingInstructions& instructions) {
    Json out = Json::object();
    if (instructions.contact) {
        Json contact = Json::array();
        for (const auto choice : *instructions.contact) contact.push_back(choice_name(choice));
        out["contact"] = std::move(contact);
    }
    for (const auto& [key, member] : kFlags)
        if (const auto& flag = instructions.*member) out[key] = *flag;
    if (instructions.cards_auto) out["cards"] = "auto";
    if (instructions.losses_proportional) out["losses"] = "proportional";
    return out;
}

}  // namespace umpire::rules
