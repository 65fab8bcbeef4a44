// The map's hexes are shared by copies of a state until one changes them
// (rules/world/hex_table.hpp): a copy reads what the original holds, a change through either leaves
// the other as it was, and lookups through the shared grid answer like the tree after any change.
#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <random>
#include <vector>

#include "documents/scenario_io.hpp"
#include "retreat_fixture.hpp"
#include "umpire/rules/period.hpp"

namespace umpire::rules {
namespace {

using namespace rout_test;

TEST(HexTable, CopiesShareTheHexesUntilOneChangesThem) {
    const Map original = rhombus(5, 4, "forest");
    Map copy = original;
    EXPECT_TRUE(copy.hexes.shares_with(original.hexes));
    EXPECT_EQ(copy.at(Hex{2, 2}), original.at(Hex{2, 2}));  // the very same hex

    copy.hexes[Hex{2, 2}].terrain = "hill";
    copy.hexes.erase(Hex{0, 0});
    copy.hexes[Hex{9, 9}].terrain = "clear";
    EXPECT_FALSE(copy.hexes.shares_with(original.hexes));
    EXPECT_EQ(copy.at(Hex{2, 2})->terrain, "hill");
    EXPECT_FALSE(copy.contains(Hex{0, 0}));
    EXPECT_TRUE(copy.contains(Hex{9, 9}));
    // The original is as it was.
    EXPECT_EQ(original.hexes.size(), 20u);
    EXPECT_EQ(original.at(Hex{2, 2})->terrain, "forest");
    EXPECT_TRUE(original.contains(Hex{0, 0}));
    EXPECT_FALSE(original.contains(Hex{9, 9}));
}

TEST(HexTable, AMovedFromTableIsEmptyAndTheMovedToOneWhole) {
    Map from = rhombus(3, 3);
    const Map copy = from;
    Map to = std::move(from);
    EXPECT_TRUE(from.hexes.empty());  // NOLINT(bugprone-use-after-move): the documented state
    EXPECT_EQ(to.hexes.size(), 9u);
    EXPECT_TRUE(to.hexes.shares_with(copy.hexes));
    from.hexes[Hex{0, 0}].terrain = "hill";  // usable again, and apart from the others
    EXPECT_EQ(to.at(Hex{0, 0})->terrain, "clear");
}

TEST(HexTable, LookupsAfterEachChangeAnswerLikeTheTree) {
    Map map = rhombus(6, 6);
    std::mt19937 random(3);
    for (int step = 0; step < 200; ++step) {
        const Hex h{static_cast<int>(random() % 10) - 2, static_cast<int>(random() % 10) - 2};
        if (random() % 3 == 0)
            map.hexes.erase(h);
        else
            map.hexes[h].terrain = step % 2 ? "hill" : "forest";
        const Map shared = map;  // lookups through a copy build and share the grid
        // The cube range kept with the grid is the one a walk over the hexes finds.
        std::optional<CubeRange> walked;
        for (const auto& [hex, cell] : map.hexes) {
            const int cube[3] = {hex.q, hex.r, -hex.q - hex.r};
            if (!walked) walked = CubeRange{{cube[0], cube[1], cube[2]}, {cube[0], cube[1], cube[2]}};
            for (int axis = 0; axis < 3; ++axis) {
                walked->low[axis] = std::min(walked->low[axis], cube[axis]);
                walked->high[axis] = std::max(walked->high[axis], cube[axis]);
            }
        }
        const auto& kept = shared.hexes.cube_range();
        ASSERT_EQ(kept.has_value(), walked.has_value()) << "step " << step;
        for (int axis = 0; walked && axis < 3; ++axis) {
            ASSERT_EQ(kept->low[axis], walked->low[axis]) << "step " << step;
            ASSERT_EQ(kept->high[axis], walked->high[axis]) << "step " << step;
        }
        for (int q = -3; q < 9; ++q)
            for (int r = -3; r < 9; ++r) {
                auto it = map.hexes.find(Hex{q, r});
                const MapHex* tree = it == map.hexes.end() ? nullptr : &it->second;
                ASSERT_EQ(shared.at(Hex{q, r}), tree) << "step " << step;
                ASSERT_EQ(map.at(Hex{q, r}), tree) << "step " << step;
                // The grid's terrain names: the hex's terrain, or none off the map.
                const std::string* terrain = shared.terrain_at(Hex{q, r});
                ASSERT_EQ(terrain == nullptr, tree == nullptr) << "step " << step;
                if (tree) {
                    ASSERT_EQ(*terrain, tree->terrain) << "step " << step;
                }
            }
    }
}

TEST(HexTable, AResolvedPeriodSharesItsMapWithTheStateItStartedFrom) {
    Problems problems;
    auto demo = load_scenario_file(std::string(UMPIRE_SOURCE_DIR) + "/scenarios/valormr-demo.json",
                                   {std::string(UMPIRE_SOURCE_DIR) + "/rulesets"}, problems);
    ASSERT_TRUE(demo) << problems.to_text();
    ASSERT_FALSE(demo->state.forces.empty());
    StandingInstructions rearguard;
    rearguard.rearguard = true;
    demo->state.forces.front().standing_instructions =
        std::make_shared<const StandingInstructions>(rearguard);
    SeededDice dice(period_seed(7, 0));
    const PeriodOutcome out = resolve_period(
        demo->state, demo->ruleset,
        {{demo->state.calendar.day, demo->state.calendar.period, {}}, {}, true}, dice);
    ASSERT_TRUE(out.complete);
    EXPECT_TRUE(out.state.map.hexes.shares_with(demo->state.map.hexes));
    // Standing instructions are shared the same way: the same value, not a copy of it.
    ASSERT_NE(out.state.forces.front().standing_instructions, nullptr);
    for (std::size_t i = 0; i < demo->state.forces.size(); ++i)
        EXPECT_EQ(out.state.forces[i].standing_instructions.get(),
                  demo->state.forces[i].standing_instructions.get());
}

}  // namespace
}  // namespace umpire::rules
