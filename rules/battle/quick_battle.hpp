#pragma once
// Quick battle: a battle settled by one die a side instead of on the table. The result
// feeds from the withdraw disengagement on.
#include <optional>
#include <string>
#include <vector>

#include "rules/battle/battle_outcome.hpp"
#include "rules/disengagement/disengagement.hpp"
#include "umpire/rules/dice.hpp"
#include "umpire/rules/events.hpp"
#include "umpire/rules/ruleset.hpp"

namespace umpire::rules {

struct EngagedRegiment {
    std::string regiment;
    int figures = 0;  // current strength
};

// What looks at for one side.
struct QuickBattleSide {
    std::string side;
    std::vector<EngagedRegiment> regiments;  // the engaged regiments
    bool formed = false;                     // in formed order
    bool favoured_terrain = false;           // the battlefield favours its main troop class
    bool supported = false;                  // an ally in the support role
};

using RegimentFiguresLost = shape::RegimentFigures;  // `regiment`, `figures`

struct QuickBattleSideResult {
    std::string side;
    int elements = 0;  // for the strength ratio
    int die = 0;
    NamedModifiers modifiers;  // ratio, formed, favoured_terrain, supported: those that apply
    int total = 0;
    BattleOutcome outcome = BattleOutcome::won;
    int loss_percent = 0;
    std::vector<RegimentFiguresLost> losses;  // per engaged regiment, rounded half up
    std::optional<WithdrawState> withdraw_state;  // the loser's state as it leaves
};

struct QuickBattleResult {
    int margin = 0;  // high total - low total
    QuickBattleSideResult attacker;
    QuickBattleSideResult defender;
};

// the attacker's d6 then the defender's (purpose "quick battle"), each plus the best ratio
// bonus for its elements against the opponent's, formed, favoured terrain and support bonuses.
// The margin row of ruleset.quick_battle gives the loser (the attacker, or the lower total), its
// outcome and state, and both sides' loss percentages: each engaged regiment loses that
// percentage of its figures, rounded half up. Records the rolls and one "quick_battle" event.
QuickBattleResult resolve_quick_battle(const Ruleset& ruleset, const QuickBattleSide& attacker,
                                       const QuickBattleSide& defender, DiceSource& dice,
                                       EventLog& log, const FieldValue& audience = "all");

// A percentage of `figures`, rounded half up.
int percent_of_figures(int figures, int percent);

std::string to_string(WithdrawState s);

}  // namespace umpire::rules
