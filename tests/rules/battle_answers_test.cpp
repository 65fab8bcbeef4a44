// The battle's decisions: a report checked against its battle record and refused
// with the rule it breaks; the GM's options; the recovery choice and its default.
#include <gtest/gtest.h>

#include "rules/battle/battle_answers.hpp"
#include "shipped_ruleset.hpp"
#include "umpire/rules/battle_record_json.hpp"
#include "umpire/rules/decision_json.hpp"

namespace umpire::rules {
namespace {

// Attacker: force a with regiment ra (12 figures); defender: force b with rb (12 figures).
BattleRecord record() {
    BattleSideRecord a{"north", "p1", {"a"}, {{"a", "ra", 12, 12}}, 12, 12, true, true};
    BattleSideRecord d{"south", "p2", {"b"}, {{"b", "rb", 12, 12}}, 12, 12, true, true};
    return make_battle_record(valormr(), "1.day.1", "v", "morning", 10, a, d);
}

Json side(int lost, int good_order = 0, int routed = 0) {
    return Json{{"losses", Json::array({{{"regiment", "ra"}, {"elements", lost}}})},
                {"figures_off_in_good_order", good_order},
                {"figures_routed_off", routed},
                {"camp_lost", false},
                {"general_lost", false}};
}

Json report(Json attacker, Json defender, int bounds = 3) {
    defender["losses"][0]["regiment"] = "rb";
    return Json{{"attacker", attacker}, {"defender", defender}, {"bounds", bounds},
                {"time_limit_reached", false}};
}

DecisionRequest report_request() {
    return {"1.day.1.battle-report.a",
            "p1",
            "a",
            DecisionKind::battle_report,
            DecisionWindow::none,
            answer_list({"no_report", "quick_battle"}),
            "no_report",
            BattleReportContext{{}, record(), BattleRole::attacker, {}}};
}

TEST(BattleRecord, TimeLimitComesFromTheContactHour) {
    // worked example 12.1: hour 10 gives max(4, 2 × (12 − 10)) = 4 bounds.
    EXPECT_EQ(record().time_limit, 4);
}

TEST(BattleRecord, RoundTripsThroughJson) {
    std::string error;
    const auto back = battle_record_from_json(to_json(record()), error);
    ASSERT_TRUE(back) << error;
    EXPECT_EQ(to_json(*back), to_json(record()));
}

TEST(BattleAnswers, AcceptsAReportThatFitsTheRecord) {
    EXPECT_EQ(answer_refusal(report_request(), report(side(1), side(4))), "");
    EXPECT_EQ(answer_refusal(report_request(), Answer("quick_battle")), "");
}

TEST(BattleAnswers, RefusesARegimentThatDidNotFight) {
    Json r = report(side(1), side(4));
    r["attacker"]["losses"][0]["regiment"] = "rz";
    EXPECT_EQ(answer_refusal(report_request(), r),
              "R-8.2: regiment \"rz\" did not fight for the attacker");
}

TEST(BattleAnswers, RefusesMoreElementsLostThanFielded) {
    EXPECT_EQ(answer_refusal(report_request(), report(side(13), side(4))),
              "R-8.2: regiment \"ra\" fielded 12 elements but the attacker reports 13 lost");
}

TEST(BattleAnswers, RefusesAReportWhoseBattleHasNotEnded) {
    // Nobody reached one-third and nobody withdrew before the time limit.
    EXPECT_EQ(answer_refusal(report_request(), report(side(1), side(3))).substr(0, 6), "R-8.5:");
}

TEST(BattleAnswers, RefusesABattlePastItsTimeLimit) {
    EXPECT_EQ(answer_refusal(report_request(), report(side(1), side(4), 5)),
              "R-8.3: the battle ended in bound 5, past its time limit of 4 bounds");
}

TEST(BattleAnswers, RefusesEqualLossesAtOneThird) {
    EXPECT_EQ(answer_refusal(report_request(), report(side(4), side(4))),
              "R-8.4: both armies lost one-third with equal losses (4 each): the battle goes on");
}

TEST(BattleAnswers, RefusesUnknownMembersAndWrongTypes) {
    Json r = report(side(1), side(4));
    r["attacker"]["elephants"] = 3;
    EXPECT_NE(answer_refusal(report_request(), r).find("elephants"), std::string::npos);
    r = report(side(1), side(4));
    r["bounds"] = "three";
    EXPECT_NE(answer_refusal(report_request(), r).find("bounds"), std::string::npos);
    EXPECT_NE(answer_refusal(report_request(), Answer("yes")), "");
    EXPECT_NE(answer_refusal(report_request(), Json(nullptr)), "");
}

TEST(BattleAnswers, RefusesMoreFiguresOffTheTableThanEngaged) {
    EXPECT_EQ(answer_refusal(report_request(), report(side(1), side(4, 10, 5))),
              "R-7.2: the defender reports 15 figures off the table of 12 engaged");
}

TEST(BattleRecord, ClassifiesHowAWithdrawingSideLeft) {
    // with 12 original figures: 25% is 3 figures; rout takes precedence.
    const auto& ruleset = valormr();
    const BattleSideRecord& s = record().defender;
    SideReport r;
    r.figures_off_in_good_order = 3;
    EXPECT_EQ(classify_withdrawal(ruleset, s, r), WithdrawState::formed);
    r.figures_routed_off = 3;
    EXPECT_EQ(classify_withdrawal(ruleset, s, r), WithdrawState::in_rout);
    r = SideReport{};
    r.figures_off_in_good_order = 2;
    r.figures_routed_off = 2;
    EXPECT_EQ(classify_withdrawal(ruleset, s, r), WithdrawState::in_retreat);
}

TEST(RecoveryChoice, DefaultTakesTheLargestCompaniesFirst) {
    // Recovery goes back to the largest companies (up to what each lost); the penalty comes off
    // the largest companies after recovery.
    const std::vector<RecoveryCompany> companies{
        {"archers", 4, 3}, {"spearmen", 10, 2}, {"knights", 0, 4}};
    const RecoveryChoice c = default_recovery_choice(companies, 5, 3);
    EXPECT_EQ(c.recovered, (std::vector<int>{3, 2, 0}));
    EXPECT_EQ(c.penalty, (std::vector<int>{0, 3, 0}));
}

TEST(RecoveryChoice, AnswerMustKeepTheTotalsAndBounds) {
    const std::vector<RecoveryCompany> companies{{"archers", 4, 3}, {"spearmen", 10, 2}};
    DecisionRequest request{"x",
                            "p1",
                            "a",
                            DecisionKind::recovery_choice,
                            DecisionWindow::none,
                            answer_list({"largest_first"}),
                            "largest_first",
                            shape::RecoveryContext{{}, "r1", companies, 3, 2}};
    EXPECT_EQ(answer_refusal(request, Json{{"recovered", {1, 2}}, {"penalty", {2, 0}}}), "");
    EXPECT_EQ(answer_refusal(request, Json{{"recovered", {0, 3}}, {"penalty", {2, 0}}}),
              "R-8.7: company 2 lost 2 figures in the battle; recovery cannot bring back 3");
    EXPECT_EQ(answer_refusal(request, Json{{"recovered", {1, 1}}, {"penalty", {2, 0}}}),
              "R-8.7: recovery brings back 3 figures, not 2");
    EXPECT_EQ(answer_refusal(request, Json{{"recovered", {1, 2}}, {"penalty", {1, 0}}}),
              "R-8.7: the general and camp penalty is 2 figures, not 1");
    EXPECT_NE(answer_refusal(request, Json{{"recovered", {1}}, {"penalty", {2, 0}}}), "");
    EXPECT_NE(answer_refusal(request, Json{{"recovered", {1, -1}}, {"penalty", {2, 0}}}), "");
    EXPECT_EQ(answer_refusal(request, Answer("largest_first")), "");
}

}  // namespace
}  // namespace umpire::rules
