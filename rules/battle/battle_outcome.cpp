// elements, R-8.3 time limit and PIP costs, the loss count, and the result as JSON.
#include <algorithm>

#include "rules/battle/battle_outcome.hpp"

namespace umpire::rules {

std::string to_string(BattleOutcome o) {
    switch (o) {
        case BattleOutcome::won: return "won";
        case BattleOutcome::defeated: return "defeated";
        case BattleOutcome::withdrew: return "withdrew";
    }
    return "won";
}

int regiment_elements(const BattleRules& rules, int figures) {
    if (figures <= 0) return 0;
    const int per = std::max(1, rules.figures_per_element);
    return (figures + per - 1) / per;  // [H] a remnant still fields an element
}

int starting_elements(const BattleRules& rules, const std::vector<const Regiment*>& engaged) {
    int total = 0;
    for (const Regiment* regiment : engaged)
        if (regiment) total += regiment_elements(rules, regiment->figures());
    return total;
}

int figures_for_elements(const BattleRules& rules, int elements, int figures) {
    const long long wanted =
        static_cast<long long>(std::max(0, elements)) * std::max(1, rules.figures_per_element);
    return static_cast<int>(std::clamp<long long>(wanted, 0, std::max(0, figures)));
}

int battle_time_limit(const BattleRules& rules, int contact_hour) {
    if (rules.time_limit_mode == TimeLimitMode::dba) return rules.dba_bounds;
    // daylight ends with the ruleset's hour; never fewer than the minimum.
    const int hours_left = std::max(0, rules.daylight_end_hour - contact_hour);
    return std::max(rules.minimum_bounds, rules.bounds_per_hour * hours_left);
}

int withdrawal_pip_cost(const BattleRules& rules, bool cinc_present) {
    return cinc_present ? rules.withdrawal_pips : rules.withdrawal_pips_without_cinc;
}

int SideReport::elements_lost() const {
    int total = 0;
    for (const auto& l : losses) total += l.elements;
    return total;
}

int SideReport::elements_lost_after_withdrawal() const {
    int total = 0;
    for (const auto& l : losses) total += l.after_withdrawal;
    return total;
}

int battle_lost(const BattleRules& rules, const SideReport& side) {
    // the general's own element is already among the elements lost.
    return side.elements_lost() + (side.camp_lost ? rules.camp_lost_counts : 0) +
           (side.general_lost ? rules.general_lost_counts : 0);
}

bool reached_one_third(const BattleRules& rules, int lost, int starting_elements) {
    return static_cast<long long>(rules.defeat_ratio) * lost >= starting_elements;
}

shape::BattleSideResult side_result(const SideReport& report, const SideOutcome& outcome) {
    return {.side = report.side,
            .outcome = to_string(outcome.outcome),
            .starting_elements = report.starting_elements,
            .elements_lost = report.elements_lost(),
            .lost = outcome.lost,
            .one_third = outcome.one_third,
            .camp_lost = report.camp_lost,
            .camp_evacuated = report.camp_evacuated,
            .general_lost = report.general_lost,
            .darkness = outcome.darkness,
            .withdraw_disengagement = outcome.withdraw_disengagement};
}

}  // namespace umpire::rules
