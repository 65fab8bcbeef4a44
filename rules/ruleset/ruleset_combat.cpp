#include "rules/ruleset/ruleset_combat.hpp"

namespace umpire::rules {

const DisengagementLoss& DisengagementRules::loss_for(int difference) const {
    // the first row holds for its difference or more, the last for its difference or less.
    if (difference >= losses.front().difference) return losses.front();
    if (difference <= losses.back().difference) return losses.back();
    return losses.at(static_cast<std::size_t>(losses.front().difference - difference));
}

int QuickBattleRules::ratio_bonus(long long own, long long opponent) const {
    // own >= ratio% of opponent, in integers: own * 100 >= ratio * opponent.
    int bonus = 0;
    for (const auto& row : ratio_bonuses)
        if (own * 100 >= static_cast<long long>(row.ratio_percent) * opponent) bonus = row.bonus;
    return bonus;
}

const QuickBattleMargin& QuickBattleRules::margin_row(int margin) const {
    const QuickBattleMargin* found = &margins.front();
    for (const auto& row : margins)
        if (margin >= row.min_margin) found = &row;
    return *found;
}

}  // namespace umpire::rules
