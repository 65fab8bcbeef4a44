#pragma once
// Battle accounting (RULEBOOK ): elements, the time limit, PIP costs, the battle
// report of each side and the outcome derived from it by. A report that contradicts
// those rules is refused with the rule it breaks. Pure: no dice, no state.
#include <optional>
#include <string>
#include <vector>

#include "umpire/rules/ruleset.hpp"
#include "umpire/rules/world.hpp"

namespace umpire::rules {

// the three outcomes per side.
enum class BattleOutcome { won, defeated, withdrew };
std::string to_string(BattleOutcome o);

// ---- elements -------------------------------------------------------------------------

// Elements of a regiment of `figures`: figures / figures_per_element, rounded up [H] (a remnant
// still fields an element). 0 figures: 0 elements.
int regiment_elements(const BattleRules& rules, int figures);
// A side's starting elements: the sum over its engaged regiments.
int starting_elements(const BattleRules& rules, const std::vector<const Regiment*>& engaged);
// Figures that `elements` lost elements stand for, at most the regiment's `figures`.
int figures_for_elements(const BattleRules& rules, int elements, int figures);

// ---- time limit and PIP costs ----------------------------------------------------------

// Bounds of the defender: daylight = max(minimum, bounds_per_hour * max(0, end - hour));
// dba = dba_bounds.
int battle_time_limit(const BattleRules& rules, int contact_hour);
// A voluntary withdrawal: withdrawal_pips, or withdrawal_pips_without_cinc when the CinC is absent.
int withdrawal_pip_cost(const BattleRules& rules, bool cinc_present);

// ---- the report ------------------------------------------------------------------------

struct RegimentLoss {
    std::string regiment;
    int elements = 0;          // elements of this regiment lost in the battle
    int after_withdrawal = 0;  // of those, lost after the army declared a withdrawal
    friend bool operator==(const RegimentLoss&, const RegimentLoss&) = default;
};

struct SideReport {
    std::string side;
    int starting_elements = 0;
    std::vector<RegimentLoss> losses;
    int figures_off_in_good_order = 0;  // moved off behind the baseline in good order
    int figures_routed_off = 0;         // routed off the table
    bool camp_lost = false;
    bool camp_evacuated = false;  // during a withdrawal; an evacuated camp is not lost
    bool general_lost = false;    // his own element is among `losses`
    std::optional<int> withdrawal_bound;  // declared a withdrawal in this bound (1-based)
    // What the side says its outcome was; checked against the derived one when present.
    std::optional<BattleOutcome> claimed;

    int elements_lost() const;
    int elements_lost_after_withdrawal() const;
    friend bool operator==(const SideReport&, const SideReport&) = default;
};

struct BattleReport {
    SideReport attacker;
    SideReport defender;
    int bounds = 0;                    // the bound the battle ended in (defender's bounds, R-8.3)
    bool time_limit_reached = false;   // ended by the time limit
    friend bool operator==(const BattleReport&, const BattleReport&) = default;
};

// ---- the outcome ---------------------------------------------------------------

struct SideOutcome {
    BattleOutcome outcome = BattleOutcome::won;
    int lost = 0;              // elements + camp + general
    bool one_third = false;    // ratio * lost >= starting elements
    bool darkness = false;     // attacker removed at the time limit: no withdraw roll
    // makes the withdraw disengagement against the winner.
    bool withdraw_disengagement = false;
};

struct BattleResult {
    SideOutcome attacker;
    SideOutcome defender;
    bool pursuit = false;  // the winner may order aggressive pursuit (none when both withdrew)
    std::string rule;      // the clause that decided, e.g. "R-8.4: the defender lost one-third"
};

// Either a result or a refusal naming the rule the report breaks ("R-8.4: ...").
struct BattleJudgement {
    std::optional<BattleResult> result;
    std::string refusal;

    bool accepted() const { return result.has_value(); }
};

// count: elements lost + camp_lost_counts if the camp was lost + general_lost_counts if the
// general was.
int battle_lost(const BattleRules& rules, const SideReport& side);
// defeat_ratio * lost >= starting elements.
bool reached_one_third(const BattleRules& rules, int lost, int starting_elements);

// Checks the report against and derives each side's outcome. `time_limit` is the
// battle's limit in bounds (battle_time_limit).
BattleJudgement judge_battle(const BattleRules& rules, const BattleReport& report, int time_limit);

// One side's result as the battle_result event shows it.
shape::BattleSideResult side_result(const SideReport& report, const SideOutcome& outcome);

}  // namespace umpire::rules
