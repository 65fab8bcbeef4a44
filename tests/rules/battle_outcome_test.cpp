// Battle accounting: elements, the time limit, PIP costs, worked example 12.3,
// one case per clause of, and reports refused with the rule they break.
#include <gtest/gtest.h>

#include "json_match.hpp"
#include "rules/battle/battle_outcome.hpp"
#include "shipped_ruleset.hpp"

namespace umpire::rules {
namespace {

using testing::json_mismatch;


const BattleRules& rules() { return valormr().battle; }

// A side with `starting` elements and `lost` elements lost in its first regiment.
SideReport side(std::string id, int starting, int lost = 0) {
    SideReport s;
    s.losses.push_back({id + "-1", lost, 0});
    s.side = std::move(id);
    s.starting_elements = starting;
    return s;
}

// A report of a battle ended in bound 3 of a 4-bound limit.
BattleReport report(SideReport attacker, SideReport defender, int bounds = 3) {
    BattleReport r;
    r.attacker = std::move(attacker);
    r.defender = std::move(defender);
    r.bounds = bounds;
    return r;
}

constexpr int kLimit = 4;

BattleResult accepted(const BattleReport& r) {
    const BattleJudgement j = judge_battle(rules(), r, kLimit);
    if (!j.accepted()) ADD_FAILURE() << "refused: " << j.refusal;
    return j.result.value_or(BattleResult{});
}

std::string refused(const BattleReport& r) {
    const BattleJudgement j = judge_battle(rules(), r, kLimit);
    EXPECT_FALSE(j.accepted());
    return j.refusal;
}

bool starts_with(const std::string& s, const std::string& prefix) {
    return s.rfind(prefix, 0) == 0;
}

using O = BattleOutcome;

// ---- R-8.2 / R-8.3 ---------------------------------------------------------------------------

TEST(BattleElements, FiguresPerElementFromTheRuleset) {
    EXPECT_EQ(rules().figures_per_element, 1);
    EXPECT_EQ(regiment_elements(rules(), 12), 12);
    BattleRules two = rules();
    two.figures_per_element = 2;
    EXPECT_EQ(regiment_elements(two, 8), 4);
    EXPECT_EQ(regiment_elements(two, 7), 4);  // a remnant fields an element
    EXPECT_EQ(regiment_elements(two, 0), 0);
    Regiment a{"a", "A", 7, {{"spear", 5, ""}, {"bow", 2, ""}}};
    Regiment b{"b", "B", 7, {{"knight", 3, ""}}};
    EXPECT_EQ(starting_elements(rules(), {&a, &b}), 10);
    EXPECT_EQ(starting_elements(two, {&a, &b}), 6);  // 4 + 2
    EXPECT_EQ(figures_for_elements(two, 3, 7), 6);
    EXPECT_EQ(figures_for_elements(two, 4, 7), 7);   // never more than the regiment
}

TEST(BattleTimeLimit, DaylightAndDba) {
    EXPECT_EQ(battle_time_limit(rules(), 10), 4);   // 12.1: max(4, 2 x (12 - 10))
    EXPECT_EQ(battle_time_limit(rules(), 5), 14);
    EXPECT_EQ(battle_time_limit(rules(), 11), 4);
    EXPECT_EQ(battle_time_limit(rules(), 14), 4);   // after daylight: the minimum
    BattleRules dba = rules();
    dba.time_limit_mode = TimeLimitMode::dba;
    EXPECT_EQ(battle_time_limit(dba, 10), 24);
}

TEST(BattlePips, WithdrawalCostsMoreWithoutTheCinc) {
    EXPECT_EQ(withdrawal_pip_cost(rules(), true), 5);
    EXPECT_EQ(withdrawal_pip_cost(rules(), false), 6);
}

// ---- Worked example 12.3 ---------------------------------------------------------------------

TEST(BattleDefeat, WorkedExample12_3) {
    // 12 elements, 2 lost and the camp: the equivalent of 4; 3 x 4 >= 12: defeated.
    SideReport army = side("army", 12, 2);
    army.camp_lost = true;
    EXPECT_EQ(battle_lost(rules(), army), 4);
    BattleResult r = accepted(report(army, side("foe", 12, 1)));
    EXPECT_EQ(r.attacker.outcome, O::defeated);
    EXPECT_EQ(r.defender.outcome, O::won);

    // 3 lost including the general: 5.
    SideReport with_general = side("army", 12, 3);
    with_general.general_lost = true;
    EXPECT_EQ(battle_lost(rules(), with_general), 5);

    // 13 starting elements: 4 lost is not enough (12 < 13), 5 is.
    EXPECT_FALSE(reached_one_third(rules(), 4, 13));
    EXPECT_TRUE(reached_one_third(rules(), 5, 13));
    EXPECT_TRUE(starts_with(refused(report(side("army", 13, 4), side("foe", 12, 0))), "R-8.5"));
    r = accepted(report(side("army", 13, 5), side("foe", 12, 0)));
    EXPECT_EQ(r.attacker.outcome, O::defeated);

    // Both at one-third with equal losses: play continues.
    const std::string why = refused(report(side("army", 12, 4), side("foe", 12, 4)));
    EXPECT_TRUE(starts_with(why, "R-8.4")) << why;
    EXPECT_NE(why.find("goes on"), std::string::npos) << why;
}

// ---- One case per clause of R-8.4 / R-8.5 ----------------------------------------------------

TEST(BattleDefeat, LostCountsCampAndGeneral) {
    SideReport s = side("a", 20, 3);
    s.general_lost = true;
    s.camp_lost = true;
    EXPECT_EQ(battle_lost(rules(), s), 3 + 2 + 2);  // the general's element is among the 3
}

TEST(BattleDefeat, OneThirdDefeatsAndTheOtherWins) {
    const BattleResult r = accepted(report(side("a", 12, 1), side("d", 12, 4)));
    EXPECT_EQ(r.defender.outcome, O::defeated);
    EXPECT_EQ(r.attacker.outcome, O::won);
    EXPECT_TRUE(r.defender.withdraw_disengagement);
    EXPECT_FALSE(r.attacker.withdraw_disengagement);
    EXPECT_TRUE(r.pursuit);
    EXPECT_TRUE(starts_with(r.rule, "R-8.4")) << r.rule;
}

TEST(BattleDefeat, OddStartingElementsRoundAgainstTheLoser) {
    // 7 elements: one-third is 2.33, so 2 lost is not enough and 3 is.
    EXPECT_TRUE(starts_with(refused(report(side("a", 7, 2), side("d", 9, 0))), "R-8.5"));
    EXPECT_EQ(accepted(report(side("a", 7, 3), side("d", 9, 0))).attacker.outcome, O::defeated);
}

TEST(BattleDefeat, OpponentOfAWithdrawingArmyCannotBeDefeated) {
    SideReport d = side("d", 12, 1);
    d.withdrawal_bound = 2;
    const BattleResult r = accepted(report(side("a", 12, 6), d));  // 3 x 6 >= 12, yet not defeated
    EXPECT_EQ(r.attacker.outcome, O::won);
    EXPECT_EQ(r.defender.outcome, O::withdrew);
    EXPECT_TRUE(r.attacker.one_third);
    EXPECT_TRUE(r.defender.withdraw_disengagement);
}

TEST(BattleDefeat, AWithdrawingArmyCanStillBeDefeated) {
    SideReport d = side("d", 12, 0);
    d.losses[0] = {"d-1", 4, 4};  // all lost after declaring
    d.withdrawal_bound = 2;
    const BattleResult r = accepted(report(side("a", 12, 1), d));
    EXPECT_EQ(r.defender.outcome, O::defeated);
    EXPECT_EQ(r.attacker.outcome, O::won);
    EXPECT_NE(r.rule.find("while withdrawing"), std::string::npos) << r.rule;
}

TEST(BattleDefeat, BothAtOneThirdTheLargerLostIsDefeated) {
    SideReport a = side("a", 12, 4);
    a.camp_lost = true;  // 6 against 5
    const BattleResult r = accepted(report(a, side("d", 12, 5)));
    EXPECT_EQ(r.attacker.outcome, O::defeated);
    EXPECT_EQ(r.defender.outcome, O::won);
    EXPECT_NE(r.rule.find("lost more"), std::string::npos) << r.rule;
}

TEST(BattleDefeat, AlreadyAtOneThirdThenDeclaringIsDefeated) {
    // Both at one-third with equal losses, the battle goes on; then the defender declares.
    SideReport d = side("d", 12, 4);
    d.withdrawal_bound = 3;
    const BattleResult r = accepted(report(side("a", 12, 4), d));
    EXPECT_EQ(r.defender.outcome, O::defeated);
    EXPECT_EQ(r.attacker.outcome, O::won);
    EXPECT_NE(r.rule.find("when it declared a withdrawal"), std::string::npos) << r.rule;
}

TEST(BattleDefeat, BothWithdrawNeitherIsDefeatedNobodyPursues) {
    SideReport a = side("a", 12, 5);
    a.losses[0].after_withdrawal = 5;
    a.withdrawal_bound = 2;
    SideReport d = side("d", 12, 1);
    d.withdrawal_bound = 1;
    const BattleResult r = accepted(report(a, d));
    EXPECT_EQ(r.attacker.outcome, O::withdrew);
    EXPECT_EQ(r.defender.outcome, O::withdrew);
    EXPECT_FALSE(r.pursuit);
    EXPECT_FALSE(r.attacker.withdraw_disengagement);
    EXPECT_FALSE(r.defender.withdraw_disengagement);
}

TEST(BattleDefeat, DeclaringAtOneThirdBeforeTheOpponentDeclaresStillDefeats) {
    SideReport a = side("a", 12, 4);  // at one-third before its declaration in bound 1
    a.withdrawal_bound = 1;
    SideReport d = side("d", 12, 4);
    d.withdrawal_bound = 2;
    EXPECT_EQ(accepted(report(a, d)).attacker.outcome, O::defeated);
}

TEST(BattleEnd, OneSideWithdrawsTheOtherWins) {
    SideReport a = side("a", 12, 2);
    a.withdrawal_bound = 3;
    a.camp_evacuated = true;  // an evacuated camp is not lost
    const BattleResult r = accepted(report(a, side("d", 12, 3)));
    EXPECT_EQ(r.attacker.outcome, O::withdrew);
    EXPECT_EQ(r.attacker.lost, 2);
    EXPECT_EQ(r.defender.outcome, O::won);
    EXPECT_TRUE(starts_with(r.rule, "R-8.5")) << r.rule;
}

TEST(BattleEnd, TimeLimitDefenderWinsAttackerWithdrawsInDarkness) {
    BattleReport r = report(side("a", 12, 3), side("d", 12, 3), kLimit);
    r.time_limit_reached = true;
    const BattleResult out = accepted(r);
    EXPECT_EQ(out.defender.outcome, O::won);
    EXPECT_EQ(out.attacker.outcome, O::withdrew);
    EXPECT_TRUE(out.attacker.darkness);
    EXPECT_FALSE(out.attacker.withdraw_disengagement);  // no withdraw roll
    EXPECT_FALSE(out.pursuit);
    // Equal losses at one-third when time runs out: the time limit decides.
    BattleReport equal = report(side("a", 12, 4), side("d", 12, 4), kLimit);
    equal.time_limit_reached = true;
    EXPECT_TRUE(accepted(equal).attacker.darkness);
    // A defeat stands over the time limit.
    BattleReport defeat = report(side("a", 12, 1), side("d", 12, 4), kLimit);
    defeat.time_limit_reached = true;
    EXPECT_EQ(accepted(defeat).defender.outcome, O::defeated);
}

TEST(BattleEnd, SideResults) {
    const BattleReport r = report(side("a", 12, 1), side("d", 12, 4));
    const BattleResult out = accepted(r);
    const shape::BattleSideResult attacker = side_result(r.attacker, out.attacker);
    const shape::BattleSideResult defender = side_result(r.defender, out.defender);
    EXPECT_EQ(attacker.side, "a");
    EXPECT_EQ(attacker.outcome, "won");
    EXPECT_EQ(attacker.lost, 1);
    EXPECT_EQ(attacker.one_third, false);
    EXPECT_EQ(defender.side, "d");
    EXPECT_EQ(defender.outcome, "defeated");
    EXPECT_EQ(defender.lost, 4);
    EXPECT_EQ(defender.one_third, true);
    EXPECT_EQ(defender.starting_elements, 12);
    EXPECT_TRUE(out.pursuit);
}

// ---- Reports that contradict the rules -------------------------------------------------------

TEST(BattleReportRefused, NamesTheRuleItBreaks) {
    struct Case {
        const char* name;
        BattleReport report;
        const char* rule;
    };
    std::vector<Case> cases;
    cases.push_back({"losses exceed starting elements", report(side("a", 12, 13), side("d", 12)),
                     "R-8.4"});
    {
        BattleReport r = report(side("a", 12, 4), side("d", 12, 1));
        r.attacker.claimed = O::won;
        r.defender.claimed = O::won;
        cases.push_back({"both claim a win", r, "R-8.4"});
    }
    {
        BattleReport r = report(side("a", 12, 3), side("d", 12, 5));
        r.attacker.claimed = O::defeated;
        cases.push_back({"defeat claimed below one-third", r, "R-8.4"});
    }
    {
        BattleReport r = report(side("a", 12, 4), side("d", 12, 1));
        r.attacker.claimed = O::withdrew;
        cases.push_back({"claim differs from the derived outcome", r, "R-8.4"});
    }
    {
        BattleReport r = report(side("a", 12, 1), side("d", 12, 1));
        r.defender.withdrawal_bound = 4;
        cases.push_back({"withdrawal bound after the end", r, "R-8.5"});
    }
    cases.push_back({"no ending", report(side("a", 12, 1), side("d", 12, 1)), "R-8.5"});
    cases.push_back({"past the time limit", report(side("a", 12, 4), side("d", 12), 5), "R-8.3"});
    {
        BattleReport r = report(side("a", 12), side("d", 12), 3);
        r.time_limit_reached = true;
        cases.push_back({"time limit in the wrong bound", r, "R-8.5"});
    }
    {
        BattleReport r = report(side("a", 12, 4), side("d", 12, 1));
        r.attacker.camp_lost = r.attacker.camp_evacuated = true;
        r.attacker.withdrawal_bound = 2;
        cases.push_back({"camp both lost and evacuated", r, "R-8.3"});
    }
    {
        BattleReport r = report(side("a", 12, 4), side("d", 12, 1));
        r.defender.camp_evacuated = true;
        cases.push_back({"camp evacuated without a withdrawal", r, "R-8.3"});
    }
    {
        BattleReport r = report(side("a", 12, 4), side("d", 12, 1));
        r.defender.losses[0].after_withdrawal = 1;
        cases.push_back({"lost after an undeclared withdrawal", r, "R-8.6"});
    }
    {
        BattleReport r = report(side("a", 12, 4), side("d", 12, 0));
        r.defender.general_lost = true;
        cases.push_back({"general lost without his element", r, "R-8.4"});
    }
    {
        BattleReport r = report(side("a", 12, 4), side("d", 12, 0));
        r.defender.figures_routed_off = 13;
        cases.push_back({"more figures off than it had", r, "R-8.2"});
    }
    cases.push_back({"no starting elements", report(side("a", 0), side("d", 12)), "R-8.2"});
    for (const auto& c : cases) {
        const std::string why = refused(c.report);
        EXPECT_TRUE(starts_with(why, std::string(c.rule) + ":"))
            << c.name << ": expected " << c.rule << ", got \"" << why << "\"";
    }
}

}  // namespace
}  // namespace umpire::rules
