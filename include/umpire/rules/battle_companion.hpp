#pragma once
// The battle companion (RULEBOOK ): optional live tracking of a tabletop battle between its
// opening and its report. A deterministic state machine: a start description, then actions
// applied one by one with a DiceSource (only start_bound rolls: the moving side's PIP die). The
// server persists the accepted actions and replays them: same start + same actions + same dice
// = the same state, byte for byte as written (documents/battle_companion_json.hpp).
//
// Bounds: the attacker has the first bound, then they alternate; bound number n is the pair
// (attacker's n-th bound, defender's n-th bound), so it counts the defender's bounds as the time
// limit and the report do. The time limit ends the battle at the end of the
// defender's time_limit-th bound.
//
// Lost counts and one-third are live after every action. The verdict (who is defeated: at
// most one army, for good) is taken at the end of each bound, as DBA checks it, so both armies'
// losses in a bound count together; a declaration at one-third defeats at once, and an army
// gone from the table is judged before the battle ends. companion_report gives the
// report the record implies, from which judge_battle derives the same outcome.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "rules/battle/battle_outcome.hpp"
#include "umpire/rules/battle_record.hpp"
#include "umpire/rules/dice.hpp"
#include "umpire/rules/ruleset.hpp"

namespace umpire::rules {

// ---- The start ------------------------------------------------------------------------------

struct CompanionRegiment {
    std::string regiment;  // the regiment key, e.g. "force/regiment"
    int elements = 0;      // regiment_elements(figures)
    int figures = 0;       // at the start; 0: elements x figures_per_element
};

struct CompanionSide {
    std::string side;                        // the campaign side id
    std::vector<CompanionRegiment> regiments;  // engaged regiments; starting elements = their sum
    bool cinc_present = true;                // a withdrawal costs more without the CinC
    bool camp = true;                        // the army has a camp that can be lost or evacuated
};

struct CompanionStart {
    CompanionSide attacker;
    CompanionSide defender;
    int time_limit = 0;  // defender bounds (battle_time_limit)
};

// ---- Actions --------------------------------------------------------------------------------

enum class CompanionActionKind {
    start_bound,         // the next bound begins; the moving side's PIP die is rolled ("pip")
    end_bound,           // the running bound ends (the time limit is checked here)
    lose_element,        // one element of `regiment` destroyed
    lose_camp,           // the camp is lost (sacked)
    lose_general,        // the general is lost; his element must be recorded by lose_element
                         // first (R-8.4 counts it among the elements lost)
    declare_withdrawal,  // voluntary, irrevocable; in the side's own bound
    evacuate_camp,       // during the side's withdrawal, in its own bound
    leave_table,         // `elements` of `regiment` leave the table
};

// How elements leave the table: across their own rear edge in good order (saved; only a
// withdrawing or defeated army, in its own bound), or recoiling/fleeing off any edge (destroyed:
// they count as elements lost).
enum class LeaveHow { good_order, routed };

struct CompanionAction {
    CompanionActionKind kind = CompanionActionKind::start_bound;
    BattleRole side = BattleRole::attacker;  // every action but start_bound and end_bound
    std::string regiment;                          // lose_element, leave_table
    int elements = 1;                              // leave_table
    LeaveHow how = LeaveHow::good_order;           // leave_table
    bool enemy_in_contact_with_camp = false;       // evacuate_camp: refused when true

    bool operator==(const CompanionAction&) const = default;
};

// ---- State ----------------------------------------------------------------------------------

struct CompanionRegimentRecord {
    CompanionRegiment start;
    int lost = 0;                   // elements destroyed, routed off included
    int lost_after_withdrawal = 0;  // of those, after the side began to withdraw
    int routed_off = 0;             // elements that fled off the table (among `lost`)
    int off_in_good_order = 0;      // elements that left across the rear edge (saved)

    int on_table() const { return start.elements - lost - off_in_good_order; }
};

struct CompanionSideRecord {
    std::string side;
    bool cinc_present = true;
    bool has_camp = true;
    std::vector<CompanionRegimentRecord> regiments;
    bool camp_lost = false;
    bool camp_evacuated = false;
    bool general_lost = false;
    std::optional<int> declared_bound;  // voluntary withdrawal
    std::optional<int> defeated_bound;  // a defeated army withdraws from then on

    int starting_elements() const;
    int elements_lost() const;
    int on_table() const;
    bool withdrawing() const { return declared_bound || defeated_bound; }
};

struct CompanionBound {
    int bound = 0;  // the pair number
    BattleRole side = BattleRole::attacker;
    int pips = 0;       // the PIP die
    int pips_left = 0;  // less what the companion charged (withdrawal, camp evacuation); PIPs
                        // spent on the table are not tracked
};

enum class CompanionEndReason { left_table, time_limit };

struct CompanionEnd {
    CompanionEndReason reason = CompanionEndReason::left_table;
    BattleOutcome attacker = BattleOutcome::won;
    BattleOutcome defender = BattleOutcome::won;
    bool darkness = false;  // the attacker withdrew under cover of darkness
    std::string rule;       // why, e.g. "R-8.5: the time limit ended the battle: ..."
};

struct CompanionState {
    BattleRules rules;  // pinned at the start, so replays and the report use the same values
    int time_limit = 0;
    CompanionSideRecord attacker;
    CompanionSideRecord defender;
    std::vector<CompanionBound> bounds;  // one per started bound, in order
    bool bound_running = false;          // between start_bound and end_bound
    std::optional<BattleRole> defeated;
    std::string defeat_rule;  // the clause that defeated it
    std::optional<CompanionEnd> end;

    CompanionSideRecord& side(BattleRole role) {
        return role == BattleRole::attacker ? attacker : defender;
    }
    const CompanionSideRecord& side(BattleRole role) const {
        return role == BattleRole::attacker ? attacker : defender;
    }
    int bound() const { return bounds.empty() ? 0 : bounds.back().bound; }
    bool ended() const { return end.has_value(); }
};

// Either a fresh state or a refusal naming the rule (no regiments, unknown elements, ...).
struct CompanionOpening {
    std::optional<CompanionState> state;
    std::string refusal;
};
CompanionOpening start_companion(const BattleRules& rules, const CompanionStart& start);

// Applies one action. nullopt: applied. Otherwise the refusal, naming the rule ("R-8.3: a
// withdrawal costs 5 PIPs; 3 left"); a refused action changes nothing and rolls no dice.
std::optional<std::string> apply_companion_action(CompanionState& state,
                                                  const CompanionAction& action, DiceSource& dice);

// Replays persisted actions from the start. Stops at the first refusal (which a persisted list of
// accepted actions never has) and says where.
struct CompanionReplay {
    CompanionOpening opening;               // the state after the last applied action, or the
                                            // refusal (of the start or of the action refused)
    std::optional<std::size_t> refused_at;  // index of the refused action
};
CompanionReplay replay_companion(const BattleRules& rules, const CompanionStart& start,
                                 const std::vector<CompanionAction>& actions, DiceSource& dice);

// the count (elements + camp + general) and whether it reached one-third.
int companion_lost(const CompanionState& state, BattleRole role);
bool companion_one_third(const CompanionState& state, BattleRole role);

// The report the record implies. Losses per regiment with those after the side began to
// withdraw; figures off the table; a defeated army's forced withdrawal is reported as declared
// in the bound of its defeat. Meant for an ended battle; before the end it is the record so far.
BattleReport companion_report(const CompanionState& state);

}  // namespace umpire::rules
