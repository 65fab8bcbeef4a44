// Scouting: the "scout" order member and its checks, the d6 results, the capturer,
// what a report holds (and withholds), who hears of a scout, the window for the contact
// modifiers, the scouting history in the scenario format, and worked example 12's scouts.
#include <gtest/gtest.h>

#include <fstream>
#include <set>

#include "documents/orders_json.hpp"
#include "documents/scenario_io.hpp"
#include "json_match.hpp"
#include "rules/scouting/scouting.hpp"
#include "shipped_ruleset.hpp"
#include "tests/support/shape_json.hpp"
#include "umpire/rules/audience.hpp"
#include "umpire/rules/orders.hpp"
#include "umpire/rules/period.hpp"

namespace umpire::rules {
namespace {
using testing::json_of;
using testing::kind_of;

using testing::json_mismatch;


struct Placed {
    std::string id;
    std::string player;  // p1, p3: north; p2: south
    Hex hex;
    int figures = 20;
};

// The rules cases' base board (10 x 4 clear hexes, sides north and south) with these forces.
CampaignState board(const std::vector<Placed>& forces) {
    std::ifstream in(std::string(UMPIRE_TEST_DATA_DIR) + "/cases/base/two-sides.json");
    Json doc = Json::parse(in);
    doc.erase("force_defaults");
    for (const auto& f : forces)
        doc["forces"].push_back(
            {{"id", f.id},
             {"name", f.id},
             {"player", f.player},
             {"hex", {f.hex.q, f.hex.r}},
             {"general", {{"name", "General"}, {"leadership", 0}}},
             {"camp", true},
             {"regiments",
              {{{"id", f.id + "-r1"},
                {"name", "First"},
                {"morale", 7},
                {"companies", {{{"type", "spearmen"}, {"figures", f.figures}}}}}}}});
    Problems problems;
    auto state = read_scenario(doc, problems);
    if (!state) throw std::runtime_error(problems.to_text());
    return *state;
}

AcceptedOrder scout_order(const std::string& force, Hex target) {
    AcceptedOrder order;
    order.force = force;
    order.scout = target;
    return order;
}

std::vector<Json> of_type(const EventLog& log, const std::string& type) {
    std::vector<Json> out;
    for (const auto& e : events_json(log.events()))
        if (e["type"] == type) out.push_back(e);
    return out;
}

std::set<std::string> keys_of(const Json& object) {
    std::set<std::string> out;
    for (auto it = object.begin(); it != object.end(); ++it) out.insert(it.key());
    return out;
}

// ---- Orders ----------------------------------------------------------------------------------

TEST(ScoutOrder, ReadAndWritten) {
    const Json doc{{"periods",
                    {{{"day", 1},
                      {"period", "day"},
                      {"orders", {{{"player", "p1"}, {"force", "a"}, {"hold", true},
                                   {"scout", {3, 1}}}}}}}}};
    Problems problems;
    auto orders = read_orders(doc, problems);
    ASSERT_TRUE(orders) << problems.to_text();
    const ForceOrder& order = orders->front().orders.front();
    ASSERT_TRUE(order.scout.has_value());
    EXPECT_EQ(*order.scout, (Hex{3, 1}));
    EXPECT_EQ(write_order(order),
              (Json{{"player", "p1"}, {"force", "a"}, {"hold", true}, {"scout", {3, 1}}}));

    ForceOrder without = order;
    without.scout.reset();
    EXPECT_FALSE(write_order(without).contains("scout"));
}

TEST(ScoutOrder, MalformedTargetIsAProblemOfTheFile) {
    const Json doc{{"periods",
                    {{{"day", 1},
                      {"period", "day"},
                      {"orders", {{{"player", "p1"}, {"force", "a"}, {"scout", {3}}}}}}}}};
    Problems problems;
    EXPECT_FALSE(read_orders(doc, problems));
    ASSERT_EQ(problems.size(), 1u);
    EXPECT_EQ(problems.list().front().path, "$.periods[0].orders[0].scout");
}

Json validate_one(const CampaignState& state, const Ruleset& ruleset, Hex target) {
    PeriodOrders orders;
    ForceOrder order;
    order.player = "p1";
    order.force = "a";
    order.scout = target;
    orders.orders.push_back(order);
    EventLog log;
    const auto accepted = validate_orders(state, ruleset, orders, log);
    if (!accepted.empty()) {
        EXPECT_EQ(accepted.front().scout, target);
    }
    return events_json(log.events()).front();
}

TEST(ScoutOrder, TargetOnTheMapWithinRange) {
    const CampaignState state = board({{"a", "p1", {0, 0}}});
    const int range = valormr().scouting.range_hexes;
    // The far corner of the 10 x 4 board is 9 hexes away; the ruleset's range is less.
    ASSERT_LT(range, 9);
    EXPECT_EQ(validate_one(state, valormr(), {range, 0})["status"], "accepted");
    EXPECT_EQ(validate_one(state, valormr(), {0, 0})["status"], "accepted");  // its own hex
    const Json far = validate_one(state, valormr(), {9, 0});
    EXPECT_EQ(far["status"], "rejected");
    EXPECT_EQ(far["reason"], "scout target (9,0) is 9 hexes away; a scout goes at most " +
                                 std::to_string(range) + " (R-4.1)");
    const Json off = validate_one(state, valormr(), {0, -1});
    EXPECT_EQ(off["status"], "rejected");
    EXPECT_EQ(off["reason"], "scout target (0,-1) is off the map");

    Ruleset shorter = valormr();
    shorter.scouting.range_hexes = 2;
    EXPECT_EQ(validate_one(state, shorter, {2, 0})["status"], "accepted");
    EXPECT_EQ(validate_one(state, shorter, {3, 0})["reason"],
              "scout target (3,0) is 3 hexes away; a scout goes at most 2 (R-4.1)");
    Ruleset none = valormr();
    none.scouting.dispatches_per_period = 0;
    EXPECT_EQ(validate_one(state, none, {1, 0})["reason"], "the ruleset allows no scouts (R-4.1)");
}

// ---- results ---------------------------------------------------------------------------

TEST(ScoutOutcome, RulesetTable) {
    const ScoutingRules& s = valormr().scouting;
    EXPECT_EQ(s.outcome(1).result, ScoutResult::killed);
    EXPECT_EQ(s.outcome(2).result, ScoutResult::captured);
    for (int roll : {3, 4, 5, 6}) EXPECT_EQ(s.outcome(roll).result, ScoutResult::success);
    EXPECT_EQ(s.outcome(3).accuracy_percent, 50);
    EXPECT_EQ(s.outcome(4).accuracy_percent, 50);
    EXPECT_EQ(s.outcome(5).accuracy_percent, 25);
    EXPECT_EQ(s.outcome(6).accuracy_percent, 25);
}

TEST(Scouting, KilledTellsTheSenderNothingMore) {
    CampaignState state = board({{"a", "p1", {0, 0}}, {"b", "p2", {5, 1}}});
    EventLog log;
    ScriptedDice dice({{1, "scout"}});
    resolve_scouts(state, valormr(), {scout_order("a", {5, 0})}, dice, log);
    EXPECT_EQ(dice.remaining(), 0u);
    const auto results = of_type(log, "scout_result");
    ASSERT_EQ(results.size(), 1u);
    EXPECT_EQ(results[0], (Json{{"type", "scout_result"},
                                {"audience", {"p1"}},
                                {"scout", "1.day.a"},
                                {"force", "a"},
                                {"target", {5, 0}},
                                {"result", "killed"}}));
    EXPECT_TRUE(state.knowledge["p1"].empty());
    EXPECT_TRUE(state.knowledge["p2"].empty());
    EXPECT_TRUE(of_type(log, "scout_captured").empty());
    ASSERT_EQ(state.scouts.size(), 1u);
    EXPECT_EQ(state.scouts[0].result, ScoutResult::killed);
    EXPECT_EQ(state.scouts[0].side, "north");
    EXPECT_EQ(state.scouts[0].period, 0);
}

TEST(Scouting, CapturedByTheNearestEnemyLowestIdOnTies) {
    // c and d are both one hex from the target, b two: d and c tie, c is the lower id. The
    // sender's ally (p3) and the sender learn nothing of the capturer.
    CampaignState state = board({{"a", "p1", {0, 0}},
                                 {"ally", "p3", {1, 0}},
                                 {"b", "p2", {6, 1}},
                                 {"c", "p2", {5, 1}},
                                 {"d", "p2", {4, 2}}});
    EventLog log;
    ScriptedDice dice({{2, "scout"}});
    resolve_scouts(state, valormr(), {scout_order("a", {4, 1})}, dice, log);
    EXPECT_EQ(dice.remaining(), 0u);
    const auto results = of_type(log, "scout_result");
    ASSERT_EQ(results.size(), 1u);
    EXPECT_EQ(keys_of(results[0]),
              (std::set<std::string>{"type", "audience", "scout", "force", "target", "result"}));
    EXPECT_EQ(results[0]["result"], "captured");
    EXPECT_EQ(results[0]["audience"], Json::array({"p1"}));

    const auto captured = of_type(log, "scout_captured");
    ASSERT_EQ(captured.size(), 1u);
    EXPECT_EQ(captured[0], (Json{{"type", "scout_captured"},
                                 {"audience", {"p2"}},
                                 {"scout", "1.day.a"},
                                 {"force", "c"},
                                 {"sent_by", "a"}}));
    ASSERT_EQ(state.knowledge["p2"].size(), 1u);
    const KnownFact& fact = state.knowledge["p2"][0];
    EXPECT_EQ(fact.about, "a");
    EXPECT_EQ(kind_of(fact), "scout_captured");
    EXPECT_EQ(json_of(fact.value), (Json{{"sent_by", "a"}, {"captured_by", "c"}}));
    EXPECT_EQ(fact.source, "scout 1.day.a");
    EXPECT_EQ(fact.period, 0);
    EXPECT_TRUE(state.knowledge["p1"].empty());
    EXPECT_TRUE(state.knowledge["p3"].empty());
    ASSERT_EQ(state.scouts.size(), 1u);
    EXPECT_EQ(state.scouts[0].captured_by, "c");
}

TEST(Scouting, CapturerInTheTargetHexIsNearest) {
    CampaignState state = board({{"a", "p1", {0, 0}}, {"b", "p2", {4, 2}}, {"z", "p2", {4, 1}}});
    EventLog log;
    ScriptedDice dice({{2, "scout"}});
    resolve_scouts(state, valormr(), {scout_order("a", {4, 1})}, dice, log);
    EXPECT_EQ(state.scouts.at(0).captured_by, "z");
}

// The knowledge test: a success's facts hold the position and the estimate with its band, and
// nothing else; not the figure count, not the error, not the die.
TEST(Scouting, ReportHoldsPositionAndEstimateBandOnly) {
    CampaignState state = board({{"a", "p1", {0, 1}},
                                 {"ally", "p3", {1, 1}},
                                 {"b", "p2", {5, 1}, 20},
                                 {"c", "p2", {6, 1}, 40},
                                 {"far", "p2", {7, 1}, 30}});  // two hexes from the target
    EventLog log;
    // 5: +-25%. b: 2d6 = 9 -> +10% (22); c: 2d6 = 3 -> -20% (32).
    ScriptedDice dice({{5, "scout"},
                       {4, "size estimate"}, {5, "size estimate"},
                       {1, "size estimate"}, {2, "size estimate"}});
    resolve_scouts(state, valormr(), {scout_order("a", {5, 1})}, dice, log);
    EXPECT_EQ(dice.remaining(), 0u);

    const auto& facts = state.knowledge["p1"];
    ASSERT_EQ(facts.size(), 2u);
    const std::vector<std::pair<std::string, Json>> expected{
        {"b", {{"hex", {5, 1}}, {"size", {{"estimate", 22}, {"accuracy_percent", 25}}}}},
        {"c", {{"hex", {6, 1}}, {"size", {{"estimate", 32}, {"accuracy_percent", 25}}}}}};
    for (std::size_t i = 0; i < facts.size(); ++i) {
        EXPECT_EQ(facts[i].about, expected[i].first);
        EXPECT_EQ(kind_of(facts[i]), "scout_report");
        EXPECT_EQ(facts[i].source, "scout 1.day.a");
        EXPECT_EQ(facts[i].period, 0);
        EXPECT_EQ(json_of(facts[i].value), expected[i].second);  // exactly: nothing more
        EXPECT_EQ(keys_of(json_of(facts[i].value)["size"]),
                  (std::set<std::string>{"estimate", "accuracy_percent"}));
    }
    EXPECT_TRUE(state.knowledge["p2"].empty());
    EXPECT_TRUE(state.knowledge["p3"].empty());

    const auto results = of_type(log, "scout_result");
    ASSERT_EQ(results.size(), 1u);
    EXPECT_EQ(results[0]["result"], "success");
    EXPECT_EQ(results[0]["accuracy_percent"], 25);
    EXPECT_EQ(results[0]["reports"],
              (Json{{{"hex", {5, 1}},
                     {"size", {{"estimate", 22}, {"accuracy_percent", 25}}},
                     {"force", "b"}},
                    {{"hex", {6, 1}},
                     {"size", {{"estimate", 32}, {"accuracy_percent", 25}}},
                     {"force", "c"}}}));
    EXPECT_EQ(state.scouts.at(0).reported, (std::vector<std::string>{"b", "c"}));

    // Every event of the scout is the sender's player's alone (the die, the report), but for
    // the size-estimate rolls, which the GM alone sees: roll and estimate together
    // would give the true figure.
    ASSERT_EQ(log.events().size(), 6u);
    for (const auto& e : events_json(log.events())) {
        const bool estimate_roll = e["type"] == "dice_roll" && e["purpose"] == "size estimate";
        EXPECT_EQ(e["audience"], estimate_roll ? Json::array() : Json::array({"p1"})) << e.dump();
        EXPECT_FALSE(in_audience(e["audience"], "p2"));
        EXPECT_FALSE(in_audience(e["audience"], "p3"));
    }
}

TEST(Scouting, WholeForceIsEstimated) {
    CampaignState state = board({{"a", "p1", {0, 1}}, {"b", "p2", {5, 1}, 20}});
    Force& b = *state.find_force("b");
    Regiment second = b.regiments[0];
    second.id = "b-r2";
    second.companies[0].figures = 16;
    b.regiments.push_back(second);  // 36 figures in all
    EventLog log;
    ScriptedDice dice({{3, "scout"}, {6, "size estimate"}, {6, "size estimate"}});  // +50%
    resolve_scouts(state, valormr(), {scout_order("a", {5, 1})}, dice, log);
    EXPECT_EQ(json_of(state.knowledge["p1"].at(0).value)["size"],
              (Json{{"estimate", 54}, {"accuracy_percent", 50}}));
}

TEST(Scouting, NothingSeenWithoutAnEnemyNearTheTarget) {
    // An ally in the target hex and an enemy two hexes off: no die, "nothing seen".
    CampaignState state =
        board({{"a", "p1", {0, 0}}, {"ally", "p3", {4, 2}}, {"b", "p2", {6, 2}}});
    EventLog log;
    ScriptedDice dice({});
    resolve_scouts(state, valormr(), {scout_order("a", {4, 2})}, dice, log);
    ASSERT_EQ(log.events().size(), 1u);
    EXPECT_EQ(events_json(log.events())[0], (Json{{"type", "scout_result"},
                                     {"audience", {"p1"}},
                                     {"scout", "1.day.a"},
                                     {"force", "a"},
                                     {"target", {4, 2}},
                                     {"result", "nothing seen"}}));
    EXPECT_TRUE(state.knowledge["p1"].empty());
    EXPECT_EQ(state.scouts.at(0).result, ScoutResult::nothing_seen);
}

TEST(Scouting, ResolvedInAscendingForceId) {
    CampaignState state =
        board({{"a", "p1", {0, 0}}, {"b", "p2", {9, 3}}, {"m", "p1", {0, 3}}});
    EventLog log;
    ScriptedDice dice({{1, "scout"}, {1, "scout"}});
    // m's order comes first in the list; a still rolls first.
    resolve_scouts(state, valormr(), {scout_order("m", {8, 3}), scout_order("a", {8, 2})}, dice,
                   log);
    ASSERT_EQ(state.scouts.size(), 2u);
    EXPECT_EQ(state.scouts[0].force, "a");
    EXPECT_EQ(state.scouts[1].force, "m");
    EXPECT_EQ(events_json(log.events())[0]["force"], "a");
}

// ---- R-4.2 -----------------------------------------------------------------------------------

TEST(ScoutQueries, SuccessCountsInItsPeriodAndTheNext) {
    CampaignState state = board({{"a", "p1", {0, 0}}, {"b", "p2", {5, 1}}, {"c", "p2", {9, 3}}});
    state.scouts.push_back({"a", "north", {5, 1}, 3, ScoutResult::success, {"b"}, ""});
    const Ruleset& r = valormr();
    ASSERT_EQ(r.scouting.counts_for_periods, 2);
    EXPECT_FALSE(has_successful_scout(state, r, "a", {"b"}, 2));
    EXPECT_TRUE(has_successful_scout(state, r, "a", {"b"}, 3));
    EXPECT_TRUE(has_successful_scout(state, r, "a", {"b"}, 4));
    EXPECT_FALSE(has_successful_scout(state, r, "a", {"b"}, 5));
    // Against the forces it reported only, and for the sender only.
    EXPECT_FALSE(has_successful_scout(state, r, "a", {"c"}, 3));
    EXPECT_TRUE(has_successful_scout(state, r, "a", {"c", "b"}, 3));
    EXPECT_FALSE(has_successful_scout(state, r, "b", {"a"}, 3));
    // Other results never count as a success.
    state.scouts[0].result = ScoutResult::killed;
    EXPECT_FALSE(has_successful_scout(state, r, "a", {"b"}, 3));
}

TEST(ScoutQueries, CaptureCountsForTheCapturerAgainstTheScoutsSide) {
    CampaignState state = board({{"a", "p1", {0, 0}},
                                 {"a2", "p3", {0, 3}},
                                 {"b", "p2", {5, 1}},
                                 {"b2", "p2", {9, 3}}});
    state.sides.push_back({"west", "West", {}});
    state.players.push_back({"p4", "Fourth", "west"});
    Force west = state.forces[0];
    west.id = "w";
    west.player = "p4";
    west.place_at({9, 0});
    state.forces.push_back(west);
    state.scouts.push_back({"a", "north", {5, 0}, 6, ScoutResult::captured, {}, "b"});
    const Ruleset& r = valormr();
    EXPECT_TRUE(has_captured_scout(state, r, "b", {"a"}, 6));
    EXPECT_TRUE(has_captured_scout(state, r, "b", {"a2"}, 7));  // any force of the scout's side
    EXPECT_FALSE(has_captured_scout(state, r, "b", {"a"}, 8));
    EXPECT_FALSE(has_captured_scout(state, r, "b", {"a"}, 5));
    EXPECT_FALSE(has_captured_scout(state, r, "b", {"w"}, 6));   // another side's force
    EXPECT_FALSE(has_captured_scout(state, r, "b2", {"a"}, 6));  // the capturer's ally
    EXPECT_FALSE(has_captured_scout(state, r, "a", {"b"}, 6));   // the sender
    // The side is kept with the record: it counts after the sender is gone.
    state.forces.erase(state.forces.begin());  // "a"
    EXPECT_TRUE(has_captured_scout(state, r, "b", {"a2"}, 6));
}

// ---- Scenario format -------------------------------------------------------------------------

TEST(ScoutHistory, WrittenWhenNonEmptyAndReadBack) {
    CampaignState state = board({{"a", "p1", {0, 0}}, {"b", "p2", {5, 1}}});
    EXPECT_FALSE(write_scenario(state).contains("history"));
    state.scouts.push_back({"a", "north", {5, 1}, 3, ScoutResult::success, {"b"}, ""});
    state.scouts.push_back({"a", "north", {5, 0}, 4, ScoutResult::captured, {}, "b"});
    state.scouts.push_back({"a", "north", {2, 2}, 5, ScoutResult::nothing_seen, {}, ""});
    const Json written = write_scenario(state);
    EXPECT_EQ(written["history"]["scouts"],
              (Json{{{"force", "a"}, {"side", "north"}, {"target", {5, 1}}, {"period", 3},
                     {"result", "success"}, {"reported", {"b"}}},
                    {{"force", "a"}, {"side", "north"}, {"target", {5, 0}}, {"period", 4},
                     {"result", "captured"}, {"captured_by", "b"}},
                    {{"force", "a"}, {"side", "north"}, {"target", {2, 2}}, {"period", 5},
                     {"result", "nothing seen"}}}));
    Problems problems;
    auto back = read_scenario(written, problems);
    ASSERT_TRUE(back) << problems.to_text();
    EXPECT_EQ(write_scenario(*back), written);
    ASSERT_EQ(back->scouts.size(), 3u);
    EXPECT_EQ(back->scouts[1].captured_by, "b");
    EXPECT_EQ(back->scouts[0].reported, (std::vector<std::string>{"b"}));
}

TEST(ScoutHistory, BadRecordsAreProblems) {
    CampaignState state = board({{"a", "p1", {0, 0}}});
    Json doc = write_scenario(state);
    doc["history"]["scouts"] = {{{"force", "a"}, {"side", "north"}, {"target", {1, 1}},
                                 {"period", 0}, {"result", "lost"}, {"extra", 1}}};
    Problems problems;
    EXPECT_FALSE(read_scenario(doc, problems));
    EXPECT_NE(problems.to_text().find("$.history.scouts[0].result"), std::string::npos)
        << problems.to_text();
    EXPECT_NE(problems.to_text().find("$.history.scouts[0].extra"), std::string::npos);
}

// ---- Worked example 12 -----------------------------------------------------------------------

// "Hadewych's scout was killed; Aeskrvald's scout succeeded. The contact is in the afternoon."
// Scouts at the start of the period; everyone rests in the morning (the default); in the
// afternoon all three engage, and Aeskrvald's contact die is 5 +1 (terrain) +1 (scout) = 7.
TEST(WorkedExample12, AeskrvaldsScoutGivesHimPlusOne) {
    Problems problems;
    auto fx = load_scenario_file(
        std::string(UMPIRE_TEST_DATA_DIR) + "/data/fixtures/worked-example-12.json", {kRulesetDir},
        problems);
    ASSERT_TRUE(fx) << problems.to_text();
    const CampaignState& state = fx->state;
    PeriodInputs inputs;
    inputs.orders.day = 1;
    inputs.orders.period = PeriodKind::day;
    auto order = [&](const std::string& force, Hex target) {
        ForceOrder o;
        o.force = force;
        o.player = state.find_force(force)->player;
        o.hold = true;
        o.scout = target;
        return o;
    };
    inputs.orders.orders = {order("hadewych", state.find_force("ingegerd")->hex()),
                            order("aeskrvald", state.find_force("hadewych")->hex())};
    for (const char* f : {"aeskrvald", "hadewych", "ingegerd"})
        inputs.answers[std::string("1.afternoon.aeskrvald.before.") + f] = "engage";
    ScriptedDice dice({{5, "scout"},                                   // Aeskrvald: success
                       {3, "size estimate"}, {4, "size estimate"},     // his report of Hadewych
                       {1, "scout"},                                   // Hadewych: killed
                       {5, "contact die"}, {4, "contact die"}, {3, "contact die"},
                       {4, "size estimate"}, {6, "size estimate"},     // Hadewych's estimates
                       {1, "size estimate"}, {2, "size estimate"},
                       {2, "size estimate"}, {3, "size estimate"}});   // Ingegerd's
    const PeriodOutcome out = resolve_period(state, fx->ruleset, inputs, dice);
    ASSERT_TRUE(out.complete);
    EXPECT_EQ(dice.remaining(), 0u);

    std::vector<Json> contact_dice;
    for (const auto& e : events_json(out.events))
        if (e["type"] == "contact_dice") contact_dice.push_back(e);
    ASSERT_EQ(contact_dice.size(), 1u);
    EXPECT_EQ(json_mismatch(
                  Json{{"scores",
                        {{{"force", "aeskrvald"},
                          {"die", 5},
                          {"modifiers", {{"successful_scout", 1}, {"opponents_in_clear", 1}}},
                          {"modified", 7},
                          {"table_score", 6}},
                         {{"force", "hadewych"},
                          {"die", 4},
                          {"modifiers", {{"opponents_in_clear", 1}}},
                          {"modified", 5}},
                         {{"force", "ingegerd"},
                          {"die", 3},
                          {"modifiers", {{"opponents_in_clear", 1}}},
                          {"modified", 4}}}}},
                  contact_dice[0]),
              "");
    // Exactly those modifiers: Hadewych's killed scout gives her nothing.
    EXPECT_EQ(contact_dice[0]["scores"][0]["modifiers"].size(), 2u);
    EXPECT_EQ(contact_dice[0]["scores"][1]["modifiers"].size(), 1u);
    for (const auto& e : events_json(out.events)) {
        if (e["type"] == "contact_hour") {
            EXPECT_EQ(e["hour"], 10);
        }
    }

    // The scouts' own events went to their senders only.
    for (const auto& e : events_json(out.events)) {
        if (e["type"] != "scout_result") continue;
        const Force& sender = *state.find_force(e["force"].get<std::string>());
        EXPECT_EQ(e["audience"], Json(player_audience(sender.player)->players));
        EXPECT_EQ(e["result"], sender.id == "aeskrvald" ? "success" : "killed");
    }
}

}  // namespace
}  // namespace umpire::rules
