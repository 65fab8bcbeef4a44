// Terrain reconnaissance: representatives and first drawer, the placement sequence for
// every N, the deck with its local swaps and the shuffle, placement checks and auto-placement,
// and the reconnaissance of worked example 12.1.
#include <gtest/gtest.h>

#include <map>

#include "documents/scenario_io.hpp"
#include "json_match.hpp"
#include "rules/contact/terrain_cards.hpp"
#include "shipped_ruleset.hpp"

namespace umpire::rules {
namespace {

using testing::json_mismatch;


std::string letters(const std::vector<std::string>& sequence) {
    std::string out;
    for (const auto& side : sequence) out += side;
    return out;
}

// ---- the placement sequence ------------------------------------------------------------------

TEST(ReconSequence, EveryN) {
    // F = the first drawer's side, S = the other side; valormr places 4 cards a side.
    const std::map<int, std::string> expected{
        {0, "SFSFSFSF"},   // N = 0: the first drawer places none, then S opens the alternation
        {1, "FSFSFSFS"},   // worked example 12.1: 8 cards
        {2, "FFSFSFSS"},
        {3, "FFFSFSSS"},
        {4, "FFFFSSSS"},
        {5, "FFFFFSSSS"},  // N >= 4: all N, then the other side's 4
    };
    for (const auto& [n, letters_expected] : expected) {
        const auto sequence =
            placement_sequence(n, valormr().terrain_cards.cards_per_side, "F", "S");
        EXPECT_EQ(letters(sequence), letters_expected) << "N = " << n;
        EXPECT_EQ(sequence.size(), static_cast<std::size_t>(4 + std::max(n, 4)));
    }
}

TEST(ReconSequence, CardsPerSideComeFromTheRuleset) {
    EXPECT_EQ(letters(placement_sequence(1, 2, "F", "S")), "FSFS");
    EXPECT_EQ(letters(placement_sequence(3, 2, "F", "S")), "FFFSS");
}

// ---- representatives and first drawer -------------------------------------------------------

struct OrderCase {
    const char* name;
    std::vector<ReconCandidate> candidates;
    std::vector<ScriptedRoll> dice;
    const char* first_force;
    const char* second_force;
    int n;
};

class ReconOrderTable : public ::testing::TestWithParam<OrderCase> {};

TEST_P(ReconOrderTable, RepresentativesFirstDrawerAndN) {
    const OrderCase& c = GetParam();
    ScriptedDice dice(c.dice);
    EventLog log;
    const ReconOrder order = reconnaissance_order(valormr(), c.candidates, dice, log);
    EXPECT_EQ(order.first_force, c.first_force);
    EXPECT_EQ(order.second_force, c.second_force);
    EXPECT_EQ(order.n, c.n);
    EXPECT_EQ(dice.remaining(), 0u);
    for (const auto& candidate : c.candidates) {
        if (candidate.force == order.first_force) {
            EXPECT_EQ(order.first_side, candidate.side);
        }
        if (candidate.force == order.second_force) {
            EXPECT_EQ(order.second_side, candidate.side);
        }
    }
    EXPECT_EQ(order.sequence, placement_sequence(order.n, 4, order.first_side, order.second_side));
    EXPECT_EQ(events_json(log.events()).back()["type"], "reconnaissance_order");
}

INSTANTIATE_TEST_SUITE_P(
    R66, ReconOrderTable,
    ::testing::ValuesIn(std::vector<OrderCase>{
        {"higher_modified_draws_first", {{"a", "x", 4, 4}, {"b", "y", 6, 2}}, {}, "b", "a", 2},
        // Compared before clamping: 8 beats 7 though both read 6 on the table.
        {"unclamped_scores", {{"a", "x", 7, 5}, {"b", "y", 8, 6}}, {}, "b", "a", 1},
        {"tie_higher_unmodified", {{"a", "x", 5, 5}, {"b", "y", 5, 3}}, {}, "a", "b", 2},
        {"tie_rolloff",
         {{"a", "x", 5, 3}, {"b", "y", 5, 3}},
         {{2, "terrain first drawer"}, {6, "terrain first drawer"}},
         "b",
         "a",
         0},
        {"tie_rolloff_rerolls",
         {{"a", "x", 5, 3}, {"b", "y", 5, 3}},
         {{4, "terrain first drawer"}, {4, "terrain first drawer"},
          {5, "terrain first drawer"}, {1, "terrain first drawer"}},
         "a",
         "b",
         0},
        // Within a side: the highest modified score represents it...
        {"side_highest_modified",
         {{"a1", "x", 3, 3}, {"a2", "x", 6, 1}, {"b", "y", 5, 5}},
         {},
         "a2",
         "b",
         4},
        // ...tie: the higher unmodified die...
        {"side_tie_unmodified",
         {{"a1", "x", 6, 2}, {"a2", "x", 6, 5}, {"b", "y", 4, 4}},
         {},
         "a2",
         "b",
         1},
        // ...still tied: roll-off.
        {"side_tie_rolloff",
         {{"a1", "x", 6, 5}, {"a2", "x", 6, 5}, {"b", "y", 4, 1}},
         {{3, "terrain representative"}, {5, "terrain representative"}},
         "a2",
         "b",
         4},
        {"candidates_interleaved",
         {{"b1", "y", 2, 2}, {"a", "x", 3, 1}, {"b2", "y", 6, 6}},
         {},
         "b2",
         "a",
         5},
    }),
    [](const auto& info) { return std::string(info.param.name); });

TEST(ReconOrder, NeedsExactlyTwoSides) {
    ScriptedDice dice({});
    EventLog log;
    EXPECT_THROW(reconnaissance_order(valormr(), {{"a", "x", 1, 1}, {"b", "x", 2, 2}}, dice, log),
                 std::invalid_argument);
    EXPECT_THROW(reconnaissance_order(valormr(),
                                      {{"a", "x", 1, 1}, {"b", "y", 2, 2}, {"c", "z", 3, 3}},
                                      dice, log),
                 std::invalid_argument);
}

// ---- the deck --------------------------------------------------------------------------------

// Records each die's sides and purpose; rolls the top face (no swap at all) unless told `low`.
class RecordingDice final : public DiceSource {
public:
    explicit RecordingDice(bool low = false) : low_(low) {}
    int roll(int sides, const std::string& purpose) override {
        sides_.push_back(sides);
        purposes_.push_back(purpose);
        return low_ ? 1 : sides;
    }
    std::vector<int> sides_;
    std::vector<std::string> purposes_;

private:
    bool low_;
};

std::vector<std::string> cards(std::initializer_list<std::pair<const char*, int>> counts) {
    std::vector<std::string> out;
    for (auto [card, n] : counts)
        for (int i = 0; i < n; ++i) out.emplace_back(card);
    return out;
}

TEST(TerrainDeck, PrintedDeckWithoutLocalTerrain) {
    RecordingDice dice;  // top faces: Fisher-Yates leaves the order as built
    EventLog log;
    const auto deck = build_terrain_deck(valormr(), {"clear", "clear", "water"}, dice, log);
    EXPECT_EQ(deck, cards({{"hill", 6}, {"woods", 4}, {"marsh", 2}, {"pond", 1}, {"gully", 2},
                           {"rough_ground", 2}, {"river", 1}, {"stream", 2}}));
    EXPECT_EQ(deck.size(), static_cast<std::size_t>(valormr().terrain_cards.deck_size()));
}

TEST(TerrainDeck, ShuffleRollsOneDiePerPositionFromTheBottomUp) {
    RecordingDice dice(true);  // always 1: each position swaps with the top
    EventLog log;
    const auto deck = build_terrain_deck(valormr(), {}, dice, log);
    // Sides 20, 19, ..., 2: a d(i+1) for position i, from the bottom up.
    std::vector<int> sides;
    for (int s = 20; s >= 2; --s) sides.push_back(s);
    EXPECT_EQ(dice.sides_, sides);
    for (const auto& p : dice.purposes_) EXPECT_EQ(p, "shuffle terrain cards");
    // Swapping each position with the top moves the top card to the bottom.
    EXPECT_EQ(deck, cards({{"hill", 5}, {"woods", 4}, {"marsh", 2}, {"pond", 1}, {"gully", 2},
                           {"rough_ground", 2}, {"river", 1}, {"stream", 2}, {"hill", 1}}));
    // Every die is an event (19 rolls), then the deck.
    ASSERT_EQ(log.events().size(), 20u);
    EXPECT_EQ(events_json(log.events())[0]["purpose"], "shuffle terrain cards");
    EXPECT_EQ(events_json(log.events())[0]["die"], "d20");
    EXPECT_EQ(events_json(log.events()).back()["type"], "terrain_deck");
    EXPECT_EQ(events_json(log.events()).back()["deck"], Json(deck));
}

TEST(TerrainDeck, ScriptedShuffle) {
    // A 20-card deck takes 19 dice: d20 for the bottom card down to d2.
    std::vector<ScriptedRoll> rolls;
    for (int sides = 20; sides >= 2; --sides) rolls.push_back({sides == 20 ? 1 : sides, ""});
    ScriptedDice dice(rolls);
    EventLog log;
    const auto deck = build_terrain_deck(valormr(), {}, dice, log);
    EXPECT_EQ(dice.remaining(), 0u);
    // Only the bottom card swapped with the top: stream on top, hill at the bottom.
    EXPECT_EQ(deck.front(), "stream");
    EXPECT_EQ(deck.back(), "hill");
}

struct SwapCase {
    const char* name;
    std::vector<std::string> terrains;  // force hexes in ascending force id
    std::vector<std::string> deck;      // before the shuffle (which the dice leave alone)
};

class TerrainDeckSwaps : public ::testing::TestWithParam<SwapCase> {};

TEST_P(TerrainDeckSwaps, LocalCardsReplaceTheFirstSwapOutCards) {
    RecordingDice dice;
    EventLog log;
    EXPECT_EQ(build_terrain_deck(valormr(), GetParam().terrains, dice, log), GetParam().deck);
}

INSTANTIATE_TEST_SUITE_P(
    R66, TerrainDeckSwaps,
    ::testing::ValuesIn(std::vector<SwapCase>{
        {"forest",
         {"clear", "forest"},
         cards({{"hill", 6}, {"woods", 4}, {"pond", 1}, {"gully", 2}, {"rough_ground", 2},
                {"river", 1}, {"stream", 2}, {"woods", 2}})},
        {"hill",
         {"hill"},
         cards({{"hill", 6}, {"woods", 4}, {"pond", 1}, {"gully", 2}, {"rough_ground", 2},
                {"river", 1}, {"stream", 2}, {"low_hill", 2}})},
        // The swamp's two marsh cards replace the printed two.
        {"swamp",
         {"swamp"},
         cards({{"hill", 6}, {"woods", 4}, {"pond", 1}, {"gully", 2}, {"rough_ground", 2},
                {"river", 1}, {"stream", 2}, {"marsh", 2}})},
        {"mountain",
         {"mountain"},
         cards({{"hill", 6}, {"woods", 4}, {"pond", 1}, {"gully", 2}, {"rough_ground", 2},
                {"river", 1}, {"stream", 2}, {"high_hill", 2}, {"impassable", 1}})},
        // In force order, each takes the next two; local cards are never taken out again.
        {"two_swamps",
         {"swamp", "swamp"},
         cards({{"hill", 6}, {"woods", 4}, {"gully", 1}, {"rough_ground", 2}, {"river", 1},
                {"stream", 2}, {"marsh", 4}})},
        // Seven swap-out cards: the fourth force takes the last one and a hill.
        {"all_four_then_fallback",
         {"forest", "hill", "swamp", "mountain"},
         cards({{"hill", 5}, {"woods", 4}, {"river", 1}, {"stream", 2}, {"woods", 2},
                {"low_hill", 2}, {"marsh", 2}, {"high_hill", 2}, {"impassable", 1}})},
        {"five_forests",
         {"forest", "forest", "forest", "forest", "forest"},
         cards({{"hill", 3}, {"woods", 4}, {"river", 1}, {"stream", 2}, {"woods", 10}})},
    }),
    [](const auto& info) { return std::string(info.param.name); });

TEST(TerrainDeck, SwapsAreRecorded) {
    RecordingDice dice;
    EventLog log;
    build_terrain_deck(valormr(), {"clear", "mountain"}, dice, log);
    EXPECT_EQ(json_mismatch(Json{{"type", "terrain_deck"},
                                 {"swaps",
                                  {{{"terrain", "mountain"},
                                    {"out", {"marsh", "marsh"}},
                                    {"in", {"high_hill", "high_hill", "impassable"}}}}}},
                            events_json(log.events()).back()),
              "");
}

TEST(TerrainDeck, FallbackRunsOut) {
    // Seven forest forces want 14 cards; 7 swap-out cards and 6 hills make 13, so the seventh
    // takes one only. An eighth takes none.
    RecordingDice dice;
    EventLog log;
    const auto deck =
        build_terrain_deck(valormr(), std::vector<std::string>(7, "forest"), dice, log);
    EXPECT_EQ(deck, cards({{"hill", 0}, {"woods", 4}, {"river", 1}, {"stream", 2},
                           {"woods", 14}}));
    const auto more =
        build_terrain_deck(valormr(), std::vector<std::string>(8, "forest"), dice, log);
    EXPECT_EQ(more, cards({{"woods", 4}, {"river", 1}, {"stream", 2}, {"woods", 16}}));
}

// ---- placement -------------------------------------------------------------------------------

TEST(TerrainCardPlacement, Checks) {
    const std::vector<CardPlacement> placed{{"hill", "x", 2, 1, 0}};
    auto check = [&](int column, int row, int rotation) {
        return check_placement(valormr(), placed, {"woods", "y", column, row, rotation});
    };
    EXPECT_EQ(check(0, 0, 0), "");
    EXPECT_EQ(check(5, 3, 270), "");
    EXPECT_EQ(check(3, 1, 90), "");
    EXPECT_EQ(check(0, 0, 180), "");
    EXPECT_EQ(check(-1, 0, 0), "cell (-1, 0) is off the 6 x 4 battlefield grid");
    EXPECT_EQ(check(6, 0, 0), "cell (6, 0) is off the 6 x 4 battlefield grid");
    EXPECT_EQ(check(0, 4, 0), "cell (0, 4) is off the 6 x 4 battlefield grid");
    EXPECT_EQ(check(0, -1, 0), "cell (0, -1) is off the 6 x 4 battlefield grid");
    EXPECT_EQ(check(0, 0, 45), "rotation must be 0, 90, 180 or 270, not 45");
    EXPECT_EQ(check(0, 0, 360), "rotation must be 0, 90, 180 or 270, not 360");
    EXPECT_EQ(check(2, 1, 0), "cell (2, 1) already holds hill");
}

TEST(TerrainCardPlacement, AutoPlaceNearTheCentreOfTheSidesHalf) {
    std::vector<CardPlacement> placed;
    auto place = [&](const char* side, bool first) {
        CardPlacement p = auto_place(valormr(), placed, "hill", side, first);
        EXPECT_EQ(check_placement(valormr(), placed, p), "");
        EXPECT_EQ(p.rotation, 0);
        EXPECT_EQ(p.side, side);
        placed.push_back(p);
        return std::make_pair(p.column, p.row);
    };
    // The first side's half is rows 0..1, centre (2.5, 0.5): the four middle cells tie, taken
    // in (row, column) order; then the next ring.
    EXPECT_EQ(place("F", true), std::make_pair(2, 0));
    EXPECT_EQ(place("S", false), std::make_pair(2, 2));
    EXPECT_EQ(place("F", true), std::make_pair(3, 0));
    EXPECT_EQ(place("F", true), std::make_pair(2, 1));
    EXPECT_EQ(place("F", true), std::make_pair(3, 1));
    EXPECT_EQ(place("F", true), std::make_pair(1, 0));
    EXPECT_EQ(place("S", false), std::make_pair(3, 2));
}

TEST(TerrainCardPlacement, AFullHalfSpillsOver) {
    std::vector<CardPlacement> placed;
    for (int row = 0; row < 2; ++row)
        for (int column = 0; column < 6; ++column) placed.push_back({"hill", "F", column, row, 0});
    const CardPlacement p = auto_place(valormr(), placed, "woods", "F", true);
    EXPECT_EQ(std::make_pair(p.column, p.row), std::make_pair(2, 2));
    for (int row = 2; row < 4; ++row)
        for (int column = 0; column < 6; ++column) placed.push_back({"hill", "S", column, row, 0});
    EXPECT_THROW(auto_place(valormr(), placed, "woods", "F", true), std::logic_error);
}

// ---- Worked example 12.1: terrain cards ------------------------------------------------------

TEST(WorkedExample12_1, TerrainReconnaissance) {
    Problems problems;
    const auto fx = load_scenario_file(
        std::string(UMPIRE_TEST_DATA_DIR) + "/data/fixtures/worked-example-12.json", {kRulesetDir},
        problems);
    ASSERT_TRUE(fx) << problems.to_text();
    // The scores of 12.1: Aeskrvald 7 (die 5), Hadewych 5 (die 4), Ingegerd 4 (die 3).
    const std::vector<ReconCandidate> candidates{{"aeskrvald", "east", 7, 5},
                                                 {"hadewych", "west", 5, 4},
                                                 {"ingegerd", "east", 4, 3}};
    for (const auto& c : candidates)
        EXPECT_EQ(fx->state.side_of(*fx->state.find_force(c.force)), c.side);
    ScriptedDice dice({});
    EventLog log;
    const ReconOrder order = reconnaissance_order(fx->ruleset, candidates, dice, log);
    // Aeskrvald represents his side and draws first; Hadewych represents hers; N = 5 - 4 = 1.
    EXPECT_EQ(order.first_force, "aeskrvald");
    EXPECT_EQ(order.first_side, "east");
    EXPECT_EQ(order.second_force, "hadewych");
    EXPECT_EQ(order.second_side, "west");
    EXPECT_EQ(order.n, 1);
    // He places one card, the sides alternate from Hadewych until he has placed 4, then she
    // completes her 4: 8 cards in all.
    EXPECT_EQ(order.sequence, (std::vector<std::string>{"east", "west", "east", "west", "east",
                                                        "west", "east", "west"}));
    // All three forces stand in clear hexes: the printed deck, no swaps.
    std::vector<std::string> terrains;
    for (const char* id : {"aeskrvald", "hadewych", "ingegerd"})
        terrains.push_back(fx->state.map.at(fx->state.find_force(id)->hex())->terrain);
    RecordingDice shuffle;
    const auto deck = build_terrain_deck(fx->ruleset, terrains, shuffle, log);
    EXPECT_EQ(deck.size(), 20u);
    EXPECT_EQ(events_json(log.events()).back()["swaps"], Json::array());
}

}  // namespace
}  // namespace umpire::rules
