// Retreat and rout moves: a hand-made case for each hard rule of and
// each preference, surrender and its captor, routing off the map, and applying the move. The
// property test on random maps is in retreat_paths_property_test.cpp.
#include <gtest/gtest.h>

#include "retreat_fixture.hpp"
#include "rules/rout_morale/retreat_paths.hpp"

namespace umpire::rules {
namespace {

using namespace rout_test;
using Result = RetreatOutcome::Result;
using Path = std::vector<Hex>;

RetreatOutcome plan(const CampaignState& state, const std::string& id, RetreatKind kind,
                    const Ruleset& ruleset = valormr()) {
    return plan_retreat(state, ruleset, *state.find_force(id), kind);
}

Path moved(const RetreatOutcome& out) {
    EXPECT_EQ(out.result, Result::moved);
    return out.path;
}

std::string surrendered_to(const RetreatOutcome& out) {
    EXPECT_EQ(out.result, Result::surrendered);
    return out.captor;
}

// Open-map cases are written around (0, 0) and shifted by (4, 4) into a 14 x 14 map, so no
// path comes near the map edge.
Hex at(int q, int r) { return {q + 4, r + 4}; }
Path at(std::initializer_list<Hex> hexes) {
    Path out;
    for (Hex h : hexes) out.push_back(at(h.q, h.r));
    return out;
}

// Blue at (5, 0), red adjacent east at (6, 0), open clear map.
CampaignState open_world() {
    CampaignState s = world(rhombus(14, 14));
    add_force(s, "blue", "blue1", at(5, 0));
    add_force(s, "red", "red1", at(6, 0));
    return s;
}

// ---- how far --------------------------------------------------------------------------

TEST(RetreatPaths, RetreatMovesOneHexInClear) {
    // 6 points: one clear hex (6) and no more.
    CampaignState s = world(corridor(10));
    add_force(s, "blue", "blue1", {5, 0});
    add_force(s, "red", "red1", {4, 0});
    EXPECT_EQ(moved(plan(s, "blue", RetreatKind::retreat)), (Path{{6, 0}}));
}

TEST(RetreatPaths, RetreatAlwaysMakesItsMinimumHex) {
    // A mountain (12) is more than the 6 points, but the first hex is always allowed.
    CampaignState s = world(corridor(10));
    set_terrain(s.map, {6, 0}, "mountain");
    add_force(s, "blue", "blue1", {5, 0});
    add_force(s, "red", "red1", {4, 0});
    EXPECT_EQ(moved(plan(s, "blue", RetreatKind::retreat)), (Path{{6, 0}}));
}

TEST(RetreatPaths, RetreatGoesAsFarAsItsPointsAllow) {
    Ruleset ruleset = valormr();
    ruleset.retreat.retreat_move_points = 12;
    CampaignState s = open_world();
    // Two clear hexes: every one-hex path extends, so none is taken; farthest, then lowest.
    EXPECT_EQ(moved(plan(s, "blue", RetreatKind::retreat, ruleset)), at({{4, 0}, {3, 0}}));
    // Forest first steps (9) leave no points for a second hex: one forest hex is cheaper than
    // sliding along red through clear (6 + 6).
    for (Hex h : {Hex{4, 0}, Hex{4, 1}, Hex{5, -1}}) set_terrain(s.map, at(h.q, h.r), "forest");
    EXPECT_EQ(moved(plan(s, "blue", RetreatKind::retreat, ruleset)), at({{4, 0}}));
}

TEST(RetreatPaths, RoutIgnoresTerrainCostButNotWater) {
    CampaignState s = world(corridor(10));
    set_terrain(s.map, {6, 0}, "mountain");
    set_terrain(s.map, {7, 0}, "swamp");
    add_force(s, "blue", "blue1", {5, 0});
    add_force(s, "red", "red1", {4, 0});
    EXPECT_EQ(moved(plan(s, "blue", RetreatKind::rout)), (Path{{6, 0}, {7, 0}, {8, 0}}));
    set_terrain(s.map, {8, 0}, "water");
    EXPECT_EQ(surrendered_to(plan(s, "blue", RetreatKind::rout)), "red");
    // A retreat needs only one hex.
    EXPECT_EQ(moved(plan(s, "blue", RetreatKind::retreat)), (Path{{6, 0}}));
}

TEST(RetreatPaths, NoEnemyNoMove) {
    CampaignState s = world(corridor(10));
    add_force(s, "blue", "blue1", {5, 0});
    EXPECT_EQ(plan(s, "blue", RetreatKind::rout).result, Result::no_enemy);
}

// ---- hard rules ------------------------------------------------------------------------

TEST(RetreatPaths, NeverCloserToAnyEnemy) {
    // Enemies at both ends: every step nears one of them.
    CampaignState s = world(corridor(10));
    add_force(s, "blue", "blue1", {3, 0});
    add_force(s, "red-east", "red1", {9, 0});
    add_force(s, "red-west", "red1", {0, 0});
    EXPECT_EQ(surrendered_to(plan(s, "blue", RetreatKind::retreat)), "red-west");  // nearest
    EXPECT_EQ(surrendered_to(plan(s, "blue", RetreatKind::rout)), "red-west");
}

TEST(RetreatPaths, SurrenderCaptorTieGoesToLowestId) {
    CampaignState s = world(corridor(10));
    add_force(s, "blue", "blue1", {5, 0});
    add_force(s, "red-b", "red1", {2, 0});
    add_force(s, "red-a", "red1", {8, 0});
    EXPECT_EQ(surrendered_to(plan(s, "blue", RetreatKind::rout)), "red-a");
}

TEST(RetreatPaths, NeverEntersImpassableHex) {
    CampaignState s = world(corridor(10));
    set_terrain(s.map, {6, 0}, "water");
    add_force(s, "blue", "blue1", {5, 0});
    add_force(s, "red", "red1", {4, 0});
    EXPECT_EQ(surrendered_to(plan(s, "blue", RetreatKind::retreat)), "red");
}

TEST(RetreatPaths, NeverEntersEnemyHeldHex) {
    CampaignState s = world(corridor(10));
    add_force(s, "blue", "blue1", {5, 0});
    add_force(s, "red-far", "red1", {7, 0});
    add_force(s, "red-near", "red1", {6, 0});
    // West is free; east is held.
    EXPECT_EQ(moved(plan(s, "blue", RetreatKind::retreat)), (Path{{4, 0}}));
    s.move_force(*s.find_force("red-far"), {4, 0});
    EXPECT_EQ(surrendered_to(plan(s, "blue", RetreatKind::retreat)), "red-far");
}

TEST(RetreatPaths, EndsFartherFromEveryEnemy) {
    // Water at distance 4 and more from red: blue can walk the ring at distance 3 (never
    // closer) but never end farther away.
    const Hex enemy{6, 6};
    Map map = rhombus(13, 13);
    for (int q = 0; q < 13; ++q)
        for (int r = 0; r < 13; ++r)
            if (hex_distance(Hex{q, r}, enemy) >= 4) map.hexes[Hex{q, r}].terrain = "water";
    CampaignState s = world(map);
    add_force(s, "blue", "blue1", {9, 6});
    add_force(s, "red", "red1", enemy);
    EXPECT_EQ(surrendered_to(plan(s, "blue", RetreatKind::rout)), "red");
    EXPECT_EQ(surrendered_to(plan(s, "blue", RetreatKind::retreat)), "red");
    // One way out at distance 4, two hexes along the ring: ring, ring, out.
    set_terrain(s.map, {10, 3}, "clear");
    EXPECT_EQ(moved(plan(s, "blue", RetreatKind::rout)), (Path{{9, 5}, {9, 4}, {10, 3}}));
}

TEST(RetreatPaths, MayPassThroughAlliesButNotEndWithOne) {
    CampaignState s = world(corridor(10));
    add_force(s, "blue", "blue1", {5, 0});
    add_force(s, "blue-ally", "blue2", {6, 0});
    add_force(s, "red", "red1", {4, 0});
    EXPECT_EQ(moved(plan(s, "blue", RetreatKind::rout)), (Path{{6, 0}, {7, 0}, {8, 0}}));
    // A one-hex retreat would end in the ally's hex.
    EXPECT_EQ(surrendered_to(plan(s, "blue", RetreatKind::retreat)), "red");
    s.move_force(*s.find_force("blue-ally"), {8, 0});
    EXPECT_EQ(surrendered_to(plan(s, "blue", RetreatKind::rout)), "red");
}

// In open_world the hexes away from red are (4, 0), (4, 1) and (5, -1). With blue's home at
// (5, 6), (4, 0) and (5, -1) are behind red's lines (red, within 3, is nearer home than they
// are) and (4, 1) is not; blue's own hex is not (red is as far from home as blue).
TEST(RetreatPaths, NeverBehindEnemyLines) {
    CampaignState s = open_world();
    EXPECT_EQ(moved(plan(s, "blue", RetreatKind::retreat)), at({{4, 0}}));  // no home hexes
    side(s, "blue").home_hexes = {at(5, 6)};
    EXPECT_EQ(moved(plan(s, "blue", RetreatKind::retreat)), at({{4, 1}}));
    set_terrain(s.map, at(4, 1), "water");
    EXPECT_EQ(surrendered_to(plan(s, "blue", RetreatKind::retreat)), "red");
    // Red's home hexes do not count for blue.
    side(s, "blue").home_hexes.clear();
    side(s, "red").home_hexes = {at(5, 6)};
    EXPECT_EQ(moved(plan(s, "blue", RetreatKind::retreat)), at({{4, 0}}));
}

TEST(RetreatPaths, BehindLinesUsesTheNearestHomeHex) {
    CampaignState s = open_world();
    set_terrain(s.map, at(4, 1), "water");
    // (0, 0) is nearer blue than (5, 6): red is not between blue and that home.
    side(s, "blue").home_hexes = {at(5, 6), at(0, 0)};
    EXPECT_EQ(moved(plan(s, "blue", RetreatKind::retreat)), at({{4, 0}}));
}

TEST(RetreatPaths, BehindLinesWaivedWhenStartingThere) {
    CampaignState s = open_world();
    set_terrain(s.map, at(4, 1), "water");
    side(s, "blue").home_hexes = {at(9, 0)};  // red is already nearer home than blue
    EXPECT_EQ(moved(plan(s, "blue", RetreatKind::retreat)), at({{4, 0}}));
}

// ---- preferences -----------------------------------------------------------------------

TEST(RetreatPaths, RetreatPrefersCheapestTerrain) {
    CampaignState s = open_world();
    set_terrain(s.map, at(4, 0), "forest");
    EXPECT_EQ(moved(plan(s, "blue", RetreatKind::retreat)), at({{4, 1}}));
    set_terrain(s.map, at(4, 1), "hill");
    EXPECT_EQ(moved(plan(s, "blue", RetreatKind::retreat)), at({{5, -1}}));
    set_terrain(s.map, at(5, -1), "swamp");  // all 9: lowest (q, r)
    EXPECT_EQ(moved(plan(s, "blue", RetreatKind::retreat)), at({{4, 0}}));
}

TEST(RetreatPaths, RoutIgnoresCostInItsChoice) {
    CampaignState s = open_world();
    set_terrain(s.map, at(4, 0), "mountain");
    EXPECT_EQ(moved(plan(s, "blue", RetreatKind::rout)), at({{4, 0}, {3, 0}, {2, 0}}));
}

TEST(RetreatPaths, RoutDefaultIsFarthestThenLowest) {
    CampaignState s = open_world();
    EXPECT_EQ(moved(plan(s, "blue", RetreatKind::rout)), at({{4, 0}, {3, 0}, {2, 0}}));
}

TEST(RetreatPaths, FewestHexesNextToEnemiesBeforeRefuge) {
    CampaignState s = open_world();
    set_terrain(s.map, at(6, -3), "forest");
    // Control: the forest is reachable without touching red.
    EXPECT_EQ(moved(plan(s, "blue", RetreatKind::rout)), at({{5, -1}, {5, -2}, {6, -3}}));
    // Now only by sliding along red through (6, -1): the forest is given up.
    set_terrain(s.map, at(5, -1), "water");
    EXPECT_EQ(moved(plan(s, "blue", RetreatKind::rout)), at({{4, 0}, {3, 0}, {2, 0}}));
}

TEST(RetreatPaths, FewestAlliesPassedBeforeLowestDestination) {
    CampaignState s = open_world();
    add_force(s, "blue-ally", "blue2", at(4, 0));
    EXPECT_EQ(moved(plan(s, "blue", RetreatKind::rout)), at({{4, 1}, {3, 1}, {2, 1}}));
    s.move_force(*s.find_force("blue-ally"), at(2, 0));  // cannot end there
    EXPECT_EQ(moved(plan(s, "blue", RetreatKind::rout)), at({{4, 0}, {3, 0}, {2, 1}}));
}

TEST(RetreatPaths, RoutPrefersForestOrDwellingDestination) {
    CampaignState s = open_world();
    set_terrain(s.map, at(2, 3), "forest");  // as far as (2, 0), but refuge
    EXPECT_EQ(moved(plan(s, "blue", RetreatKind::rout)), at({{4, 1}, {3, 2}, {2, 3}}));
    set_terrain(s.map, at(2, 3), "clear");
    // Refuge before distance: (3, 2) is 3 from red, (2, 0) 4; then the lowest of its paths.
    s.map.hexes[at(3, 2)].dwelling = Dwelling{"village", "Hamlet"};
    EXPECT_EQ(moved(plan(s, "blue", RetreatKind::rout)), at({{4, 0}, {3, 1}, {3, 2}}));
    // A retreat takes no account of refuge.
    EXPECT_EQ(moved(plan(s, "blue", RetreatKind::retreat)), at({{4, 0}}));
}

TEST(RetreatPaths, LargerFinalDistanceBeforeLowestDestination) {
    CampaignState s = world(rhombus(14, 14));
    add_force(s, "blue", "blue1", at(5, 0));
    add_force(s, "red", "red1", at(4, 0));
    // (3, 3) is the lowest reachable destination (3 from red); (5, 3) the lowest at 4.
    EXPECT_EQ(moved(plan(s, "blue", RetreatKind::rout)), at({{5, 1}, {5, 2}, {5, 3}}));
}

// ---- map edge --------------------------------------------------------------------------

TEST(RetreatPaths, RoutsOffTheMapWithHexesLeft) {
    CampaignState s = world(corridor(10, /*open_west=*/true));
    add_force(s, "blue", "blue1", {1, 0});
    add_force(s, "red", "red1", {2, 0});
    RetreatOutcome out = plan(s, "blue", RetreatKind::rout);
    EXPECT_EQ(out.result, Result::routed_off_map);
    EXPECT_EQ(out.path, (Path{{0, 0}}));
    EXPECT_EQ(out.exit, (Hex{-1, 0}));
    // Already on the edge: off at once.
    s.move_force(*s.find_force("blue"), {0, 0});
    s.move_force(*s.find_force("red"), {1, 0});
    out = plan(s, "blue", RetreatKind::rout);
    EXPECT_EQ(out.result, Result::routed_off_map);
    EXPECT_EQ(out.path, Path{});
    // A retreat never leaves the map: it cannot move a hex, so it surrenders.
    EXPECT_EQ(surrendered_to(plan(s, "blue", RetreatKind::retreat)), "red");
}

TEST(RetreatPaths, FullRoutMoveEndingOnTheEdgeStaysOnTheMap) {
    CampaignState s = world(corridor(10, /*open_west=*/true));
    add_force(s, "blue", "blue1", {3, 0});
    add_force(s, "red", "red1", {4, 0});
    EXPECT_EQ(moved(plan(s, "blue", RetreatKind::rout)), (Path{{2, 0}, {1, 0}, {0, 0}}));
}

TEST(RetreatPaths, NoRoutOffTheMapTowardAnEnemy) {
    // The off-map step keeps the step rules, measured at its coordinate: beyond the hole at
    // (-1, 0) stands red-west, so stepping off would near it and blue surrenders instead.
    CampaignState s = world(corridor(10, /*open_west=*/true));
    s.map.hexes[Hex{-2, 0}].terrain = "clear";
    add_force(s, "blue", "blue1", {0, 0});
    add_force(s, "red", "red1", {1, 0});
    EXPECT_EQ(plan(s, "blue", RetreatKind::rout).result, Result::routed_off_map);
    add_force(s, "red-west", "red1", {-2, 0});
    EXPECT_EQ(surrendered_to(plan(s, "blue", RetreatKind::rout)), "red");
}

// ---- applying the move ------------------------------------------------------------------------

TEST(RetreatMoves, MoveUpdatesTheForce) {
    CampaignState s = world(corridor(10));
    add_force(s, "blue", "blue1", {5, 0});
    add_force(s, "red", "red1", {4, 0});
    EventLog log;
    make_retreat_move(s, valormr(), "blue", RetreatKind::rout, log);
    const Force& blue = *s.find_force("blue");
    EXPECT_EQ(blue.hex(), (Hex{8, 0}));
    EXPECT_EQ(blue.order_state, OrderState::in_rout);
    ASSERT_EQ(log.size(), 1u);
    EXPECT_EQ(events_json(log.events())[0]["type"], "rout_move");
    EXPECT_EQ(events_json(log.events())[0]["path"], Json::parse("[[6,0],[7,0],[8,0]]"));
}

TEST(RetreatMoves, SurrenderEliminatesAndNamesTheCaptor) {
    CampaignState s = world(corridor(10));
    set_terrain(s.map, {6, 0}, "water");
    add_force(s, "blue", "blue1", {5, 0});
    add_force(s, "red", "red1", {4, 0});
    EventLog log;
    RetreatOutcome out = make_retreat_move(s, valormr(), "blue", RetreatKind::retreat, log);
    EXPECT_EQ(out.result, Result::surrendered);
    EXPECT_TRUE(s.find_force("blue")->regiments.empty());
    ASSERT_EQ(log.size(), 2u);
    EXPECT_EQ(events_json(log.events())[0]["type"], "surrendered");
    EXPECT_EQ(events_json(log.events())[0]["captor"], "red");
    EXPECT_EQ(events_json(log.events())[0]["figures"], 20);
    EXPECT_EQ(events_json(log.events())[1]["type"], "force_eliminated");
    EXPECT_EQ(s.force_at({5, 0}), nullptr);
    EXPECT_THROW(make_retreat_move(s, valormr(), "blue", RetreatKind::rout, log),
                 std::invalid_argument);
}

TEST(RetreatMoves, RoutedOffTheMapIsEliminated) {
    CampaignState s = world(corridor(10, /*open_west=*/true));
    add_force(s, "blue", "blue1", {1, 0});
    add_force(s, "red", "red1", {2, 0});
    EventLog log;
    make_retreat_move(s, valormr(), "blue", RetreatKind::rout, log);
    EXPECT_TRUE(s.find_force("blue")->regiments.empty());
    ASSERT_EQ(log.size(), 2u);
    EXPECT_EQ(events_json(log.events())[0]["type"], "routed_off_map");
    EXPECT_EQ(events_json(log.events())[0]["exit"], Json::parse("[-1,0]"));
}

}  // namespace
}  // namespace umpire::rules
