// a battle report checked against, and the outcome derived from it by
// A contradiction is refused with the rule it breaks.
#include <algorithm>
#include <optional>

#include "rules/battle/battle_outcome.hpp"

namespace umpire::rules {

namespace {

using Refusal = std::optional<std::string>;

std::string num(long long n) { return std::to_string(n); }

// "3 × 4 ≥ 12" / "3 × 3 < 12": the comparison spelled out.
std::string third_text(const BattleRules& rules, int lost, int starting) {
    const long long product = static_cast<long long>(rules.defeat_ratio) * lost;
    return num(rules.defeat_ratio) + " × " + num(lost) + (product >= starting ? " ≥ " : " < ") +
           num(starting);
}

Refusal check_bounds(const BattleReport& report, int time_limit) {
    if (report.bounds < 1) return "R-8.3: a battle lasts at least one bound";
    if (report.bounds > time_limit)
        return "R-8.3: the battle ended in bound " + num(report.bounds) +
               ", past its time limit of " + num(time_limit) + " bounds";
    if (report.time_limit_reached && report.bounds != time_limit)
        return "R-8.5: the time limit ends a battle in bound " + num(time_limit) + ", not " +
               num(report.bounds);
    return std::nullopt;
}

Refusal check_side(const BattleRules& rules, const SideReport& s, const std::string& who,
                   int bounds) {
    if (s.starting_elements < 1) return "R-8.2: " + who + " has no starting elements";
    for (const auto& l : s.losses) {
        if (l.elements < 0 || l.after_withdrawal < 0)
            return "R-8.6: " + who + " reports negative losses for regiment " + l.regiment;
        if (l.after_withdrawal > l.elements)
            return "R-8.6: " + who + " lost " + num(l.after_withdrawal) + " elements of regiment " +
                   l.regiment + " after its withdrawal but only " + num(l.elements) + " in all";
    }
    const int lost = s.elements_lost();
    if (lost > s.starting_elements)
        return "R-8.4: " + who + " lost " + num(lost) + " elements of " +
               num(s.starting_elements) + " starting elements";
    if (s.general_lost && lost == 0)
        return "R-8.4: " + who + " lost its general, whose own element must be among the "
               "elements lost";
    if (s.camp_lost && s.camp_evacuated)
        return "R-8.3: " + who + " evacuated its camp, and an evacuated camp is not lost";
    if (s.camp_evacuated && !s.withdrawal_bound)
        return "R-8.3: " + who + " evacuated its camp without declaring a withdrawal";
    if (s.elements_lost_after_withdrawal() > 0 && !s.withdrawal_bound)
        return "R-8.6: " + who + " reports elements lost after a withdrawal it never declared";
    if (s.withdrawal_bound && (*s.withdrawal_bound < 1 || *s.withdrawal_bound > bounds))
        return "R-8.5: " + who + " declared a withdrawal in bound " + num(*s.withdrawal_bound) +
               ", but the battle ended in bound " + num(bounds);
    const long long figures =
        static_cast<long long>(s.starting_elements) * std::max(1, rules.figures_per_element);
    if (s.figures_off_in_good_order < 0 || s.figures_routed_off < 0)
        return "R-8.6: " + who + " reports a negative number of figures off the table";
    if (s.figures_off_in_good_order + static_cast<long long>(s.figures_routed_off) > figures)
        return "R-8.2: " + who + " moved off or routed " +
               num(s.figures_off_in_good_order + static_cast<long long>(s.figures_routed_off)) +
               " figures of its " + num(figures);
    return std::nullopt;
}

struct Party {
    const SideReport& report;
    SideOutcome& out;
    std::string who;
    int pre_lost = 0;  // elements lost before its own withdrawal declaration
};

void set(Party& p, BattleOutcome outcome) { p.out.outcome = outcome; }

// The one army defeated, the other won (R-8.4: only one army can be defeated).
void defeat(Party& loser, Party& winner) {
    set(loser, BattleOutcome::defeated);
    set(winner, BattleOutcome::won);
}

// the time limit: the defender won, the attacker withdrew under darkness.
std::string time_limit_ends(Party& attacker, Party& defender) {
    set(defender, BattleOutcome::won);
    set(attacker, BattleOutcome::withdrew);
    attacker.out.darkness = true;
    return "R-8.5: the time limit ended the battle: the defender won, the attacker withdrew "
           "under cover of darkness";
}

// on a checked report. Empty optional-result with a refusal when the report
// describes no ended battle.
BattleJudgement derive(const BattleRules& rules, const BattleReport& report, Party& a, Party& d) {
    BattleJudgement j;
    Party* parties[2] = {&a, &d};
    for (Party* p : parties) {
        p->out.lost = battle_lost(rules, p->report);
        p->out.one_third = reached_one_third(rules, p->out.lost, p->report.starting_elements);
        p->pre_lost = p->report.elements_lost() - p->report.elements_lost_after_withdrawal();
    }
    const auto declared = [](const Party& p) { return p.report.withdrawal_bound.has_value(); };
    // an army that had already lost one-third (elements lost before its declaration [H])
    // and then declares is defeated, unless the opponent had declared first (then it could not
    // be defeated any more).
    const auto declared_at_third = [&](const Party& p, const Party& o) {
        if (!declared(p) || !reached_one_third(rules, p.pre_lost, p.report.starting_elements))
            return false;
        return !declared(o) || *o.report.withdrawal_bound >= *p.report.withdrawal_bound;
    };
    const bool a_at_third = declared_at_third(a, d);
    const bool d_at_third = declared_at_third(d, a);
    std::string rule;
    if (a_at_third != d_at_third) {
        Party& loser = a_at_third ? a : d;
        Party& winner = a_at_third ? d : a;
        defeat(loser, winner);
        rule = "R-8.4: " + loser.who + " had lost one-third (" +
               third_text(rules, loser.pre_lost, loser.report.starting_elements) +
               ") when it declared a withdrawal";
    } else if (declared(a) && declared(d)) {
        // R-8.4 [H]: neither can be defeated; both withdrew and nobody pursues.
        set(a, BattleOutcome::withdrew);
        set(d, BattleOutcome::withdrew);
        rule = "R-8.4: both armies declared a withdrawal: both withdrew and nobody pursues";
    } else if (declared(a) || declared(d)) {
        Party& w = declared(a) ? a : d;
        Party& o = declared(a) ? d : a;
        // the opponent of a withdrawing army cannot be defeated; the withdrawer can.
        if (w.out.one_third) {
            defeat(w, o);
            rule = "R-8.4: " + w.who + " lost one-third while withdrawing (" +
                   third_text(rules, w.out.lost, w.report.starting_elements) + ")";
        } else if (report.time_limit_reached) {
            rule = time_limit_ends(a, d);
        } else {
            set(w, BattleOutcome::withdrew);
            set(o, BattleOutcome::won);
            rule = "R-8.5: " + w.who + " withdrew";
        }
    } else if (a.out.one_third && d.out.one_third && a.out.lost != d.out.lost) {
        Party& loser = a.out.lost > d.out.lost ? a : d;
        Party& winner = a.out.lost > d.out.lost ? d : a;
        defeat(loser, winner);
        rule = "R-8.4: both armies lost one-third and " + loser.who + " lost more (" +
               num(loser.out.lost) + " against " + num(winner.out.lost) + ")";
    } else if (a.out.one_third != d.out.one_third) {
        Party& loser = a.out.one_third ? a : d;
        Party& winner = a.out.one_third ? d : a;
        defeat(loser, winner);
        rule = "R-8.4: " + loser.who + " lost one-third (" +
               third_text(rules, loser.out.lost, loser.report.starting_elements) + ")";
    } else if (report.time_limit_reached) {
        rule = time_limit_ends(a, d);
    } else if (a.out.one_third) {
        j.refusal = "R-8.4: both armies lost one-third with equal losses (" + num(a.out.lost) +
                    " each): the battle goes on";
        return j;
    } else {
        j.refusal = "R-8.5: no army was defeated or withdrew and the time limit was not "
                    "reached: the battle has not ended";
        return j;
    }
    // the defeated or withdrawing force makes the withdraw disengagement against the
    // winner, who may pursue; a darkness withdrawal makes no roll, and with no winner nobody does.
    const bool has_winner =
        a.out.outcome == BattleOutcome::won || d.out.outcome == BattleOutcome::won;
    for (Party* p : parties)
        p->out.withdraw_disengagement =
            has_winner && p->out.outcome != BattleOutcome::won && !p->out.darkness;
    j.result = BattleResult{a.out, d.out, false, rule};
    j.result->pursuit = j.result->attacker.withdraw_disengagement ||
                        j.result->defender.withdraw_disengagement;
    return j;
}

// The sides' own claims, when given, must agree with the rules.
Refusal check_claims(const BattleRules& rules, const Party& a, const Party& d,
                     const BattleResult& result) {
    const auto& ca = a.report.claimed;
    const auto& cd = d.report.claimed;
    if (ca == BattleOutcome::won && cd == BattleOutcome::won)
        return "R-8.4: both sides claim a win, but only one army can win";
    if (ca == BattleOutcome::defeated && cd == BattleOutcome::defeated)
        return "R-8.4: both sides claim a defeat, but only one army can be defeated";
    for (const Party* p : {&a, &d}) {
        if (!p->report.claimed) continue;
        if (*p->report.claimed == BattleOutcome::defeated && !p->out.one_third)
            return "R-8.4: " + p->who + " claims a defeat below one-third (" +
                   third_text(rules, p->out.lost, p->report.starting_elements) + ")";
        const BattleOutcome derived =
            p == &a ? result.attacker.outcome : result.defender.outcome;
        if (*p->report.claimed != derived)
            return result.rule + "; " + p->who + " claims " + to_string(*p->report.claimed) +
                   " but the report gives " + to_string(derived);
    }
    return std::nullopt;
}

}  // namespace

BattleJudgement judge_battle(const BattleRules& rules, const BattleReport& report,
                             int time_limit) {
    BattleJudgement j;
    if (auto why = check_bounds(report, time_limit)) return {std::nullopt, *why};
    if (auto why = check_side(rules, report.attacker, "the attacker", report.bounds))
        return {std::nullopt, *why};
    if (auto why = check_side(rules, report.defender, "the defender", report.bounds))
        return {std::nullopt, *why};
    SideOutcome ao;
    SideOutcome dout;
    Party a{report.attacker, ao, "the attacker"};
    Party d{report.defender, dout, "the defender"};
    j = derive(rules, report, a, d);
    if (!j.accepted()) return j;
    if (auto why = check_claims(rules, a, d, *j.result)) return {std::nullopt, *why};
    return j;
}

}  // namespace umpire::rules
