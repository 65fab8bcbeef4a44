// Quick battle: every row of the margin table, every ratio bonus, the other bonuses,
// losses rounded half up per engaged regiment, the loser's state, and the event.
#include <gtest/gtest.h>

#include "json_match.hpp"
#include "rules/battle/quick_battle.hpp"
#include "shipped_ruleset.hpp"

namespace umpire::rules {
namespace {

using testing::json_mismatch;


QuickBattleSide army(std::string id, std::vector<int> regiments) {
    QuickBattleSide s;
    for (std::size_t i = 0; i < regiments.size(); ++i)
        s.regiments.push_back({id + "-" + std::to_string(i + 1), regiments[i]});
    s.side = std::move(id);
    return s;
}

QuickBattleResult fight(const QuickBattleSide& a, const QuickBattleSide& d, int a_die, int d_die,
                        EventLog& log) {
    ScriptedDice dice({{a_die, "quick battle"}, {d_die, "quick battle"}});
    QuickBattleResult r = resolve_quick_battle(valormr(), a, d, dice, log);
    EXPECT_EQ(dice.remaining(), 0u);
    return r;
}

QuickBattleResult fight(const QuickBattleSide& a, const QuickBattleSide& d, int a_die, int d_die) {
    EventLog log;
    return fight(a, d, a_die, d_die, log);
}

using O = BattleOutcome;
using W = WithdrawState;

struct MarginCase {
    int attacker_die;
    int defender_die;
    int margin;
    bool attacker_loses;
    O loser_outcome;
    W loser_state;
    int loser_percent;
    int winner_percent;
};

class QuickBattleMargins : public ::testing::TestWithParam<MarginCase> {};

TEST_P(QuickBattleMargins, RowOfTheTable) {
    const MarginCase& c = GetParam();
    // Equal armies of 20 figures, no bonuses: the dice alone decide.
    const QuickBattleResult r = fight(army("a", {20}), army("d", {20}), c.attacker_die,
                                      c.defender_die);
    EXPECT_EQ(r.margin, c.margin);
    const QuickBattleSideResult& loser = c.attacker_loses ? r.attacker : r.defender;
    const QuickBattleSideResult& winner = c.attacker_loses ? r.defender : r.attacker;
    EXPECT_EQ(loser.outcome, c.loser_outcome);
    EXPECT_EQ(loser.withdraw_state, c.loser_state);
    EXPECT_EQ(loser.loss_percent, c.loser_percent);
    EXPECT_EQ(loser.losses.at(0).figures, 20 * c.loser_percent / 100);
    EXPECT_EQ(winner.outcome, O::won);
    EXPECT_FALSE(winner.withdraw_state.has_value());
    EXPECT_EQ(winner.loss_percent, c.winner_percent);
}

INSTANTIATE_TEST_SUITE_P(
    R8_8, QuickBattleMargins,
    ::testing::Values(
        // 0: each loses 10%, the defender holds the field, the attacker withdraws formed.
        MarginCase{3, 3, 0, true, O::withdrew, W::formed, 10, 10},
        MarginCase{4, 3, 1, false, O::defeated, W::formed, 20, 10},
        MarginCase{2, 4, 2, true, O::defeated, W::formed, 20, 10},
        MarginCase{5, 2, 3, false, O::defeated, W::in_retreat, 30, 10},
        MarginCase{1, 5, 4, true, O::defeated, W::in_retreat, 30, 10},
        MarginCase{6, 1, 5, false, O::defeated, W::in_rout, 40, 5},
        MarginCase{1, 6, 5, true, O::defeated, W::in_rout, 40, 5}));

TEST(QuickBattle, RatioBonuses) {
    const auto bonus_of = [](int own, int other) {
        const QuickBattleResult r = fight(army("a", {own}), army("d", {other}), 3, 3);
        return r.attacker.total - r.attacker.die;
    };
    EXPECT_EQ(bonus_of(10, 10), 0);
    EXPECT_EQ(bonus_of(14, 10), 0);  // 1.4x
    EXPECT_EQ(bonus_of(15, 10), 1);  // 1.5x
    EXPECT_EQ(bonus_of(19, 10), 1);
    EXPECT_EQ(bonus_of(20, 10), 2);  // 2x
    EXPECT_EQ(bonus_of(29, 10), 2);
    EXPECT_EQ(bonus_of(30, 10), 3);  // 3x
    EXPECT_EQ(bonus_of(90, 10), 3);
    // The ratio counts elements summed over the engaged regiments.
    EXPECT_EQ(bonus_of(5, 10), 0);
    const QuickBattleResult r = fight(army("a", {8, 7}), army("d", {10}), 3, 3);
    EXPECT_EQ(r.attacker.elements, 15);
    EXPECT_EQ(r.attacker.modifiers, (NamedModifiers{{"ratio", 1}}));
}

TEST(QuickBattle, FormedTerrainAndSupportBonuses) {
    QuickBattleSide a = army("a", {10});
    a.formed = a.favoured_terrain = a.supported = true;
    QuickBattleSide d = army("d", {10});
    d.formed = true;
    const QuickBattleResult r = fight(a, d, 2, 4);
    EXPECT_EQ(r.attacker.modifiers,
              (NamedModifiers{{"formed", 1}, {"favoured_terrain", 1}, {"supported", 1}}));
    EXPECT_EQ(r.attacker.total, 5);
    EXPECT_EQ(r.defender.total, 5);
    EXPECT_EQ(r.margin, 0);
    EXPECT_EQ(r.attacker.outcome, O::withdrew);  // a tie: the defender holds the field
}

TEST(QuickBattle, LossesPerRegimentRoundedHalfUp) {
    EXPECT_EQ(percent_of_figures(25, 10), 3);  // 2.5
    EXPECT_EQ(percent_of_figures(15, 10), 2);  // 1.5
    EXPECT_EQ(percent_of_figures(14, 10), 1);  // 1.4
    EXPECT_EQ(percent_of_figures(30, 5), 2);   // 1.5
    EXPECT_EQ(percent_of_figures(0, 40), 0);
    // Margin 4 (ratio +1: 39 against 20 elements): defender loses 30%, attacker 10%.
    const QuickBattleResult r = fight(army("a", {25, 14}), army("d", {15, 5}), 6, 3);
    ASSERT_EQ(r.attacker.losses.size(), 2u);
    EXPECT_EQ(r.attacker.losses[0].figures, 3);   // 2.5
    EXPECT_EQ(r.attacker.losses[1].figures, 1);   // 1.4
    EXPECT_EQ(r.defender.losses[0].figures, 5);   // 4.5
    EXPECT_EQ(r.defender.losses[1].figures, 2);   // 1.5
    EXPECT_EQ(r.defender.losses[1].regiment, "d-2");
}

TEST(QuickBattle, Events) {
    EventLog log;
    fight(army("a", {20}), army("d", {20}), 6, 1, log);
    ASSERT_EQ(log.size(), 3u);
    EXPECT_EQ(json_mismatch({{"type", "dice_roll"}, {"purpose", "quick battle"}, {"side", "a"},
                             {"value", 6}},
                            events_json(log.events())[0]),
              "");
    EXPECT_EQ(json_mismatch({{"side", "d"}, {"value", 1}}, events_json(log.events())[1]), "");
    EXPECT_EQ(json_mismatch({{"type", "quick_battle"},
                             {"margin", 5},
                             {"attacker", {{"outcome", "won"}, {"loss_percent", 5}}},
                             {"defender",
                              {{"outcome", "defeated"},
                               {"withdraw_state", "in_rout"},
                               {"losses", {{{"regiment", "d-1"}, {"figures", 8}}}}}}},
                            events_json(log.events())[2]),
              "");
}

}  // namespace
}  // namespace umpire::rules
