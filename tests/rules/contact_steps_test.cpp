// The contact procedure's steps one at a time (rules/contact/contact_steps.hpp, R-5.4): each
// step runs on a Contact of its own, without the steps before it, and leaves in the shared data
// and the log what the next step reads.
#include <gtest/gtest.h>

#include <set>

#include "case_scenario.hpp"
#include "documents/scenario_io.hpp"
#include "rules/contact/contact_steps.hpp"
#include "shipped_ruleset.hpp"

namespace umpire::rules {
namespace {

// Two forces of opposing sides next to each other on open ground (tests/cases/base), neither
// having moved: force "a" of player p1 (north) at (1, 0), force "b" of p2 (south) at (2, 0).
CampaignState two_forces() {
    const Json doc = umpire::testing::case_scenario(Json::parse(R"({"forces": [
        {"id": "a", "hex": [1, 0]}, {"id": "b", "hex": [2, 0], "player": "p2"}]})"));
    Problems problems;
    auto state = read_scenario(doc, problems);
    if (!state) throw std::runtime_error(problems.to_text());
    check_scenario_against_ruleset(*state, valormr(), problems, &doc);
    if (!problems.empty()) throw std::runtime_error(problems.to_text());
    return *state;
}

// One contact procedure's parts, the first half of day 1, with the answers given (anything
// else settled by standing instruction or default).
struct OneContact {
    explicit OneContact(std::map<std::string, Answer> given = {}) : answers(std::move(given)) {}

    CampaignState state = two_forces();
    const CampaignState start = state;
    std::map<std::string, Answer> answers;
    std::set<std::string> lapsed;
    SeededDice dice{period_seed(11, 0)};
    EventLog log;
    Decider decider{answers, true, lapsed, state, log};
    MovementPhase movement{state, valormr(), {}, dice, log, {1, PeriodKind::day}};
    HalfPeriodContext half{1, PeriodKind::day, 0};
    PeriodContacts period{start, ""};
    ContactResolver resolver{state, valormr(), dice, log, decider, movement, half, period};
    Contact contact{resolver, "1.morning.a"};
    const std::vector<std::string> forces{"a", "b"};

    std::vector<Json> events(std::string_view type) const {
        std::vector<Json> out;
        for (const auto& e : log.events())
            if (e.type() == type) out.push_back(e.json());
        return out;
    }
};

TEST(ContactSteps, EveryoneRestingFightsOnTheMorrow) {
    // R-5.3: when every commander rests, the contact ends until the next half period.
    OneContact c;
    c.contact.all = c.forces;
    const BeforeContactChoices choices = BeforeContactWindow(c.contact).run(c.forces);
    ASSERT_EQ(choices.answers.size(), 2u);
    EXPECT_TRUE(choices.answers[0].is("rest"));  // neither moved: the default is rest
    EXPECT_TRUE(choices.answers[1].is("rest"));
    EXPECT_TRUE(RestAvoidDelay(c.contact).run(c.forces, choices).empty());
    ASSERT_EQ(c.events("contact_rested").size(), 1u);
    EXPECT_EQ(c.events("contact_rested")[0]["forces"], Json({"a", "b"}));
    EXPECT_TRUE(c.contact.used_up.count("a") && c.contact.used_up.count("b"));
}

TEST(ContactSteps, EngagingForcesGoOnToTheContactDice) {
    OneContact c({{"1.morning.a.before.a", Answer("engage")}});
    c.contact.all = c.forces;
    const auto choices = BeforeContactWindow(c.contact).run(c.forces);
    EXPECT_TRUE(choices.answers[0].is("engage"));
    // One declines to rest, so the one that chose rest engages too (R-5.3).
    EXPECT_EQ(RestAvoidDelay(c.contact).run(c.forces, choices), c.forces);
    EXPECT_TRUE(c.events("contact_rested").empty());
}

TEST(ContactSteps, TheContactDiceLeaveScoresAnHourAndPrivateIntelligence) {
    OneContact c;
    c.contact.all = c.forces;
    ContactDiceStep(c.contact).run(c.forces);
    EXPECT_EQ(c.contact.scores.size(), 2u);  // R-6.1: a score per commander
    ASSERT_TRUE(c.contact.hour.has_value());  // R-6.5
    ASSERT_EQ(c.events("contact_hour").size(), 1u);
    EXPECT_EQ(c.events("contact_hour")[0]["audience"], Json({"p1", "p2"}));
    // R-6.3: each commander learns of its opponent alone.
    const auto intelligence = c.events("intelligence");
    ASSERT_EQ(intelligence.size(), 2u);
    for (const Json& e : intelligence)
        EXPECT_EQ(e["audience"], Json({e["receiver"] == "a" ? "p1" : "p2"})) << e.dump();
    EXPECT_EQ(c.contact.intel.at("a").count("b"), 1u);
    EXPECT_EQ(c.contact.intel.at("b").count("a"), 1u);
}

TEST(ContactSteps, AnUnawareCommanderIsNotOfferedEvasion) {
    // R-6.7: before the contact dice nobody has a score, so nobody is aware: rest or engage. An
    // evasion asked for anyway is settled like a missing answer (rest: neither moved), and
    // everyone resting ends the contact (R-5.3).
    OneContact c({{"1.morning.a.after_contact_dice.a", Answer("evade")}});
    c.contact.all = c.forces;
    EXPECT_TRUE(
        EngageOrEvadeWindow(c.contact, DecisionWindow::after_contact_dice).run(c.forces).empty());
    const auto decisions = c.events("decision");
    ASSERT_EQ(decisions.size(), 2u);
    EXPECT_EQ(decisions[0]["id"], "1.morning.a.after_contact_dice.a");
    EXPECT_EQ(decisions[0]["answer"], "rest");
    EXPECT_EQ(decisions[0]["by"], "default (answer not allowed)");
    EXPECT_EQ(c.events("contact_rested").size(), 1u);
}

TEST(ContactSteps, TerrainReconnaissancePlacesTheDeckForEveryone) {
    // R-6.6: after the contact dice, the cards are placed in turn; both sides see each one.
    OneContact c;
    c.contact.all = c.forces;
    ContactDiceStep(c.contact).run(c.forces);
    TerrainReconnaissance(c.contact).run(c.forces);
    const auto placed = c.events("card_placed");
    ASSERT_FALSE(placed.empty());
    EXPECT_EQ(placed.size(), c.contact.battlefield.size());
    for (const Json& e : placed) EXPECT_EQ(e["audience"], Json({"p1", "p2"})) << e.dump();
}

}  // namespace
}  // namespace umpire::rules
