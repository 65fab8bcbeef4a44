// Dice streams (issue 28, defect 7): each roll comes from the stream of its contact, purpose and
// subject, derived from the period's secret, so what a player draws never moves with rolls made for
// others. Under one sequence a period (SeededDice), an enemy's secret scout moved every later roll
// of the period: a player could tell from its own dice that the scout happened.
#include <gtest/gtest.h>

#include "demo_scenario.hpp"

#include <vector>

#include "documents/json_file.hpp"
#include "documents/orders_json.hpp"
#include "documents/scenario_io.hpp"
#include "umpire/rules/period.hpp"
#include "umpire/rules/sha256.hpp"
#include "umpire/rules/stream_dice.hpp"

namespace umpire::rules {
namespace {

PeriodOrders first_period_orders() {
    Problems problems;
    auto doc = read_json_file(
        std::string(UMPIRE_SOURCE_DIR) + "/scenarios/valormr-demo-orders.json", problems);
    return read_orders(*doc, problems)->at(0);
}

// The events `player` may see, as text, in order.
std::string seen_by(const EventList& events, const std::string& player) {
    std::string out;
    for (const Json& e : events_json(events)) {
        const Json& audience = e["audience"];
        bool seen = audience == "all";
        for (const auto& p : audience.is_array() ? audience : Json::array()) seen |= p == player;
        if (seen) out += e.dump() + "\n";
    }
    return out;
}

// Sven's thorgrim, far from anna, sends a scout to bertram's anselm: a roll only sven sees (and,
// were the scout captured, bertram would learn of it: he is left out of the comparison).
PeriodOrders with_secret_scout(PeriodOrders orders) {
    for (auto& order : orders.orders)
        if (order.force == "thorgrim") order.scout = Hex{1, 5};
    return orders;
}

EventList resolve(const LoadedScenario& demo, const PeriodOrders& orders, DiceSource& dice) {
    const PeriodInputs inputs{orders, {}, true};
    PeriodOutcome out = resolve_period(demo.state, demo.ruleset, inputs, dice);
    EXPECT_TRUE(out.complete);
    return std::move(out.events);
}

// The first eight d6 of stream "s" under key "k": xoshiro256** from the four words of
// HMAC-SHA256("k", "s") = a754f405 9b0a4c0a ... (a Python rendering of
// include/umpire/rules/stream_dice.hpp, with its hmac module, agrees; so does the web client's,
// web-client/test/reports.test.mjs).
const std::vector<int> kGoldenRollsKs{3, 2, 6, 4, 6, 5, 4, 4};

TEST(DiceStreams, ARollIsTheValueOfItsDerivedSeed) {
    // Two streams' rolls interleaved: each stream's values are its own derived seed's, in order.
    StreamDice dice("a period's dice key");
    const char* const streams[] = {"|scout|force=\"a\";", "/contact:morning:a,b,|contact die|"};
    DerivedStream a(hmac_sha256_digest("a period's dice key", streams[0]));
    DerivedStream b(hmac_sha256_digest("a period's dice key", streams[1]));
    for (int round = 0; round < 10; ++round)
        for (int sides : {2, 6, 20, 66}) {
            const int value = dice.roll_in_stream(sides, "any", streams[round % 2]);
            EXPECT_EQ(value, (round % 2 ? b : a).roll(sides));
            EXPECT_GE(value, 1);
            EXPECT_LE(value, sides);
        }
    EXPECT_EQ(dice.draws(), 40u);
    // The same golden value the web client's check reproduces (web-client/test/reports.test.mjs).
    EXPECT_EQ(derived_seed_hex("k", "s"),
              "a754f4059b0a4c0a4abf6568ea186538b7f2dc236ba3cdfd92492e37f066fe8d");
    StreamDice golden("k");
    std::vector<int> rolled;
    for (int i = 0; i < 8; ++i) rolled.push_back(golden.roll_in_stream(6, "p", "s"));
    EXPECT_EQ(rolled, kGoldenRollsKs);
}

TEST(DiceStreams, AnEnemysSecretScoutMovesNoRollAnotherPlayerSees) {
    const LoadedScenario demo = load_demo();
    const PeriodOrders base = first_period_orders();
    const PeriodOrders scouted = with_secret_scout(base);

    StreamDice plain("key"), with_scout("key");
    const EventList a = resolve(demo, base, plain);
    const EventList b = resolve(demo, scouted, with_scout);
    ASSERT_NE(seen_by(b, "sven").find("\"purpose\":\"scout\""), std::string::npos)
        << "sven's scout rolled: " << seen_by(b, "sven");
    for (const char* player : {"anna", "ingrid", "erik"})
        EXPECT_EQ(seen_by(a, player), seen_by(b, player)) << player;

    // The defect this replaces: with one sequence a period, the scout's die shifts the rolls
    // that follow, and anna's own dice tell her that somebody scouted.
    SeededDice sequence_a(42), sequence_b(42);
    const EventList c = resolve(demo, base, sequence_a);
    const EventList d = resolve(demo, scouted, sequence_b);
    EXPECT_NE(seen_by(c, "anna"), seen_by(d, "anna"));
}

}  // namespace
}  // namespace umpire::rules
