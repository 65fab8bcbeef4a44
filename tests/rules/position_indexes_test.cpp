// The indexes a resolving period keeps beside its state (side positions, the force directory,
// the map grid) against plain scans of the state, through random moves and eliminations made
// the way the rules make them (CampaignState::move_force, regiments cleared).
#include <gtest/gtest.h>

#include <random>

#include "retreat_fixture.hpp"
#include "rules/world/side_positions.hpp"

namespace umpire::rules {
namespace {

using namespace rout_test;

// Some force of another side than `side_id` that the step from -> to comes closer to.
bool brute_closer(const CampaignState& s, const std::string& side_id, Hex from, Hex to) {
    for (const auto& e : s.forces)
        if (!e.regiments.empty() && s.side_of(e) != side_id &&
            hex_distance(to, e.hex()) < hex_distance(from, e.hex()))
            return true;
    return false;
}

struct RandomWorld {
    CampaignState state = world(rhombus(24, 20));
    std::mt19937 random{11};

    RandomWorld() {
        const char* players[] = {"blue1", "blue2", "red1"};
        for (int i = 0; i < 60; ++i)
            add_force(state, "f" + std::to_string(100 + i), players[i % 3], random_hex());
    }
    Hex random_hex() {
        return Hex{static_cast<int>(random() % 24), static_cast<int>(random() % 20)};
    }
};

TEST(SidePositions, AnswersEveryStepLikeAScanThroughMovesAndEliminations) {
    RandomWorld w;
    CampaignState& s = w.state;
    s.track_positions(true);
    int answers[2] = {0, 0};  // how often each answer came: both must be tried
    for (int round = 0; round < 200; ++round) {
        // Move a few forces, eliminate one now and then.
        for (int k = 0; k < 3; ++k)
            s.move_force(s.forces[w.random() % s.forces.size()], w.random_hex());
        if (round % 25 == 0) s.forces[w.random() % s.forces.size()].regiments.clear();
        SidePositions* positions = s.side_positions();
        ASSERT_NE(positions, nullptr);
        for (const std::string side : {"blue", "red"}) {
            const int group = positions->group_of(side);
            ASSERT_GE(group, 0);
            for (int probe = 0; probe < 20; ++probe) {
                // Half the probes from off the map's edges, where stepping out is "closer" to
                // nobody.
                Hex from = w.random_hex();
                if (probe % 2) from = Hex{from.q % 2 ? -3 : 27, from.r % 2 ? -3 : 23};
                for (int d = 0; d < 6; ++d) {
                    const Hex to = from + kHexDirections[d];
                    int up = -1, down = -1;
                    for (int axis = 0; axis < 3; ++axis) {
                        const int delta =
                            SidePositions::cube(to, axis) - SidePositions::cube(from, axis);
                        if (delta > 0) up = axis;
                        if (delta < 0) down = axis;
                    }
                    const bool expected = brute_closer(s, side, from, to);
                    ++answers[expected];
                    ASSERT_EQ(positions->enemy_closer_to_step(group, from, up, down), expected)
                        << "round " << round << " side " << side << " from " << to_string(from)
                        << " to " << to_string(to);
                }
            }
            std::vector<Hex> expected;
            for (const auto& f : s.forces)
                if (!f.regiments.empty() && s.side_of(f) != side) expected.push_back(f.hex());
            auto listed = positions->enemy_hexes(group);
            std::sort(expected.begin(), expected.end());
            std::sort(listed.begin(), listed.end());
            EXPECT_EQ(listed, expected);
            EXPECT_EQ(positions->any_enemy(group), !expected.empty());
        }
    }
    EXPECT_GT(answers[0], 1000);
    EXPECT_GT(answers[1], 1000);
}

TEST(SidePositions, NoEnemyLeftOnceEveryOpponentIsEliminated) {
    RandomWorld w;
    CampaignState& s = w.state;
    s.track_positions(true);
    const int blue = s.side_positions()->group_of("blue");
    EXPECT_TRUE(s.side_positions()->any_enemy(blue));
    for (auto& f : s.forces)
        if (f.player == "red1") f.regiments.clear();
    EXPECT_FALSE(s.side_positions()->any_enemy(blue));
    EXPECT_TRUE(s.side_positions()->enemy_hexes(blue).empty());
    EXPECT_EQ(s.side_positions()->group_of("green"), -1);
}

TEST(SidePositions, AStateNotResolvingKeepsNone) {
    RandomWorld w;
    EXPECT_EQ(w.state.side_positions(), nullptr);
    w.state.track_positions(true);
    ASSERT_NE(w.state.side_positions(), nullptr);
    const CampaignState copy = w.state;  // a copy is not resolving
    EXPECT_EQ(copy.side_positions(), nullptr);
}

TEST(ForceDirectory, FindsForcesAndSidesLikeAScanWhileTracking) {
    RandomWorld w;
    CampaignState& s = w.state;
    s.track_positions(true);
    for (const auto& f : s.forces) {
        EXPECT_EQ(s.find_force(f.id), &f);
        EXPECT_EQ(s.side_of(f), s.find_player(f.player)->side);
    }
    EXPECT_EQ(s.find_force("nobody"), nullptr);
    EXPECT_TRUE(s.opposed(s.forces[0], s.forces[2]));   // blue1 against red1
    EXPECT_FALSE(s.opposed(s.forces[0], s.forces[1]));  // blue1 beside blue2
    // A force added while tracking (the vector replaced): the directory is built again.
    add_force(s, "f999", "red1", Hex{1, 1});
    ASSERT_NE(s.find_force("f999"), nullptr);
    EXPECT_EQ(s.side_of(*s.find_force("f999")), "red");
}


// The directory hashes and compares ids a word at a time, in pieces that overlap by length
// (under 4 bytes, 4 to 7, 8 to 16, longer): ids of every length that differ in one byte only,
// wherever it is, are told apart, and an id that is a prefix of another is not found as it.
TEST(ForceDirectory, TellsApartIdsOfEveryLengthDifferingInOneByte) {
    CampaignState s = world(rhombus(24, 20));
    std::vector<std::string> ids;
    for (std::size_t n = 1; n <= 20; ++n)
        for (std::size_t at = 0; at < n; ++at) {
            std::string id(n, 'a');
            id[at] = 'b';
            ids.push_back(id);
        }
    for (std::size_t n = 1; n <= 20; ++n) ids.push_back(std::string(n, 'a'));
    for (std::size_t i = 0; i < ids.size(); ++i)
        add_force(s, ids[i], "blue1", Hex{static_cast<int>(i % 24), static_cast<int>(i / 24)});
    s.track_positions(true);
    for (const auto& f : s.forces) EXPECT_EQ(s.find_force(f.id), &f) << f.id;
    EXPECT_EQ(s.find_force(std::string(21, 'a')), nullptr);
    EXPECT_EQ(s.find_force("aab" + std::string(18, 'a')), nullptr);
    EXPECT_EQ(s.find_force(""), nullptr);
}
TEST(HexGrid, LooksUpLikeTheTreeAndStepsAsideWhenHexesChange) {
    CampaignState s = world(rhombus(9, 7, "forest"));
    s.map.hexes[Hex{20, 3}].terrain = "hill";  // off the rhombus: empty cells in the box
    s.track_positions(true);
    for (int q = -2; q < 24; ++q)
        for (int r = -2; r < 10; ++r) {
            auto it = s.map.hexes.find(Hex{q, r});
            EXPECT_EQ(s.map.at(Hex{q, r}), it == s.map.hexes.end() ? nullptr : &it->second);
        }
    s.map.hexes[Hex{-5, -5}].terrain = "clear";  // added after the grid was built
    ASSERT_NE(s.map.at(Hex{-5, -5}), nullptr);
    EXPECT_EQ(s.map.at(Hex{-5, -5})->terrain, "clear");
    EXPECT_TRUE(s.map.contains(Hex{-5, -5}));
}

TEST(HexGrid, AMapTooSparseForAGridKeepsItsTreeLookups) {
    CampaignState s = world(rhombus(3, 3));
    s.map.hexes[Hex{100000, 0}].terrain = "hill";  // a box of 300,000 cells for 10 hexes
    s.track_positions(true);
    ASSERT_NE(s.map.at(Hex{100000, 0}), nullptr);
    EXPECT_EQ(s.map.at(Hex{100000, 0})->terrain, "hill");
    EXPECT_EQ(s.map.at(Hex{1, 1}), &s.map.hexes.at(Hex{1, 1}));
    EXPECT_EQ(s.map.at(Hex{50000, 0}), nullptr);
    EXPECT_EQ(*s.map.terrain_at(Hex{100000, 0}), "hill");
    EXPECT_EQ(*s.map.terrain_at(Hex{1, 1}), "clear");
    EXPECT_EQ(s.map.terrain_at(Hex{50000, 0}), nullptr);
}

// Adjacent pairs found through the index of forces by hex (while tracking) are the pairs the
// sorted scan of every force's hex finds, in the same order, through moves that stack forces
// on one hex and eliminations.
TEST(AdjacentForcePairs, ThroughThePositionIndexLikeTheScan) {
    RandomWorld w;
    CampaignState& s = w.state;
    const auto scanned = adjacent_force_pairs(s.forces);
    EXPECT_EQ(adjacent_force_pairs(s), scanned);  // not tracking: the scan itself
    s.track_positions(true);
    std::size_t stacked = 0, pairs = 0;
    for (int round = 0; round < 100; ++round) {
        for (int k = 0; k < 4; ++k) {
            Force& f = s.forces[w.random() % s.forces.size()];
            // Now and then onto another force's hex, so that hexes hold several forces.
            const Hex to = k == 0 ? s.forces[w.random() % s.forces.size()].hex() : w.random_hex();
            s.move_force(f, to);
        }
        if (round % 20 == 0) s.forces[w.random() % s.forces.size()].regiments.clear();
        const auto expected = adjacent_force_pairs(s.forces);
        ASSERT_EQ(adjacent_force_pairs(s), expected) << "round " << round;
        pairs += expected.size();
        for (const auto& a : s.forces)
            for (const auto& b : s.forces)
                stacked += &a < &b && a.hex() == b.hex() && !a.regiments.empty();
    }
    EXPECT_GT(pairs, 100u);   // the comparison saw pairs
    EXPECT_GT(stacked, 10u);  // and stacked forces
}

}  // namespace
}  // namespace umpire::rules
