// Resolving whole periods: resumable by replay (stop at a window, resume with answers),
// deterministic, and what a commander learns from each contact score.
#include <gtest/gtest.h>

#include "documents/json_file.hpp"
#include "documents/orders_json.hpp"
#include "documents/scenario_io.hpp"
#include "json_match.hpp"
#include "tests/support/shape_json.hpp"
#include "umpire/rules/period.hpp"

namespace umpire::rules {
namespace {
using testing::json_of;
using testing::kind_of;

LoadedScenario load(const std::string& relative) {
    Problems problems;
    auto loaded = load_scenario_file(std::string(UMPIRE_SOURCE_DIR) + "/" + relative,
                                     {std::string(UMPIRE_SOURCE_DIR) + "/rulesets"}, problems);
    if (!loaded) throw std::runtime_error(problems.to_text());
    return *loaded;
}

PeriodOrders demo_orders(const CampaignState& state) {
    Problems problems;
    auto doc = read_json_file(std::string(UMPIRE_SOURCE_DIR) +
                                  "/scenarios/valormr-demo-orders.json",
                              problems);
    auto all = read_orders(*doc, problems);
    for (const auto& p : *all)
        if (p.day == state.calendar.day && p.period == state.calendar.period) return p;
    return {state.calendar.day, state.calendar.period, {}};
}

std::string dump(const EventList& events) {
    std::string out;
    for (const auto& e : events) (out += e.text()) += "\n";
    return out;
}

TEST(PeriodResolution, StopsAtEachWindowAndResumesWithTheSameIds) {
    const LoadedScenario demo = load("scenarios/valormr-demo.json");
    PeriodInputs inputs{demo_orders(demo.state), {}, false};
    SeededDice first_dice(period_seed(7, 0));
    const PeriodOutcome first = resolve_period(demo.state, demo.ruleset, inputs, first_dice);
    ASSERT_FALSE(first.complete);
    ASSERT_EQ(first.pending.size(), 3u);  // one battle or separate engagements
    EXPECT_EQ(first.pending[0].id, "1.afternoon.aeskrvald.engagements.aeskrvald");
    EXPECT_EQ(first.pending[0].kind, DecisionKind::separate_engagements);
    EXPECT_EQ(first.pending[0].player, "erik");
    // The state is untouched while the period waits.
    EXPECT_EQ(write_scenario(first.state), write_scenario(demo.state));

    // Answering every request with its default, window by window, reaches the end; each
    // replay repeats the events before the wait exactly.
    std::string previous = dump(first.events);
    PeriodOutcome out = first;
    int windows = 0;
    while (!out.complete) {
        for (const auto& r : out.pending) inputs.answers[r.id] = r.default_answer;
        SeededDice dice(period_seed(7, 0));
        out = resolve_period(demo.state, demo.ruleset, inputs, dice);
        const std::string now = dump(out.events);
        ASSERT_EQ(now.compare(0, previous.size(), previous), 0) << "a replay changed earlier events";
        previous = now;
        ASSERT_LT(++windows, 100);
    }
    EXPECT_GT(windows, 3);

    // The same as settling everything by default in one go.
    SeededDice dice(period_seed(7, 0));
    const PeriodOutcome settled =
        resolve_period(demo.state, demo.ruleset, {inputs.orders, {}, true}, dice);
    ASSERT_TRUE(settled.complete);
    EXPECT_EQ(write_scenario(out.state), write_scenario(settled.state));
    ASSERT_EQ(out.events.size(), settled.events.size());
    for (std::size_t i = 0; i < out.events.size(); ++i) {
        Json a = out.events[i].json(), b = settled.events[i].json();
        a.erase("by");  // "player" when answered, "default" when settled
        b.erase("by");
        EXPECT_EQ(a, b) << i;
    }
}

TEST(PeriodResolution, SameInputsGiveTheSameBytes) {
    const LoadedScenario demo = load("scenarios/valormr-demo.json");
    CampaignState a = demo.state, b = demo.state;
    std::string events_a, events_b;
    for (int period = 0; period < 4; ++period) {
        SeededDice da(period_seed(11, period)), db(period_seed(11, period));
        auto run = [&](CampaignState& state, SeededDice& dice) {
            PeriodOutcome out =
                resolve_period(state, demo.ruleset, {demo_orders(state), {}, true}, dice);
            state = std::move(out.state);
            return dump(out.events);
        };
        events_a += run(a, da);
        events_b += run(b, db);
    }
    EXPECT_EQ(events_a, events_b);
    EXPECT_EQ(write_scenario_text(a), write_scenario_text(b));
    EXPECT_NE(events_a.find("\"type\":\"battle\""), std::string::npos);
}

TEST(PeriodResolution, DemoPeriodsCompleteWithEveryDecisionLeftToItsDefault) {
    const LoadedScenario demo = load("scenarios/valormr-demo.json");
    CampaignState state = demo.state;
    for (int period = 0; period < 6; ++period) {
        SeededDice dice(period_seed(3, period));
        const PeriodOutcome out =
            resolve_period(state, demo.ruleset, {demo_orders(state), {}, true}, dice);
        ASSERT_TRUE(out.complete) << "period " << period;
        EXPECT_TRUE(out.pending.empty());
        state = out.state;
    }
    EXPECT_EQ(state.calendar.day, 4);
}

TEST(PeriodResolution, AnAnswerThatIsNotAllowedTakesTheDefaultAndSaysSo) {
    const LoadedScenario demo = load("scenarios/valormr-demo.json");
    PeriodInputs inputs{demo_orders(demo.state), {{"1.afternoon.aeskrvald.engagements.aeskrvald", "fight!"}},
                        true};
    SeededDice dice(period_seed(7, 0));
    const PeriodOutcome out = resolve_period(demo.state, demo.ruleset, inputs, dice);
    ASSERT_TRUE(out.complete);
    bool seen = false;
    for (const auto& e : events_json(out.events))
        if (e["type"] == "decision" && e["id"] == "1.afternoon.aeskrvald.engagements.aeskrvald") {
            EXPECT_EQ(e["answer"], "one_battle");
            EXPECT_EQ(e["by"], "default (answer not allowed)");
            seen = true;
        }
    EXPECT_TRUE(seen);
}

// what a commander learns of the opponent's assault regiment is exactly what its score
// gives, and the same fact is kept in its player's knowledge.
class ContactScoreKnowledge : public ::testing::TestWithParam<int> {};

TEST_P(ContactScoreKnowledge, LearnsExactlyWhatTheTableGives) {
    const int score = GetParam();
    LoadedScenario s = load("scenarios/valormr-demo.json");
    CampaignState& state = s.state;
    // Two forces alone: "a" in clear, its opponent "b" in forest (so "a" has no terrain
    // modifier and its die is its score), "b" against "a" in clear gets +1.
    Force a = *state.find_force("hadewych");
    Force b = *state.find_force("ingegerd");
    state.forces = {a, b};
    state.move_force(state.forces[0], {1, 4});
    state.move_force(state.forces[1], {2, 4});
    state.map.hexes[{1, 4}].terrain = "clear";
    state.map.hexes[{2, 4}].terrain = "forest";
    std::vector<ScriptedRoll> rolls{{score, "contact die"}, {6, "contact die"}};
    const bool estimate = score >= 3 && score <= 5;
    if (estimate) rolls.insert(rolls.end(), {{3, "size estimate"}, {4, "size estimate"}});
    ScriptedDice dice(rolls);
    PeriodInputs inputs{{1, PeriodKind::day, {}},
                        {{"1.morning.hadewych.before.hadewych", "engage"}, {"1.morning.hadewych.before.ingegerd", "engage"}},
                        true};
    const PeriodOutcome out = resolve_period(state, s.ruleset, inputs, dice);
    ASSERT_TRUE(out.complete);
    EXPECT_EQ(dice.remaining(), 0u);

    const auto& facts = out.state.knowledge.at("anna");
    ASSERT_EQ(facts.size(), 1u);
    const Json fact = json_of(facts[0].value);
    EXPECT_EQ(facts[0].about, "ingegerd");
    EXPECT_EQ(kind_of(facts[0]), "contact_intel");
    EXPECT_EQ(fact["score"], score);
    EXPECT_EQ(fact["aware"], score >= 2);
    const int actual = b.regiments.front().figures();
    if (score <= 2) {
        EXPECT_FALSE(fact.contains("size"));
        EXPECT_FALSE(fact.contains("composition"));
    } else if (estimate) {
        const int band = score == 3 ? 50 : score == 4 ? 25 : 10;
        EXPECT_EQ(fact["size"]["accuracy_percent"], band);
        EXPECT_FALSE(fact["size"].contains("exact"));
        // 2d6 = 7: the estimate is exact in every column, but still an estimate.
        EXPECT_EQ(fact["size"]["estimate"], actual);
    } else {
        EXPECT_EQ(fact["size"]["exact"], actual);
    }
    const std::string text = fact.dump();
    if (score == 3) {
        EXPECT_EQ(fact["composition"], Json({{"class", "cavalry"}}));
        EXPECT_EQ(text.find("light_horse"), std::string::npos) << "a score of 3 names no type";
    }
    if (score == 4) {
        EXPECT_TRUE(fact["composition"].contains("types"));
        EXPECT_EQ(text.find("share_percent"), std::string::npos) << "no proportions below 5";
    }
    if (score == 5) {
        EXPECT_TRUE(fact["composition"].contains("companies"));
    }
    if (score < 6) {
        EXPECT_EQ(text.find("\"figures\""), std::string::npos) << text;
    }
    // The other player learns nothing from this commander's roll.
    for (const auto& e : events_json(out.events)) {
        if (e["type"] == "intelligence" && e["receiver"] == "hadewych") {
            EXPECT_EQ(e["audience"], Json::array({"anna"}));
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Scores, ContactScoreKnowledge, ::testing::Values(1, 2, 3, 4, 5, 6));

}  // namespace
}  // namespace umpire::rules
