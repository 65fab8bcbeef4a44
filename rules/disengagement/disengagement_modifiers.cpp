// the disengagement modifiers, the best single value per category.
#include "rules/disengagement/assault_regiment.hpp"
#include "rules/disengagement/disengagement.hpp"

namespace umpire::rules {

NamedModifiers disengagement_modifiers(const Ruleset& ruleset, const DisengagementParty& party,
                                       bool is_disengager, OrderState disengager_state) {
    const DisengagementModifiers& m = ruleset.disengagement.modifiers;
    NamedModifiers out;
    // order: a force has one order state, so its value is the category's only one.
    switch (party.order_state) {
        case OrderState::formed: out.emplace_back("formed", m.order.formed); break;
        case OrderState::unformed: out.emplace_back("unformed", m.order.unformed); break;
        case OrderState::in_retreat: out.emplace_back("in_retreat", m.order.in_retreat); break;
        case OrderState::in_rout: out.emplace_back("in_rout", m.order.in_rout); break;
    }
    // rearguard: the disengager's alone.
    if (is_disengager && party.rearguard) out.emplace_back("rearguard", m.rearguard);
    if (party.supported) out.emplace_back("supported", m.supported);
    if (party.favourable_terrain)
        out.emplace_back("favourable_terrain", m.favourable_terrain);
    else
        out.emplace_back("unfavourable_terrain", m.unfavourable_terrain);
    // action: the opponent's alone; pursuit only of a disengager not in good order; best one.
    if (!is_disengager) {
        std::optional<std::pair<std::string, int>> action;
        auto offer = [&](const char* name, int value) {
            if (!action || value > action->second) action.emplace(name, value);
        };
        if (party.maneuver) offer("maneuver", m.maneuver);
        if (party.aggressive_pursuit && disengager_state != OrderState::formed)
            offer("aggressive_pursuit", m.aggressive_pursuit);
        if (action) out.push_back(*action);
    }
    // cavalry: one value, kept with the readiness rules.
    if (party.exhausted_cavalry)
        out.emplace_back("exhausted_cavalry",
                         ruleset.cavalry_readiness.exhausted_disengagement_modifier);
    return out;
}

bool favourable_terrain(const Ruleset& ruleset, const Force& force, const std::string& terrain) {
    const Regiment* regiment = assault_regiment(force);
    return regiment && ruleset.is_favoured(main_troop_class(*regiment, ruleset), terrain);
}

bool can_detail_rearguard(const Ruleset& ruleset, const Force& force) {
    return static_cast<int>(force.regiments.size()) >=
           ruleset.disengagement.rearguard_min_regiments;
}

}  // namespace umpire::rules
