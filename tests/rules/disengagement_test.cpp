// Disengagement: every modifier and category, every row of the losses
// table, summing against several opponents, destruction, rounding, the minimum loss, the no-hex
// percentage, proportional loss allocation, the displacement hex, and worked example 12.2.
#include <gtest/gtest.h>

#include "documents/scenario_io.hpp"
#include "json_match.hpp"
#include "rules/disengagement/assault_regiment.hpp"
#include "rules/disengagement/disengagement.hpp"
#include "shipped_ruleset.hpp"

namespace umpire::rules {
namespace {

using testing::json_mismatch;


DisengagementParty party(std::string force, auto change) {
    DisengagementParty p;
    p.force = std::move(force);
    change(p);
    return p;
}

DisengagementParty party(std::string force) {
    return party(std::move(force), [](DisengagementParty&) {});
}

// ---- modifiers -------------------------------------------------------------------------

struct ModifierCase {
    const char* name;
    DisengagementParty party;
    bool is_disengager;
    OrderState disengager_state;
    NamedModifiers expected;  // in category order
};

class DisengagementModifiersTable : public ::testing::TestWithParam<ModifierCase> {};

TEST_P(DisengagementModifiersTable, BestSingleValuePerCategory) {
    const ModifierCase& c = GetParam();
    EXPECT_EQ(disengagement_modifiers(valormr(), c.party, c.is_disengager, c.disengager_state),
              c.expected);
}

std::vector<ModifierCase> modifier_cases() {
    using S = OrderState;
    auto state = [](S s) { return [=](DisengagementParty& p) { p.order_state = s; }; };
    const NamedModifiers formed_plain{{"formed", 2}, {"unfavourable_terrain", 0}};
    return {
        // order
        {"formed", party("d"), true, S::formed, formed_plain},
        {"unformed", party("d", state(S::unformed)), true, S::unformed,
         {{"unformed", 0}, {"unfavourable_terrain", 0}}},
        {"in_retreat", party("d", state(S::in_retreat)), true, S::in_retreat,
         {{"in_retreat", 0}, {"unfavourable_terrain", 0}}},
        {"in_rout", party("d", state(S::in_rout)), true, S::in_rout,
         {{"in_rout", -1}, {"unfavourable_terrain", 0}}},
        {"opponent_in_rout", party("o", state(S::in_rout)), false, S::formed,
         {{"in_rout", -1}, {"unfavourable_terrain", 0}}},
        // rearguard: the disengager only
        {"rearguard", party("d", [](auto& p) { p.rearguard = true; }), true, S::formed,
         {{"formed", 2}, {"rearguard", 1}, {"unfavourable_terrain", 0}}},
        {"rearguard_not_for_opponent", party("o", [](auto& p) { p.rearguard = true; }), false,
         S::formed, formed_plain},
        // support: either
        {"supported_disengager", party("d", [](auto& p) { p.supported = true; }), true,
         S::formed, {{"formed", 2}, {"supported", 1}, {"unfavourable_terrain", 0}}},
        {"supported_opponent", party("o", [](auto& p) { p.supported = true; }), false, S::formed,
         {{"formed", 2}, {"supported", 1}, {"unfavourable_terrain", 0}}},
        // terrain
        {"favourable", party("d", [](auto& p) { p.favourable_terrain = true; }), true, S::formed,
         {{"formed", 2}, {"favourable_terrain", 1}}},
        {"favourable_opponent", party("o", [](auto& p) { p.favourable_terrain = true; }), false,
         S::formed, {{"formed", 2}, {"favourable_terrain", 1}}},
        // action: the opponent only; pursuit only of a disengager not in good order; best one
        {"maneuver", party("o", [](auto& p) { p.maneuver = true; }), false, S::formed,
         {{"formed", 2}, {"unfavourable_terrain", 0}, {"maneuver", 1}}},
        {"maneuver_not_for_disengager", party("d", [](auto& p) { p.maneuver = true; }), true,
         S::formed, formed_plain},
        {"pursuit_of_formed", party("o", [](auto& p) { p.aggressive_pursuit = true; }), false,
         S::formed, formed_plain},
        {"pursuit_of_unformed", party("o", [](auto& p) { p.aggressive_pursuit = true; }), false,
         S::unformed, {{"formed", 2}, {"unfavourable_terrain", 0}, {"aggressive_pursuit", 2}}},
        {"pursuit_of_retreat", party("o", [](auto& p) { p.aggressive_pursuit = true; }), false,
         S::in_retreat, {{"formed", 2}, {"unfavourable_terrain", 0}, {"aggressive_pursuit", 2}}},
        {"pursuit_of_rout", party("o", [](auto& p) { p.aggressive_pursuit = true; }), false,
         S::in_rout, {{"formed", 2}, {"unfavourable_terrain", 0}, {"aggressive_pursuit", 2}}},
        {"pursuit_not_for_disengager",
         party("d",
               [](auto& p) {
                   p.order_state = OrderState::unformed;
                   p.aggressive_pursuit = true;
               }),
         true, S::unformed, {{"unformed", 0}, {"unfavourable_terrain", 0}}},
        {"both_actions_best_only",
         party("o",
               [](auto& p) {
                   p.maneuver = true;
                   p.aggressive_pursuit = true;
               }),
         false, S::in_rout, {{"formed", 2}, {"unfavourable_terrain", 0}, {"aggressive_pursuit", 2}}},
        {"both_actions_formed_disengager",
         party("o",
               [](auto& p) {
                   p.maneuver = true;
                   p.aggressive_pursuit = true;
               }),
         false, S::formed, {{"formed", 2}, {"unfavourable_terrain", 0}, {"maneuver", 1}}},
        // cavalry
        {"exhausted_disengager", party("d", [](auto& p) { p.exhausted_cavalry = true; }), true,
         S::formed, {{"formed", 2}, {"unfavourable_terrain", 0}, {"exhausted_cavalry", -1}}},
        {"exhausted_opponent", party("o", [](auto& p) { p.exhausted_cavalry = true; }), false,
         S::formed, {{"formed", 2}, {"unfavourable_terrain", 0}, {"exhausted_cavalry", -1}}},
        // every category at once, in category order
        {"all_disengager",
         party("d",
               [](auto& p) {
                   p.order_state = OrderState::in_rout;
                   p.rearguard = true;
                   p.supported = true;
                   p.favourable_terrain = true;
                   p.exhausted_cavalry = true;
                   p.maneuver = true;
               }),
         true, S::in_rout,
         {{"in_rout", -1},
          {"rearguard", 1},
          {"supported", 1},
          {"favourable_terrain", 1},
          {"exhausted_cavalry", -1}}},
        {"all_opponent",
         party("o",
               [](auto& p) {
                   p.rearguard = true;
                   p.supported = true;
                   p.favourable_terrain = true;
                   p.exhausted_cavalry = true;
                   p.maneuver = true;
                   p.aggressive_pursuit = true;
               }),
         false, S::in_retreat,
         {{"formed", 2},
          {"supported", 1},
          {"favourable_terrain", 1},
          {"aggressive_pursuit", 2},
          {"exhausted_cavalry", -1}}},
    };
}

INSTANTIATE_TEST_SUITE_P(R73, DisengagementModifiersTable, ::testing::ValuesIn(modifier_cases()),
                         [](const auto& info) { return std::string(info.param.name); });

TEST(DisengagementModifiers, ValuesComeFromTheRuleset) {
    Ruleset ruleset = valormr();
    ruleset.disengagement.modifiers.maneuver = 3;  // now the better action even against a rout
    ruleset.disengagement.modifiers.unfavourable_terrain = -1;
    ruleset.cavalry_readiness.exhausted_disengagement_modifier = -2;
    const auto o = party("o", [](auto& p) {
        p.maneuver = true;
        p.aggressive_pursuit = true;
        p.exhausted_cavalry = true;
    });
    EXPECT_EQ(disengagement_modifiers(ruleset, o, false, OrderState::in_rout),
              (NamedModifiers{{"formed", 2},
                              {"unfavourable_terrain", -1},
                              {"maneuver", 3},
                              {"exhausted_cavalry", -2}}));
}

Force force_of(std::string id, std::vector<std::vector<Company>> regiments) {
    Force f;
    f.id = std::move(id);
    int n = 0;
    for (auto& companies : regiments)
        f.regiments.push_back(Regiment{f.id + std::to_string(++n), "", 7, std::move(companies)});
    return f;
}

TEST(DisengagementModifiers, FavourableTerrainByMainClassOfTheAssaultRegiment) {
    const Ruleset& r = valormr();
    const Force foot = force_of("foot", {{{"spearmen", 20, ""}, {"knights", 5, ""}}});
    const Force horse = force_of("horse", {{{"knights", 12, ""}, {"archers", 11, ""}},
                                           {{"spearmen", 99, ""}}});  // reserve does not count
    const Force tied = force_of("tied", {{{"knights", 10, ""}, {"archers", 10, ""}}});
    const Force trolls = force_of("trolls", {{{"troll", 3, ""}}});
    const Force none = force_of("none", {});
    EXPECT_EQ(main_troop_class(foot.regiments[0], r), TroopClass::infantry);
    EXPECT_EQ(main_troop_class(horse.regiments[0], r), TroopClass::cavalry);
    EXPECT_EQ(main_troop_class(tied.regiments[0], r), TroopClass::infantry);  // tie: infantry
    EXPECT_EQ(main_troop_class(trolls.regiments[0], r), TroopClass::creature);
    for (const char* t : {"forest", "hill", "swamp", "mountain"}) {
        EXPECT_TRUE(favourable_terrain(r, foot, t)) << t;
        EXPECT_FALSE(favourable_terrain(r, horse, t)) << t;
    }
    EXPECT_FALSE(favourable_terrain(r, foot, "clear"));
    EXPECT_TRUE(favourable_terrain(r, horse, "clear"));
    EXPECT_TRUE(favourable_terrain(r, tied, "hill"));
    for (const char* t : {"clear", "forest", "hill", "swamp", "mountain"})
        EXPECT_FALSE(favourable_terrain(r, trolls, t)) << t;
    EXPECT_FALSE(favourable_terrain(r, none, "clear"));
}

TEST(DisengagementModifiers, RearguardNeedsTwoRegiments) {
    EXPECT_FALSE(can_detail_rearguard(valormr(), force_of("one", {{{"spearmen", 20, ""}}})));
    EXPECT_TRUE(can_detail_rearguard(
        valormr(), force_of("two", {{{"spearmen", 20, ""}}, {{"archers", 5, ""}}})));
}

// ---- every row of the losses table -----------------------------------------------------

struct LossRowCase {
    int difference;
    int loss_percent;  // as printed in
    bool displaced;
};

class DisengagementLossesTable : public ::testing::TestWithParam<LossRowCase> {};

TEST_P(DisengagementLossesTable, EveryRow) {
    const LossRowCase& c = GetParam();
    DisengagementParty d = party("d");
    DisengagementParty o = party("o");
    int dd = 1;
    int od = 1;
    if (c.difference >= 0) {
        dd = 1 + c.difference;  // both formed: difference = dd - od
    } else if (c.difference >= -5) {
        od = 1 - c.difference;
    } else {
        // A routed disengager (-1) against a supported pursuer (+2 +1 +2): dd - od - 6.
        d.order_state = OrderState::in_rout;
        o.supported = true;
        o.aggressive_pursuit = true;
        od = 1 - (c.difference + 6);
    }
    ScriptedDice dice({{dd, "disengagement"}, {od, "disengagement"}});
    EventLog log;
    const auto out = resolve_disengagement(valormr(), d, {o}, 100, true, dice, log);
    ASSERT_EQ(out.opponents.size(), 1u);
    EXPECT_EQ(out.opponents[0].difference, c.difference);
    EXPECT_EQ(out.opponents[0].loss_percent, c.loss_percent);
    EXPECT_EQ(out.opponents[0].displaced, c.displaced);
    EXPECT_EQ(out.loss_percent, c.loss_percent);
    EXPECT_EQ(out.displaced, c.displaced);
    EXPECT_EQ(out.destroyed, c.loss_percent >= 50);
    EXPECT_EQ(out.figures_lost, c.loss_percent >= 50 ? 100 : c.loss_percent);
    EXPECT_EQ(valormr().disengagement.loss_for(c.difference).loss_percent, c.loss_percent);
}

INSTANTIATE_TEST_SUITE_P(R74, DisengagementLossesTable,
                         ::testing::ValuesIn(std::vector<LossRowCase>{{5, 0, false},
                                                                      {1, 0, false},
                                                                      {0, 0, false},
                                                                      {-1, 0, false},
                                                                      {-2, 5, false},
                                                                      {-3, 5, true},
                                                                      {-4, 10, true},
                                                                      {-5, 25, true},
                                                                      {-6, 40, true},
                                                                      {-7, 50, true},
                                                                      {-8, 50, true},
                                                                      {-11, 50, true}}),
                         [](const auto& info) {
                             const int d = info.param.difference;
                             return d < 0 ? "minus" + std::to_string(-d) : "plus" + std::to_string(d);
                         });

// ---- several opponents, destruction, the no-hex percentage -----------------------------

// The disengager (formed) rolls 1; opponent i (formed; supported when asked) rolls dice[i].
DisengagementOutcome against(std::vector<std::pair<int, bool>> opponents, int figures,
                             bool hex_exists, EventLog& log) {
    std::vector<ScriptedRoll> rolls{{1, "disengagement"}};
    std::vector<DisengagementParty> parties;
    int n = 0;
    for (auto [die, supported] : opponents) {
        rolls.push_back({die, "disengagement"});
        parties.push_back(party("o" + std::to_string(++n), [=](auto& p) { p.supported = supported; }));
    }
    ScriptedDice dice(rolls);
    auto out = resolve_disengagement(valormr(), party("d"), parties, figures, hex_exists, dice, log);
    EXPECT_EQ(dice.remaining(), 0u);
    return out;
}

TEST(DisengagementLosses, SummedAgainstSeveralOpponents) {
    EventLog log;
    // -2 (5%) and -4 (10%): 15% of 40 = 6, displaced once.
    auto out = against({{3, false}, {5, false}}, 40, true, log);
    EXPECT_EQ(out.opponents[0].difference, -2);
    EXPECT_EQ(out.opponents[1].difference, -4);
    EXPECT_EQ(out.loss_percent, 15);
    EXPECT_EQ(out.figures_lost, 6);
    EXPECT_TRUE(out.displaced);
    EXPECT_FALSE(out.destroyed);
}

TEST(DisengagementLosses, DestroyedAtExactlyTheThreshold) {
    EventLog log;
    // -5 and -5: 25% + 25% = 50%: the whole assault regiment.
    auto fifty = against({{6, false}, {6, false}}, 40, true, log);
    EXPECT_EQ(fifty.loss_percent, 50);
    EXPECT_TRUE(fifty.destroyed);
    EXPECT_EQ(fifty.figures_lost, 40);
    // -6 and -2: 40% + 5% = 45%: not destroyed, 18 of 40.
    auto forty_five = against({{6, true}, {3, false}}, 40, true, log);
    EXPECT_EQ(forty_five.loss_percent, 45);
    EXPECT_FALSE(forty_five.destroyed);
    EXPECT_EQ(forty_five.figures_lost, 18);
}

TEST(DisengagementLosses, NoDisplacementHexAddsTenPercentOnce) {
    EventLog log;
    // -6 alone with nowhere to go: 40% + 10% = 50%: destroyed.
    auto alone = against({{6, true}}, 40, false, log);
    EXPECT_EQ(alone.loss_percent, 50);
    EXPECT_TRUE(alone.destroyed);
    EXPECT_TRUE(alone.displaced);
    EXPECT_EQ(events_json(log.events()).back()["no_hex_percent"], 10);
    // Displaced by both (-3, -3): 5% + 5% + 10% once = 20%.
    auto both = against({{4, false}, {4, false}}, 40, false, log);
    EXPECT_EQ(both.loss_percent, 20);
    EXPECT_EQ(both.figures_lost, 8);
    // -6 and -2 with no hex: 55%: destroyed.
    auto over = against({{6, true}, {3, false}}, 40, false, log);
    EXPECT_EQ(over.loss_percent, 55);
    EXPECT_TRUE(over.destroyed);
    // -2 is not a displacement: no hex needed, nothing added.
    auto kept = against({{3, false}}, 40, false, log);
    EXPECT_EQ(kept.loss_percent, 5);
    EXPECT_FALSE(kept.displaced);
    EXPECT_EQ(events_json(log.events()).back()["no_hex_percent"], 0);
    // A displacement with a hex to go to adds nothing.
    auto with_hex = against({{4, false}}, 40, true, log);
    EXPECT_EQ(with_hex.loss_percent, 5);
    EXPECT_TRUE(with_hex.displaced);
}

TEST(DisengagementLosses, RoundHalfUpWithAMinimumOfOneFigure) {
    EventLog log;
    struct Case {
        int die;  // against the disengager's 1: difference 1 - die
        int figures;
        int lost;
    };
    for (const Case& c : std::vector<Case>{
             {3, 10, 1},   // 5% of 10 = 0.5
             {3, 30, 2},   // 1.5
             {3, 50, 3},   // 2.5
             {3, 9, 1},    // 0.45: rounds to 0, at least 1
             {3, 1, 1},    // 0.05: at least 1
             {5, 45, 5},   // 10% of 45 = 4.5
             {5, 44, 4},   // 4.4
             {6, 2, 1},    // 25% of 2 = 0.5
             {6, 6, 2},    // 1.5
             {6, 41, 10},  // 10.25
             {2, 100, 0},  // -1: no loss, so no minimum
             {1, 100, 0},  // 0
         }) {
        auto out = against({{c.die, false}}, c.figures, true, log);
        EXPECT_EQ(out.figures_lost, c.lost) << "die " << c.die << ", " << c.figures << " figures";
    }
    // 35% of 10 = 3.5 -> 4 (two opponents: -4 and -5).
    EXPECT_EQ(against({{5, false}, {6, false}}, 10, true, log).figures_lost, 4);
}

TEST(DisengagementLosses, MinimumComesFromTheRuleset) {
    Ruleset ruleset = valormr();
    ruleset.disengagement.minimum_loss_figures = 3;
    ScriptedDice dice({{1, ""}, {3, ""}});
    EventLog log;
    auto out = resolve_disengagement(ruleset, party("d"), {party("o")}, 20, true, dice, log);
    EXPECT_EQ(out.figures_lost, 3);  // 5% of 20 = 1, raised to the minimum
}

TEST(DisengagementLosses, NeedsAnOpponent) {
    ScriptedDice dice({});
    EventLog log;
    EXPECT_THROW(resolve_disengagement(valormr(), party("d"), {}, 20, true, dice, log),
                 std::invalid_argument);
}

TEST(DisengagementLosses, RecordsEveryDieAndTheOutcome) {
    EventLog log;
    const DisengagementParty d = party("d", [](auto& p) { p.rearguard = true; });
    const std::vector<DisengagementParty> opponents{
        party("o1", [](auto& p) { p.maneuver = true; }), party("o2")};
    ScriptedDice dice({{2, "disengagement"}, {3, "disengagement"}, {1, "disengagement"}});
    resolve_disengagement(valormr(), d, opponents, 30, true, dice, log);
    ASSERT_EQ(log.events().size(), 4u);
    const char* order[] = {"d", "o1", "o2"};
    for (int i = 0; i < 3; ++i)
        EXPECT_EQ(json_mismatch(Json{{"type", "dice_roll"},
                                     {"purpose", "disengagement"},
                                     {"die", "d6"},
                                     {"force", order[i]}},
                                events_json(log.events())[i]),
                  "");
    // d: 2 + 2 + 1 = 5; o1: 3 + 2 + 1 = 6 (-1); o2: 1 + 2 = 3 (+2).
    EXPECT_EQ(json_mismatch(Json{{"type", "disengagement"},
                                     {"force", "d"},
                                     {"die", 2},
                                     {"modifiers",
                                      {{"formed", 2}, {"rearguard", 1}, {"unfavourable_terrain", 0}}},
                                     {"total", 5},
                                     {"opponents",
                                      {{{"force", "o1"},
                                        {"die", 3},
                                        {"modifiers",
                                         {{"formed", 2}, {"unfavourable_terrain", 0}, {"maneuver", 1}}},
                                        {"total", 6},
                                        {"difference", -1},
                                        {"loss_percent", 0},
                                        {"displaced", false}},
                                       {{"force", "o2"},
                                        {"die", 1},
                                        {"modifiers", {{"formed", 2}, {"unfavourable_terrain", 0}}},
                                        {"total", 3},
                                        {"difference", 2},
                                        {"loss_percent", 0},
                                        {"displaced", false}}}},
                                     {"assault_figures", 30},
                                     {"no_hex_percent", 0},
                                     {"loss_percent", 0},
                                     {"destroyed", false},
                                     {"figures_lost", 0},
                                     {"displaced", false}},
                            events_json(log.events())[3]),
              "");
}

// ---- loss allocation -------------------------------------------------------------------

TEST(DisengagementLossAllocation, ProportionalWithLargestRemainder) {
    struct Case {
        std::vector<int> companies;
        int figures;
        std::vector<int> lost;
    };
    for (const Case& c : std::vector<Case>{
             {{30, 9, 1}, 14, {11, 3, 0}},  // 10.5, 3.15, 0.35: the .5 takes the last figure
             {{10, 7, 3}, 5, {2, 2, 1}},    // 2.5, 1.75, 0.75: the two .75s, earlier first
             {{5, 5}, 1, {1, 0}},           // tie: the earlier company
             {{5, 5, 5}, 2, {1, 1, 0}},
             {{20, 20}, 3, {2, 1}},
             {{12, 1}, 6, {6, 0}},          // 5.54, 0.46
             {{1, 12}, 6, {0, 6}},
             {{24, 1}, 25, {24, 1}},        // everything
             {{24, 1}, 40, {24, 1}},        // never more than the regiment
             {{24, 1}, 0, {0, 0}},
             {{7}, 3, {3}},
         }) {
        Regiment regiment;
        for (int n : c.companies) regiment.companies.push_back({"spearmen", n, ""});
        const auto lost = allocate_losses_proportionally(regiment, c.figures);
        EXPECT_EQ(lost, c.lost) << c.figures << " figures";
        for (std::size_t i = 0; i < lost.size(); ++i) EXPECT_LE(lost[i], c.companies[i]);
    }
}

// ---- displacement ----------------------------------------------------------------------

// A 7 x 7 block of clear hexes around (0, 0); "me" (north) stands at (0, 0).
struct Board {
    CampaignState state;

    Board() {
        for (int q = -3; q <= 3; ++q)
            for (int r = -3; r <= 3; ++r) state.map.hexes[Hex{q, r}] = MapHex{"clear", {}};
        state.sides = {{"north", "North", {}}, {"south", "South", {}}};
        state.players = {{"pn", "N", "north"}, {"ps", "S", "south"}};
        add("me", "pn", {0, 0});
    }
    void add(const std::string& id, const std::string& player, Hex hex) {
        Force f = force_of(id, {{{"spearmen", 10, ""}}});
        f.player = player;
        f.place_at(hex);
        state.forces.push_back(f);
        std::sort(state.forces.begin(), state.forces.end(),
                  [](const Force& a, const Force& b) { return a.id < b.id; });
    }
    void terrain(Hex h, const char* t) { state.map.hexes[h].terrain = t; }
    std::optional<Hex> displace(std::vector<std::string> opponent_ids) const {
        std::vector<const Force*> opponents;
        for (const auto& id : opponent_ids) opponents.push_back(state.find_force(id));
        return displacement_hex(state, valormr(), *state.find_force("me"), opponents);
    }
};

TEST(DisengagementDisplacement, AwayFromEveryOpponentThenLowestQR) {
    Board b;
    b.add("foe", "ps", {1, 0});
    // Away from (1, 0): (0,-1), (-1,0), (-1,1), all 2 from it and clear: lowest (q, r).
    EXPECT_EQ(b.displace({"foe"}), (Hex{-1, 0}));
}

TEST(DisengagementDisplacement, CheapestToEnter) {
    Board b;
    b.add("foe", "ps", {1, 0});
    b.terrain({-1, 0}, "forest");
    EXPECT_EQ(b.displace({"foe"}), (Hex{-1, 1}));
    // A river crossing without a bridge costs more too.
    Board c;
    c.add("foe", "ps", {1, 0});
    c.state.map.rivers.insert(HexEdge::between({0, 0}, {-1, 0}));
    EXPECT_EQ(c.displace({"foe"}), (Hex{-1, 1}));
}

TEST(DisengagementDisplacement, FarthestFromEnemiesBeforeCost) {
    Board b;
    b.add("foe", "ps", {1, 0});
    b.add("lurker", "ps", {-2, 2});  // an enemy not in the contact: next to (-1, 1)
    b.terrain({-1, 0}, "forest");
    b.terrain({0, -1}, "forest");
    // (-1, 1) is clear but 1 from an enemy; the forests are 2 away: lowest (q, r) of those.
    EXPECT_EQ(b.displace({"foe"}), (Hex{-1, 0}));
}

TEST(DisengagementDisplacement, EliminatedForcesAreNotEnemies) {
    Board b;
    b.add("foe", "ps", {1, 0});
    b.add("gone", "ps", {-2, 2});  // next to (-1, 1), but eliminated: it holds nothing
    b.state.find_force("gone")->regiments.clear();
    b.terrain({-1, 0}, "forest");
    b.terrain({0, -1}, "forest");
    // All three are 2 from the only enemy left: the clear one is cheapest.
    EXPECT_EQ(b.displace({"foe"}), (Hex{-1, 1}));
}

TEST(DisengagementDisplacement, AlliesAreNotEnemies) {
    Board b;
    b.add("foe", "ps", {1, 0});
    b.add("friend", "pn", {-2, 2});
    EXPECT_EQ(b.displace({"foe"}), (Hex{-1, 0}));
}

TEST(DisengagementDisplacement, SkipsHeldImpassableAndOffMapHexes) {
    Board b;
    b.add("foe", "ps", {1, 0});
    b.add("friend", "pn", {-1, 0});  // held by an ally
    b.terrain({-1, 1}, "water");
    EXPECT_EQ(b.displace({"foe"}), (Hex{0, -1}));
    b.state.map.hexes.erase(Hex{0, -1});
    EXPECT_EQ(b.displace({"foe"}), std::nullopt);
}

TEST(DisengagementDisplacement, AwayFromEachOfSeveralOpponents) {
    Board b;
    b.add("foe1", "ps", {1, 0});
    b.add("foe2", "ps", {1, -1});
    // (0,-1) stays next to foe2 and (0,1) next to foe1: only (-1,0) and (-1,1) remain.
    EXPECT_EQ(b.displace({"foe1", "foe2"}), (Hex{-1, 0}));
    b.add("foe3", "ps", {-1, 1});
    b.add("foe4", "ps", {-1, 0});
    EXPECT_EQ(b.displace({"foe1", "foe2", "foe3", "foe4"}), std::nullopt);
}

// ---- Worked example 12.2 ---------------------------------------------------------------------

TEST(WorkedExample12_2, EvasionAgainstTwoOpponents) {
    Problems problems;
    const auto fx = load_scenario_file(
        std::string(UMPIRE_TEST_DATA_DIR) + "/data/fixtures/worked-example-12.json", {kRulesetDir},
        problems);
    ASSERT_TRUE(fx) << problems.to_text();
    const CampaignState& state = fx->state;
    const Ruleset& ruleset = fx->ruleset;
    auto party_of = [&](const std::string& id) {
        const Force& f = *state.find_force(id);
        DisengagementParty p;
        p.force = id;
        p.order_state = f.order_state;
        p.favourable_terrain = favourable_terrain(ruleset, f, state.map.at(f.hex())->terrain);
        p.exhausted_cavalry = f.readiness == CavalryReadiness::exhausted;
        return p;
    };
    const Force& hadewych = *state.find_force("hadewych");
    DisengagementParty h = party_of("hadewych");
    ASSERT_TRUE(can_detail_rearguard(ruleset, hadewych));
    h.rearguard = true;
    DisengagementParty i = party_of("ingegerd");
    i.supported = true;  // Wulfstan, not adjacent to Hadewych, supports Ingegerd
    ASSERT_FALSE(adjacent(state.find_force("wulfstan")->hex(), hadewych.hex()));
    ASSERT_TRUE(adjacent(state.find_force("wulfstan")->hex(), state.find_force("ingegerd")->hex()));
    const DisengagementParty a = party_of("aeskrvald");

    const std::vector<const Force*> opponents{state.find_force("ingegerd"),
                                              state.find_force("aeskrvald")};
    const auto hex = displacement_hex(state, ruleset, hadewych, opponents);
    ASSERT_TRUE(hex.has_value());  // a free hex exists in the fixture

    EventLog log;
    ScriptedDice dice({{1, "disengagement"}, {4, "disengagement"}, {6, "disengagement"}});
    const auto out = resolve_disengagement(ruleset, h, {i, a}, assault_regiment(hadewych)->figures(),
                                           hex.has_value(), dice, log);
    EXPECT_EQ(dice.remaining(), 0u);
    // She rolls 1 and adds 3 (formed +2, rearguard +1, unfavourable terrain 0) = 4.
    EXPECT_EQ(out.die, 1);
    EXPECT_EQ(out.modifiers,
              (NamedModifiers{{"formed", 2}, {"rearguard", 1}, {"unfavourable_terrain", 0}}));
    EXPECT_EQ(out.total, 4);
    // Ingegerd rolls 4 and adds 4 (formed +2, supported +1, favourable terrain +1) = 8.
    EXPECT_EQ(out.opponents[0].force, "ingegerd");
    EXPECT_EQ(out.opponents[0].modifiers,
              (NamedModifiers{{"formed", 2}, {"supported", 1}, {"favourable_terrain", 1}}));
    EXPECT_EQ(out.opponents[0].total, 8);
    // Aeskrvald rolls 6 and adds 3 (formed +2, favourable terrain +1) = 9.
    EXPECT_EQ(out.opponents[1].force, "aeskrvald");
    EXPECT_EQ(out.opponents[1].modifiers,
              (NamedModifiers{{"formed", 2}, {"favourable_terrain", 1}}));
    EXPECT_EQ(out.opponents[1].total, 9);
    // Differences -4 -> 10% and -5 -> 25%: 35% of 40 figures = 14, not destroyed, displaced.
    EXPECT_EQ(out.opponents[0].difference, -4);
    EXPECT_EQ(out.opponents[0].loss_percent, 10);
    EXPECT_EQ(out.opponents[1].difference, -5);
    EXPECT_EQ(out.opponents[1].loss_percent, 25);
    EXPECT_EQ(out.loss_percent, 35);
    EXPECT_EQ(out.figures_lost, 14);
    EXPECT_FALSE(out.destroyed);
    EXPECT_TRUE(out.displaced);
    EXPECT_EQ(json_mismatch(Json{{"type", "disengagement"},
                                 {"force", "hadewych"},
                                 {"total", 4},
                                 {"assault_figures", 40},
                                 {"loss_percent", 35},
                                 {"no_hex_percent", 0},
                                 {"figures_lost", 14},
                                 {"destroyed", false},
                                 {"displaced", true}},
                            events_json(log.events()).back()),
              "");

    // One hex away from both: the clear (0, 2) rather than the forest (0, 1).
    EXPECT_EQ(*hex, (Hex{0, 2}));
    // The default allocation of the 14 figures: 30, 9, 1 -> 11, 3, 0.
    EXPECT_EQ(allocate_losses_proportionally(*assault_regiment(hadewych), out.figures_lost),
              (std::vector<int>{11, 3, 0}));
}

}  // namespace
}  // namespace umpire::rules
