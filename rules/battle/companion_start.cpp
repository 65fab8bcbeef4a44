#include "umpire/rules/companion_start.hpp"

namespace umpire::rules {

namespace {

CompanionSide companion_side(const BattleSideRecord& side) {
    CompanionSide out;
    out.side = side.side;
    out.cinc_present = side.cinc_present;
    out.camp = side.camp;
    for (const auto& r : side.regiments) out.regiments.push_back({r.regiment, r.elements, r.figures});
    return out;
}

}  // namespace

CompanionStart companion_start(const BattleRecord& record) {
    return {companion_side(record.attacker), companion_side(record.defender), record.time_limit};
}

BattleRules companion_rules(const Ruleset& ruleset, const BattleRecord& record) {
    BattleRules rules = ruleset.battle;
    rules.figures_per_element = record.figures_per_element;
    rules.defeat_ratio = record.defeat_ratio;
    rules.camp_lost_counts = record.camp_lost_counts;
    rules.general_lost_counts = record.general_lost_counts;
    return rules;
}

}  // namespace umpire::rules
