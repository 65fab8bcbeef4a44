// Morale recovery and cavalry readiness: the roll must exceed the morale
// value, every modifier, the d66 reading, what a fail does on each side of the 15-hex rule, and
// the readiness changes of cavalry.
#include <gtest/gtest.h>

#include "retreat_fixture.hpp"
#include "rules/rout_morale/morale.hpp"

namespace umpire::rules {
namespace {

using namespace rout_test;

std::vector<ScriptedRoll> morale_dice(int a, int b) { return {{a, "morale"}, {b, "morale"}}; }

// Blue (morale `morale`, in `state`, leadership `leadership`) at (20, 3) on a 40 x 7 clear map,
// red `enemy_distance` hexes west of it on the same row.
CampaignState morale_world(OrderState state, int morale = 7, int leadership = 0,
                           int enemy_distance = 2, const std::string& troop = "spearmen") {
    CampaignState s = world(rhombus(40, 7));
    Force& blue = add_force(s, "blue", "blue1", {20, 3}, troop, morale);
    blue.order_state = state;
    blue.general.leadership = leadership;
    add_force(s, "red", "red1", {20 - enemy_distance, 3});
    return s;
}

MoraleResult check(CampaignState& s, int a, int b, const Ruleset& ruleset = valormr()) {
    ScriptedDice dice(morale_dice(a, b));
    EventLog log;
    MoraleResult out = check_morale(s, ruleset, "blue", dice, log);
    EXPECT_EQ(dice.remaining(), 0u);
    return out;
}

bool passes(OrderState state, int morale, int leadership, int a, int b,
            const Ruleset& ruleset = valormr()) {
    CampaignState s = morale_world(state, morale, leadership);
    return check(s, a, b, ruleset).passed;
}

// ---- the roll --------------------------------------------------------------------------

TEST(Morale, MustExceedTheMoraleValue) {
    // In retreat (-1) against 7: 8 - 1 = 7 fails, 9 - 1 = 8 passes.
    EXPECT_FALSE(passes(OrderState::in_retreat, 7, 0, 4, 4));
    EXPECT_TRUE(passes(OrderState::in_retreat, 7, 0, 4, 5));
}

TEST(Morale, InRoutIsMinusTwo) {
    EXPECT_FALSE(passes(OrderState::in_rout, 7, 0, 4, 5));  // 9 - 2 = 7
    EXPECT_TRUE(passes(OrderState::in_rout, 7, 0, 5, 5));   // 10 - 2 = 8
}

TEST(Morale, LeadershipAdds) {
    EXPECT_FALSE(passes(OrderState::in_rout, 7, 2, 3, 4));  // 7 - 2 + 2 = 7
    EXPECT_TRUE(passes(OrderState::in_rout, 7, 2, 4, 4));   // 8 - 2 + 2 = 8
    EXPECT_TRUE(passes(OrderState::in_retreat, 7, 1, 4, 4));  // 8 - 1 + 1 = 8
}

TEST(Morale, ModifierValuesComeFromTheRuleset) {
    Ruleset ruleset = valormr();
    ruleset.morale.in_retreat = 0;
    EXPECT_TRUE(passes(OrderState::in_retreat, 7, 0, 4, 4, ruleset));
}

TEST(Morale, RecordsTheCheck) {
    CampaignState s = morale_world(OrderState::in_rout, 6, 1);
    ScriptedDice dice(morale_dice(3, 5));
    EventLog log;
    const MoraleResult out = check_morale(s, valormr(), "blue", dice, log);
    EXPECT_TRUE(out.checked);
    EXPECT_EQ(out.regiment, "blue-r");
    EXPECT_EQ(out.morale_value, 6);
    EXPECT_EQ(out.dice, (std::vector<int>{3, 5}));
    EXPECT_EQ(out.reading, 8);
    EXPECT_EQ(out.modifiers, (NamedModifiers{{"in_rout", -2}, {"leadership", 1}}));
    EXPECT_EQ(out.total, 7);
    EXPECT_TRUE(out.passed);
    ASSERT_EQ(log.size(), 3u);
    EXPECT_EQ(events_json(log.events())[0]["purpose"], "morale");
    const Json e = events_json(log.events())[2];
    EXPECT_EQ(e["type"], "morale_check");
    EXPECT_EQ(e["total"], 7);
    EXPECT_EQ(e["passed"], true);
    EXPECT_EQ(e["order_state"], "formed");
}

TEST(Morale, D66ReadsTensThenUnits) {
    Ruleset ruleset = valormr();
    ruleset.morale.dice = MoraleDice::d66;
    CampaignState s = morale_world(OrderState::in_retreat, 35);
    MoraleResult out = check(s, 3, 6, ruleset);
    EXPECT_EQ(out.reading, 36);
    EXPECT_EQ(out.total, 35);
    EXPECT_FALSE(out.passed);  // 36 - 1 = 35, not above 35
    EXPECT_TRUE(passes(OrderState::in_retreat, 35, 0, 4, 1, ruleset));   // 41 - 1 = 40
    EXPECT_FALSE(passes(OrderState::in_retreat, 35, 0, 1, 4, ruleset));  // 14 - 1 = 13
    EXPECT_TRUE(passes(OrderState::in_rout, 60, 2, 6, 1, ruleset));      // 61 - 2 + 2 = 61
}

TEST(Morale, OnlyForcesInRetreatOrRoutCheck) {
    CampaignState s = morale_world(OrderState::unformed);
    ScriptedDice dice({});
    EventLog log;
    EXPECT_FALSE(check_morale(s, valormr(), "blue", dice, log).checked);
    EXPECT_EQ(log.size(), 0u);
    EXPECT_FALSE(check_morale(s, valormr(), "nobody", dice, log).checked);
}

TEST(Morale, CheckIsDueFromTheNextHalfPeriod) {
    EXPECT_FALSE(morale_check_due(4, 4));
    EXPECT_TRUE(morale_check_due(4, 5));
    EXPECT_TRUE(morale_check_due(4, 9));
}

// ---- pass and fail ---------------------------------------------------------------------

TEST(Morale, PassReturnsToFormed) {
    CampaignState s = morale_world(OrderState::in_rout);
    check(s, 6, 6);
    EXPECT_EQ(s.find_force("blue")->order_state, OrderState::formed);
    EXPECT_EQ(s.find_force("blue")->hex(), (Hex{20, 3}));
}

TEST(Morale, FailInRetreatBecomesRoutAndRoutsWhenNear) {
    CampaignState s = morale_world(OrderState::in_retreat, 7, 0, 14);
    const MoraleResult out = check(s, 1, 1);
    EXPECT_EQ(out.state_after, OrderState::in_rout);
    EXPECT_TRUE(out.near_enemy);
    ASSERT_TRUE(out.rout);
    EXPECT_EQ(out.rout->result, RetreatOutcome::Result::moved);
    EXPECT_EQ(out.rout->path.size(), 3u);
    const Force& blue = *s.find_force("blue");
    EXPECT_EQ(blue.order_state, OrderState::in_rout);
    EXPECT_EQ(hex_distance(blue.hex(), {6, 3}), 17);  // a full rout move away
}

TEST(Morale, FailNearTheEnemyCanSurrender) {
    CampaignState s = world(corridor(10));
    Force& blue = add_force(s, "blue", "blue1", {8, 0});
    blue.order_state = OrderState::in_rout;
    add_force(s, "red", "red1", {7, 0});
    const MoraleResult out = check(s, 1, 2);
    ASSERT_TRUE(out.rout);
    EXPECT_EQ(out.rout->result, RetreatOutcome::Result::surrendered);
    EXPECT_TRUE(s.find_force("blue")->regiments.empty());
}

TEST(Morale, FailFarFromTheEnemyHeadsForRefuge) {
    // 15 hexes from red: no rout move; the nearest forest at least 15 from red is (30, 3).
    CampaignState s = morale_world(OrderState::in_rout, 7, 0, 15);
    set_terrain(s.map, {10, 3}, "forest");  // nearer, but 5 from red
    set_terrain(s.map, {30, 3}, "forest");
    const MoraleResult out = check(s, 1, 1);
    EXPECT_FALSE(out.near_enemy);
    EXPECT_FALSE(out.rout);
    EXPECT_EQ(out.refuge, (Hex{30, 3}));
    EXPECT_EQ(out.refuge_path, (std::vector<Hex>{{21, 3}, {22, 3}, {23, 3}}));
    EXPECT_EQ(s.find_force("blue")->hex(), (Hex{23, 3}));
    EXPECT_EQ(s.find_force("blue")->order_state, OrderState::in_rout);
}

TEST(Morale, RefugeIsTheNearestForestOrDwelling) {
    CampaignState s = morale_world(OrderState::in_rout, 7, 0, 15);
    set_terrain(s.map, {30, 3}, "forest");
    s.map.hexes[Hex{20, 0}].dwelling = Dwelling{"town", "Burg"};  // 3 away, 15 from red
    const MoraleResult out = check(s, 1, 1);
    EXPECT_EQ(out.refuge, (Hex{20, 0}));
    EXPECT_EQ(s.find_force("blue")->hex(), (Hex{20, 0}));
}

TEST(Morale, RefugeWalkStopsBeforeAnAlly) {
    CampaignState s = morale_world(OrderState::in_rout, 7, 0, 15);
    set_terrain(s.map, {30, 3}, "forest");
    add_force(s, "blue-ally", "blue2", {23, 3});
    const MoraleResult out = check(s, 1, 1);
    EXPECT_EQ(out.refuge_path, (std::vector<Hex>{{21, 3}, {22, 3}}));
}

TEST(Morale, FailFarWithoutRefugeStays) {
    CampaignState s = morale_world(OrderState::in_retreat, 7, 0, 15);
    set_terrain(s.map, {10, 3}, "forest");  // too near red
    const MoraleResult out = check(s, 1, 1);
    EXPECT_FALSE(out.refuge);
    EXPECT_TRUE(out.refuge_path.empty());
    EXPECT_EQ(s.find_force("blue")->hex(), (Hex{20, 3}));
    EXPECT_EQ(s.find_force("blue")->order_state, OrderState::in_rout);
}

TEST(Morale, FailAlreadyInRefugeStays) {
    CampaignState s = morale_world(OrderState::in_rout, 7, 0, 15);
    set_terrain(s.map, {20, 3}, "forest");
    set_terrain(s.map, {22, 3}, "forest");
    const MoraleResult out = check(s, 1, 1);
    EXPECT_EQ(out.refuge, (Hex{20, 3}));
    EXPECT_TRUE(out.refuge_path.empty());
}

TEST(Morale, FarFromEnemyHexesComesFromTheRuleset) {
    Ruleset ruleset = valormr();
    ruleset.morale.far_from_enemy_hexes = 20;
    CampaignState s = morale_world(OrderState::in_rout, 7, 0, 15);
    EXPECT_TRUE(check(s, 1, 1, ruleset).near_enemy);
}

// ---- cavalry readiness -----------------------------------------------------------------

TEST(Morale, CavalryRecoveringFromRoutIsExhausted) {
    CampaignState s = morale_world(OrderState::in_rout, 7, 0, 2, "knights");
    EXPECT_TRUE(check(s, 6, 6).exhausted);
    EXPECT_EQ(s.find_force("blue")->readiness, CavalryReadiness::exhausted);
    // From retreat, or infantry: readiness unchanged.
    CampaignState retreat = morale_world(OrderState::in_retreat, 7, 0, 2, "knights");
    EXPECT_FALSE(check(retreat, 6, 6).exhausted);
    EXPECT_EQ(retreat.find_force("blue")->readiness, CavalryReadiness::fresh);
    CampaignState infantry = morale_world(OrderState::in_rout);
    check(infantry, 6, 6);
    EXPECT_EQ(infantry.find_force("blue")->readiness, CavalryReadiness::fresh);
}

TEST(Morale, CavalryThatFoughtTires) {
    CampaignState s = morale_world(OrderState::formed, 7, 0, 2, "knights");
    Force& blue = *s.find_force("blue");
    EXPECT_TRUE(cavalry_fought_battle(blue, valormr()));
    EXPECT_EQ(blue.readiness, CavalryReadiness::tired);
    EXPECT_TRUE(cavalry_fought_battle(blue, valormr()));
    EXPECT_EQ(blue.readiness, CavalryReadiness::exhausted);
    EXPECT_FALSE(cavalry_fought_battle(blue, valormr()));
    EXPECT_EQ(blue.readiness, CavalryReadiness::exhausted);
    Force& red = *s.find_force("red");  // spearmen
    EXPECT_FALSE(cavalry_fought_battle(red, valormr()));
    EXPECT_EQ(red.readiness, CavalryReadiness::fresh);
}

}  // namespace
}  // namespace umpire::rules
