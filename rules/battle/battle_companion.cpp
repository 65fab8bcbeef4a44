// The battle companion: actions checked and applied, R-8.4 defeat (at bound ends) and
// the end detected, the report the record implies (documents/battle_companion_json
// reads actions and writes actions and state).
#include <algorithm>
#include <array>
#include <utility>

#include "umpire/rules/battle_companion.hpp"

namespace umpire::rules {

namespace {

using Refusal = std::optional<std::string>;
using Kind = CompanionActionKind;

std::string num(long long n) { return std::to_string(n); }

BattleRole opponent(BattleRole role) {
    return role == BattleRole::attacker ? BattleRole::defender : BattleRole::attacker;
}

std::string the(BattleRole role) { return "the " + to_string(role); }

// "3 × 4 ≥ 12": the comparison spelled out, as battle_judgement words it.
std::string third_text(const BattleRules& rules, int lost, int starting) {
    return num(rules.defeat_ratio) + " × " + num(lost) + " ≥ " + num(starting);
}

// ---- Lookups --------------------------------------------------------------------------------

CompanionRegimentRecord* find_regiment(CompanionSideRecord& side, const std::string& key) {
    for (auto& r : side.regiments)
        if (r.start.regiment == key) return &r;
    return nullptr;
}

// ---- detection ----------------------------------------------------------------

void defeat(CompanionState& s, BattleRole loser, std::string rule) {
    s.defeated = loser;
    s.defeat_rule = std::move(rule);
    s.side(loser).defeated_bound = s.bound();  // it must withdraw from now on
}

// on the totals so far. Called only while nobody is defeated: a defeat is final.
void detect_defeat(CompanionState& s) {
    const bool attacker_declared = s.attacker.declared_bound.has_value();
    const bool defender_declared = s.defender.declared_bound.has_value();
    if (attacker_declared && defender_declared) return;  // [H] neither can be defeated
    if (attacker_declared || defender_declared) {
        // The opponent of a withdrawing army cannot be defeated; the withdrawer can.
        const BattleRole w =
            attacker_declared ? BattleRole::attacker : BattleRole::defender;
        if (companion_one_third(s, w))
            defeat(s, w,
                   "R-8.4: " + the(w) + " lost one-third while withdrawing (" +
                       third_text(s.rules, companion_lost(s, w),
                                  s.side(w).starting_elements()) + ")");
        return;
    }
    const bool attacker_third = companion_one_third(s, BattleRole::attacker);
    const bool defender_third = companion_one_third(s, BattleRole::defender);
    const int attacker_lost = companion_lost(s, BattleRole::attacker);
    const int defender_lost = companion_lost(s, BattleRole::defender);
    if (attacker_third && defender_third) {
        if (attacker_lost == defender_lost) return;  // equal: the battle goes on
        const BattleRole loser = attacker_lost > defender_lost ? BattleRole::attacker
                                                                  : BattleRole::defender;
        defeat(s, loser,
               "R-8.4: both armies lost one-third and " + the(loser) + " lost more (" +
                   num(std::max(attacker_lost, defender_lost)) + " against " +
                   num(std::min(attacker_lost, defender_lost)) + ")");
    } else if (attacker_third || defender_third) {
        const BattleRole loser =
            attacker_third ? BattleRole::attacker : BattleRole::defender;
        defeat(s, loser,
               "R-8.4: " + the(loser) + " lost one-third (" +
                   third_text(s.rules, companion_lost(s, loser),
                              s.side(loser).starting_elements()) + ")");
    }
}

void finish(CompanionState& s, CompanionEndReason reason) {
    CompanionEnd e;
    e.reason = reason;
    auto set = [&e](BattleRole role, BattleOutcome outcome) {
        (role == BattleRole::attacker ? e.attacker : e.defender) = outcome;
    };
    if (s.defeated) {
        // A defeat stands over the time limit: it decided the battle first.
        set(*s.defeated, BattleOutcome::defeated);
        set(opponent(*s.defeated), BattleOutcome::won);
        e.rule = s.defeat_rule;
    } else if (s.attacker.declared_bound && s.defender.declared_bound) {
        set(BattleRole::attacker, BattleOutcome::withdrew);
        set(BattleRole::defender, BattleOutcome::withdrew);
        e.rule = "R-8.4: both armies declared a withdrawal: both withdrew and nobody pursues";
    } else if (reason == CompanionEndReason::time_limit) {
        // Literally, even when the defender had declared a withdrawal and not yet left.
        set(BattleRole::attacker, BattleOutcome::withdrew);
        set(BattleRole::defender, BattleOutcome::won);
        e.darkness = true;
        e.rule = "R-8.5: the time limit ended the battle: the defender won, the attacker "
                 "withdrew under cover of darkness";
    } else {
        const BattleRole w = s.attacker.declared_bound ? BattleRole::attacker
                                                          : BattleRole::defender;
        set(w, BattleOutcome::withdrew);
        set(opponent(w), BattleOutcome::won);
        e.rule = "R-8.5: " + the(w) + " withdrew";
    }
    s.end = std::move(e);
}

// the whole defeated army, or else the whole withdrawing army (both, when both declared),
// is off the table or destroyed.
bool army_gone(const CompanionState& s) {
    if (s.defeated) return s.side(*s.defeated).on_table() == 0;
    if (!s.attacker.declared_bound && !s.defender.declared_bound) return false;
    return (!s.attacker.declared_bound || s.attacker.on_table() == 0) &&
           (!s.defender.declared_bound || s.defender.on_table() == 0);
}

// After an applied action: is judged at the end of each bound, so both armies' losses of
// a bound count together (DBA checks defeat at the end of a bound; only then can both reach
// one-third at once). The battle ends when the army is gone (judged first: it may have been
// destroyed down to one-third), or at the end of the defender's time_limit-th bound.
void settle(CompanionState& s, bool bound_ended) {
    if (s.ended()) return;
    if (bound_ended && !s.defeated) detect_defeat(s);
    if (army_gone(s)) {
        if (!s.defeated) detect_defeat(s);
        return finish(s, CompanionEndReason::left_table);
    }
    if (bound_ended && s.bounds.back().side == BattleRole::defender &&
        s.bounds.back().bound >= s.time_limit)
        finish(s, CompanionEndReason::time_limit);
}

// ---- The actions ----------------------------------------------------------------------------

Refusal start_bound(CompanionState& s, DiceSource& dice) {
    if (s.bound_running)
        return "R-8.3: bound " + num(s.bound()) + " of " + the(s.bounds.back().side) +
               " is still running; end it first";
    CompanionBound next;
    if (s.bounds.empty()) {
        next.bound = 1;  // the attacker has the first bound
    } else if (s.bounds.back().side == BattleRole::attacker) {
        next.bound = s.bound();
        next.side = BattleRole::defender;
    } else {
        next.bound = s.bound() + 1;
    }
    next.pips = dice.roll(6, "pip");  // the moving side's PIP die, once per bound
    next.pips_left = next.pips;
    s.bounds.push_back(next);
    s.bound_running = true;
    return std::nullopt;
}

Refusal require_own_bound(const CompanionState& s, BattleRole side, const std::string& what) {
    if (s.bounds.back().side != side)
        return what + " only in " + the(side) + "'s own bound; bound " + num(s.bound()) +
               " is " + the(s.bounds.back().side) + "'s";
    return std::nullopt;
}

Refusal lose_element(CompanionState& s, const CompanionAction& a) {
    CompanionSideRecord& side = s.side(a.side);
    CompanionRegimentRecord* regiment = find_regiment(side, a.regiment);
    if (!regiment)
        return "R-8.2: " + the(a.side) + " has no engaged regiment " + a.regiment;
    if (regiment->on_table() < 1)
        return "R-8.5: regiment " + a.regiment + " of " + the(a.side) +
               " has no element left on the table";
    ++regiment->lost;
    if (side.withdrawing()) ++regiment->lost_after_withdrawal;  // recovers these on 6
    return std::nullopt;
}

Refusal lose_camp(CompanionState& s, BattleRole role) {
    CompanionSideRecord& side = s.side(role);
    if (!side.has_camp) return "R-8.4: " + the(role) + " has no camp";
    if (side.camp_lost) return "R-8.4: " + the(role) + "'s camp is already lost";
    if (side.camp_evacuated)
        return "R-8.3: " + the(role) + " evacuated its camp, and an evacuated camp is not lost";
    side.camp_lost = true;
    return std::nullopt;
}

Refusal lose_general(CompanionState& s, BattleRole role) {
    CompanionSideRecord& side = s.side(role);
    if (side.general_lost) return "R-8.4: " + the(role) + "'s general is already lost";
    // counts his element among the elements lost: the caller records it first.
    if (side.elements_lost() == 0)
        return "R-8.4: the general's own element counts among the elements lost; " + the(role) +
               " has lost none: record lose_element first";
    side.general_lost = true;
    return std::nullopt;
}

Refusal declare_withdrawal(CompanionState& s, BattleRole role) {
    CompanionSideRecord& side = s.side(role);
    if (side.declared_bound)
        return "R-8.3: " + the(role) + " declared a withdrawal in bound " +
               num(*side.declared_bound) + ", and a withdrawal cannot be cancelled or repeated";
    if (s.defeated == role)
        return "R-8.4: " + the(role) + " is defeated and already withdraws, at no PIP cost";
    if (s.defeated)
        return "R-8.4: " + the(opponent(role)) + " is defeated, so " + the(role) + " has won";
    if (auto why = require_own_bound(s, role, "R-8.3: a withdrawal is declared")) return why;
    // 5 PIPs, 6 without the CinC (absent from the start, or the general lost).
    const bool cinc = side.cinc_present && !side.general_lost;
    const int cost = withdrawal_pip_cost(s.rules, cinc);
    CompanionBound& bound = s.bounds.back();
    if (bound.pips_left < cost)
        return "R-8.3: a withdrawal costs " + num(cost) + " PIPs" +
               (cinc ? "" : " without the CinC") + "; " + num(bound.pips_left) + " left";
    bound.pips_left -= cost;
    side.declared_bound = s.bound();
    // an army that had already lost one-third and then declares is defeated, unless its
    // opponent had declared in an earlier bound (then it could no longer be defeated). Timed as
    // the report times it (docs/rules-notes.md, "Loss timing"): elements only, and the same bound
    // number counts as not earlier, so judge_battle derives the same outcome from the report.
    const auto& other = s.side(opponent(role));
    const bool opponent_declared_earlier =
        other.declared_bound && *other.declared_bound < s.bound();
    if (!opponent_declared_earlier &&
        reached_one_third(s.rules, side.elements_lost(), side.starting_elements()))
        defeat(s, role,
               "R-8.4: " + the(role) + " had lost one-third (" +
                   third_text(s.rules, side.elements_lost(), side.starting_elements()) +
                   ") when it declared a withdrawal");
    return std::nullopt;
}

Refusal evacuate_camp(CompanionState& s, const CompanionAction& a) {
    CompanionSideRecord& side = s.side(a.side);
    if (!side.withdrawing())
        return "R-8.3: the camp may be evacuated only during a withdrawal, and " + the(a.side) +
               " is not withdrawing";
    if (auto why = require_own_bound(s, a.side, "R-8.3: the camp is evacuated")) return why;
    if (!side.has_camp) return "R-8.3: " + the(a.side) + " has no camp";
    if (side.camp_lost) return "R-8.3: " + the(a.side) + "'s camp is already lost";
    if (side.camp_evacuated) return "R-8.3: " + the(a.side) + "'s camp is already evacuated";
    if (a.enemy_in_contact_with_camp)
        return "R-8.3: the camp cannot be evacuated while an enemy element is in contact with it";
    CompanionBound& bound = s.bounds.back();
    if (bound.pips_left < s.rules.camp_evacuation_pips)
        return "R-8.3: evacuating the camp costs " + num(s.rules.camp_evacuation_pips) +
               " PIPs; " + num(bound.pips_left) + " left";
    bound.pips_left -= s.rules.camp_evacuation_pips;
    side.camp_evacuated = true;
    return std::nullopt;
}

Refusal leave_table(CompanionState& s, const CompanionAction& a) {
    CompanionSideRecord& side = s.side(a.side);
    CompanionRegimentRecord* regiment = find_regiment(side, a.regiment);
    if (!regiment)
        return "R-8.2: " + the(a.side) + " has no engaged regiment " + a.regiment;
    if (a.elements < 1) return "R-8.5: at least one element leaves the table";
    if (a.elements > regiment->on_table())
        return "R-8.5: regiment " + a.regiment + " of " + the(a.side) + " has " +
               num(regiment->on_table()) + " elements on the table, not " + num(a.elements);
    if (a.how == LeaveHow::routed) {
        // Recoiling or fleeing off any edge destroys the element.
        regiment->lost += a.elements;
        regiment->routed_off += a.elements;
        if (side.withdrawing()) regiment->lost_after_withdrawal += a.elements;
        return std::nullopt;
    }
    if (!side.withdrawing())
        return "R-8.5: only a withdrawing or defeated army moves off across its rear edge, and " +
               the(a.side) + " is neither";
    if (auto why = require_own_bound(s, a.side, "R-8.5: elements move off in good order"))
        return why;
    regiment->off_in_good_order += a.elements;
    return std::nullopt;
}

// Checks and applies one action to `s`; nothing is settled yet.
Refusal apply_to(CompanionState& s, const CompanionAction& a, DiceSource& dice) {
    if (s.ended()) return "R-8.5: the battle has ended (" + s.end->rule + ")";
    if (a.kind == Kind::start_bound) return start_bound(s, dice);
    if (!s.bound_running) return "R-8.3: no bound is running; start_bound first";
    switch (a.kind) {
        case Kind::start_bound: break;
        case Kind::end_bound: s.bound_running = false; return std::nullopt;
        case Kind::lose_element: return lose_element(s, a);
        case Kind::lose_camp: return lose_camp(s, a.side);
        case Kind::lose_general: return lose_general(s, a.side);
        case Kind::declare_withdrawal: return declare_withdrawal(s, a.side);
        case Kind::evacuate_camp: return evacuate_camp(s, a);
        case Kind::leave_table: return leave_table(s, a);
    }
    return std::nullopt;
}

Refusal check_side(const BattleRules& rules, const CompanionSide& side, BattleRole role) {
    if (side.regiments.empty()) return "R-8.2: " + the(role) + " has no engaged regiment";
    for (std::size_t i = 0; i < side.regiments.size(); ++i) {
        const CompanionRegiment& r = side.regiments[i];
        if (r.regiment.empty()) return "R-8.2: a regiment of " + the(role) + " has no key";
        if (r.elements < 1)
            return "R-8.2: regiment " + r.regiment + " of " + the(role) + " fields no element";
        if (r.figures < 0 || (r.figures > 0 && regiment_elements(rules, r.figures) != r.elements))
            return "R-8.2: regiment " + r.regiment + " of " + the(role) + " has " +
                   num(r.figures) + " figures, which field " +
                   num(regiment_elements(rules, r.figures)) + " elements, not " +
                   num(r.elements);
        for (std::size_t j = 0; j < i; ++j)
            if (side.regiments[j].regiment == r.regiment)
                return "R-8.2: regiment " + r.regiment + " of " + the(role) + " is listed twice";
    }
    return std::nullopt;
}

CompanionSideRecord side_record(const CompanionSide& side) {
    CompanionSideRecord record;
    record.side = side.side;
    record.cinc_present = side.cinc_present;
    record.has_camp = side.camp;
    for (const auto& r : side.regiments) record.regiments.push_back({r});
    return record;
}

// ---- The report -----------------------------------------------------------------------------

SideReport side_report(const BattleRules& rules, const CompanionSideRecord& side) {
    SideReport r;
    r.side = side.side;
    r.starting_elements = side.starting_elements();
    for (const auto& reg : side.regiments) {
        r.losses.push_back({reg.start.regiment, reg.lost, reg.lost_after_withdrawal});
        // Figures for elements, never more than the regiment had (a remnant element counts its
        // own figures, here on the routed side when both apply).
        const int figures = reg.start.figures > 0
                                ? reg.start.figures
                                : reg.start.elements * std::max(1, rules.figures_per_element);
        const int good = figures_for_elements(rules, reg.off_in_good_order, figures);
        const int both =
            figures_for_elements(rules, reg.off_in_good_order + reg.routed_off, figures);
        r.figures_off_in_good_order += good;
        r.figures_routed_off += both - good;
    }
    r.camp_lost = side.camp_lost;
    r.camp_evacuated = side.camp_evacuated;
    r.general_lost = side.general_lost;
    // A defeated army's forced withdrawal counts as declared when it was defeated.
    r.withdrawal_bound = side.declared_bound ? side.declared_bound : side.defeated_bound;
    return r;
}

}  // namespace


int CompanionSideRecord::starting_elements() const {
    int total = 0;
    for (const auto& r : regiments) total += r.start.elements;
    return total;
}

int CompanionSideRecord::elements_lost() const {
    int total = 0;
    for (const auto& r : regiments) total += r.lost;
    return total;
}

int CompanionSideRecord::on_table() const {
    int total = 0;
    for (const auto& r : regiments) total += r.on_table();
    return total;
}

int companion_lost(const CompanionState& state, BattleRole role) {
    const CompanionSideRecord& side = state.side(role);
    return side.elements_lost() + (side.camp_lost ? state.rules.camp_lost_counts : 0) +
           (side.general_lost ? state.rules.general_lost_counts : 0);
}

bool companion_one_third(const CompanionState& state, BattleRole role) {
    return reached_one_third(state.rules, companion_lost(state, role),
                             state.side(role).starting_elements());
}

CompanionOpening start_companion(const BattleRules& rules, const CompanionStart& start) {
    if (start.time_limit < 1)
        return {std::nullopt, "R-8.3: the time limit must be a bound or more"};
    if (auto why = check_side(rules, start.attacker, BattleRole::attacker))
        return {std::nullopt, *why};
    if (auto why = check_side(rules, start.defender, BattleRole::defender))
        return {std::nullopt, *why};
    CompanionState s;
    s.rules = rules;
    s.time_limit = start.time_limit;
    s.attacker = side_record(start.attacker);
    s.defender = side_record(start.defender);
    return {std::move(s), ""};
}

std::optional<std::string> apply_companion_action(CompanionState& state,
                                                  const CompanionAction& action,
                                                  DiceSource& dice) {
    // Work on a copy: a refusal leaves the state exactly as it was.
    CompanionState next = state;
    if (auto why = apply_to(next, action, dice)) return why;
    settle(next, action.kind == CompanionActionKind::end_bound);
    state = std::move(next);
    return std::nullopt;
}

CompanionReplay replay_companion(const BattleRules& rules, const CompanionStart& start,
                                 const std::vector<CompanionAction>& actions, DiceSource& dice) {
    CompanionReplay replay{start_companion(rules, start), std::nullopt};
    if (!replay.opening.state) return replay;
    for (std::size_t i = 0; i < actions.size(); ++i) {
        if (auto why = apply_companion_action(*replay.opening.state, actions[i], dice)) {
            replay.opening.refusal = *why;
            replay.refused_at = i;
            break;
        }
    }
    return replay;
}

BattleReport companion_report(const CompanionState& state) {
    BattleReport report;
    report.attacker = side_report(state.rules, state.attacker);
    report.defender = side_report(state.rules, state.defender);
    report.bounds = state.bound();
    report.time_limit_reached =
        state.end && state.end->reason == CompanionEndReason::time_limit;
    return report;
}

}  // namespace umpire::rules
