// Decision contexts (R-11.2) are typed (issue 28): the rules build each kind's context as its
// catalogue shape, answers are checked against that typed context, and a request read back from
// storage comes back typed — or, when it was stored before its kind was typed and does not fit
// the shape, as the text it was (its answers that need the context are then refused, not
// guessed). The battle report and dispute contexts carry the battle record, typed too.
#include <set>
#include <string_view>

#include <gtest/gtest.h>

#include "shipped_ruleset.hpp"
#include "umpire/rules/decision_json.hpp"
#include "umpire/rules/decisions.hpp"

namespace umpire::rules {
namespace {

DecisionRequest window_with_avoid(std::vector<Hex> hexes) {
    shape::ContactWindowContext context;
    context.contact = "1.morning.a";
    context.hex = {1, 1};
    context.avoid_hexes = std::move(hexes);
    return {"1.morning.a.before.a", "p1", "a", DecisionKind::contact_window,
            DecisionWindow::before_contact, answer_list({"engage", "avoid"}), "engage", context};
}

TEST(DecisionContext, AvoidTakesOnlyAnOfferedHexOfWholeNumbers) {
    const DecisionRequest r = window_with_avoid({{0, 1}, {2, 0}});
    EXPECT_EQ(answer_refusal(r, Json{{"action", "avoid"}, {"hex", {2, 0}}}), "");
    EXPECT_NE(answer_refusal(r, Json{{"action", "avoid"}, {"hex", {3, 0}}}), "");
    EXPECT_NE(answer_refusal(r, Json{{"action", "avoid"}, {"hex", {2.0, 0}}}), "");
    EXPECT_NE(answer_refusal(r, Json{{"action", "avoid"}, {"hex", {2, 0, 1}}}), "");
    EXPECT_NE(answer_refusal(r, Json{{"action", "delay"}, {"hex", {2, 0}}}), "");
    EXPECT_EQ(answer_refusal(r, Answer("avoid")), "");
    EXPECT_EQ(answer_refusal(r, Answer(AvoidTo{{0, 1}})), "");
}

TEST(DecisionContext, LossSplitIsCheckedAgainstTheTypedCompanies) {
    shape::LossAllocationContext context;
    context.figures = 5;
    context.companies = {4, 3};
    const DecisionRequest r{
        "x", "p1", "a", DecisionKind::loss_allocation, DecisionWindow::none,
        answer_list({"proportional"}), "proportional", context};
    EXPECT_EQ(answer_refusal(r, Json::array({3, 2})), "");
    EXPECT_NE(answer_refusal(r, Json::array({5, 0})), "");  // more than the company has
    EXPECT_NE(answer_refusal(r, Json::array({2, 2})), "");  // not the figures lost
    EXPECT_NE(answer_refusal(r, Json::array({3, 2, 0})), "");
}

TEST(DecisionContext, ComesBackTypedFromItsJson) {
    const DecisionRequest r = window_with_avoid({{0, 1}});
    const Json sent = to_json(r);
    EXPECT_EQ(sent["context"]["avoid_hexes"], Json::parse("[[0,1]]"));
    EXPECT_EQ(sent["context"]["opponents"], Json::array());
    const auto back = context_from_json(DecisionKind::contact_window, sent["context"]);
    ASSERT_TRUE(std::holds_alternative<shape::DecisionContext>(back));
    DecisionRequest again = r;
    again.context = back;
    EXPECT_EQ(answer_refusal(again, Json{{"action", "avoid"}, {"hex", {0, 1}}}), "");
    EXPECT_EQ(to_json(again), sent);
}

TEST(DecisionContext, AStoredContextThatDoesNotFitStaysAsItWasAndAnswersNeedingItAreRefused) {
    // An old stored loss allocation without "opponents": not the shape, kept as it was.
    const Json old = Json::parse(R"({"contact":"1.1.1","figures":5,"companies":[4,3]})");
    const auto back = context_from_json(DecisionKind::loss_allocation, old);
    ASSERT_TRUE(std::holds_alternative<StoredContext>(back));
    const DecisionRequest r{
        "x", "p1", "a", DecisionKind::loss_allocation, DecisionWindow::none,
        answer_list({"proportional"}), "proportional", back};
    EXPECT_EQ(answer_refusal(r, Answer("proportional")), "");
    EXPECT_NE(answer_refusal(r, Json::array({3, 2})), "");
    EXPECT_EQ(context_json(r.known()), old);
}

TEST(DecisionContext, BattleContextsComeBackTypedWithTheirRecord) {
    BattleSideRecord a{"north", "p1", {"a"}, {{"a", "ra", 12, 12}}, 12, 12, true, true};
    BattleSideRecord d{"south", "p2", {"b"}, {{"b", "rb", 12, 12}}, 12, 12, true, true};
    const BattleRecord record =
        make_battle_record(valormr(), "1.morning.a", "v", "morning", 10, a, d);
    BattleReportContext report{{}, record, BattleRole::defender, {{"hill", "north", 1, 2, 90}}};
    report.contact = "1.morning.a";
    const Json sent = context_json(report);
    EXPECT_EQ(sent["role"], "defender");
    EXPECT_EQ(sent["battle"]["defender"]["regiments"][0]["regiment"], "rb");
    EXPECT_EQ(sent["battlefield"][0]["rotation"], 90);
    const auto back = context_from_json(DecisionKind::battle_report, sent);
    ASSERT_TRUE(std::holds_alternative<BattleReportContext>(back));
    EXPECT_EQ(std::get<BattleReportContext>(back).role, BattleRole::defender);
    EXPECT_EQ(context_json(back), sent);
    // A stored context whose role is neither side is kept as the text it was.
    Json odd = sent;
    odd["role"] = "observer";
    EXPECT_TRUE(std::holds_alternative<StoredContext>(
        context_from_json(DecisionKind::battle_report, odd)));

    const Json given = Json::parse(
        R"({"attacker":{"losses":[{"regiment":"ra","elements":3}],"figures_off_in_good_order":0,)"
        R"("figures_routed_off":0,"camp_lost":false,"general_lost":false},)"
        R"("defender":{"losses":[],"figures_off_in_good_order":0,"figures_routed_off":0,)"
        R"("camp_lost":false,"general_lost":false},"bounds":3,"time_limit_reached":false})");
    const BattleDisputeContext dispute{"1.morning.a", record, answer_from_json(given), "no_report"};
    const Json ruled = context_json(dispute);
    EXPECT_EQ(ruled["reports"]["attacker"], given);  // as the side wrote it
    EXPECT_EQ(ruled["reports"]["defender"], "no_report");
    const auto dispute_back = context_from_json(DecisionKind::battle_dispute, ruled);
    ASSERT_TRUE(std::holds_alternative<BattleDisputeContext>(dispute_back));
    EXPECT_EQ(context_json(dispute_back), ruled);
}

TEST(DecisionContext, ABattleContextThatDoesNotFitStaysAsItWas) {
    const Json context = Json::parse(R"({"contact":"1.1.1","battle":{},"role":"attacker"})");
    const auto back = context_from_json(DecisionKind::battle_report, context);
    EXPECT_TRUE(std::holds_alternative<StoredContext>(back));
    EXPECT_EQ(context_json(back), context);
}

}  // namespace
}  // namespace umpire::rules

namespace umpire::rules {
namespace {

TEST(DecisionKinds, EachKindAndWindowReadsBackFromItsNameAndOtherNamesAreRefused) {
    std::set<std::string_view> names;
    for (int k = 0; k <= static_cast<int>(DecisionKind::recovery_choice); ++k) {
        const auto kind = static_cast<DecisionKind>(k);
        EXPECT_EQ(decision_kind_from_string(to_string(kind)), kind) << to_string(kind);
        names.insert(to_string(kind));
    }
    EXPECT_EQ(names.size(), 14u);  // one name per kind
    EXPECT_EQ(to_string(DecisionKind::battle_dispute), "battle_dispute");
    EXPECT_EQ(decision_kind_from_string("avoid_target"), std::nullopt);
    EXPECT_EQ(decision_kind_from_string(""), std::nullopt);
    for (const auto window : {DecisionWindow::none, DecisionWindow::before_contact,
                              DecisionWindow::before_dice, DecisionWindow::after_contact_dice,
                              DecisionWindow::after_terrain})
        EXPECT_EQ(decision_window_from_string(to_string(window)), window) << to_string(window);
    EXPECT_EQ(to_string(DecisionWindow::none), "");
    EXPECT_EQ(to_string(DecisionWindow::after_terrain), "after_terrain");
    EXPECT_EQ(decision_window_from_string("after_battle"), std::nullopt);
}

}  // namespace
}  // namespace umpire::rules
