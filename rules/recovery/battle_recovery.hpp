#pragma once
// Post-battle recovery: a d6 per element lost in the battle, or the fixed-shares option,
// then the general and camp penalties. Only battle losses are recovered: disengagement losses
// never reach this function.
#include <string>
#include <vector>

#include "rules/battle/battle_outcome.hpp"
#include "rules/events/shapes.generated.hpp"
#include "umpire/rules/dice.hpp"
#include "umpire/rules/events.hpp"

namespace umpire::rules {

// `regiment`, `lost` (elements lost in the battle) and `recovered` (the default choice: each
// success brings back the element it was rolled for). The shape the events show it as.
using RegimentRecovery = shape::RegimentRecovery;

struct BattleRecovery {
    std::string side;
    BattleOutcome outcome = BattleOutcome::won;
    bool fixed_shares = false;
    std::vector<int> dice;  // in roll order; empty with fixed shares
    std::vector<RegimentRecovery> regiments;
    int recovered = 0;  // elements back; the owner chooses which
    int penalty = 0;    // elements lost after the rolls for the general and camp; owner's choice
};

// for one army: `report` gives its battle losses (per regiment, with those lost after its
// withdrawal declaration), general and camp; `outcome` is its derived outcome. Dice: one d6 per
// lost element (purpose "recovery"), regiments in report order, within each the elements lost
// before the declaration first. A success needs the outcome's die_needed; an element lost after
// the declaration needs after_withdrawal_declared (never less than the outcome's). With
// fixed_shares: the outcome's percentage of all elements lost, rounded down, shared among the
// regiments in proportion (largest remainder), no dice. Records the rolls and one
// "battle_recovery" event, all with `audience`.
BattleRecovery resolve_recovery(const RecoveryRules& rules, const SideReport& report,
                                BattleOutcome outcome, DiceSource& dice, EventLog& log,
                                const FieldValue& audience = "all");

// elements lost after the rolls: general_lost_penalty + camp_lost_penalty as they apply.
int recovery_penalty(const RecoveryRules& rules, bool general_lost, bool camp_lost);

}  // namespace umpire::rules
