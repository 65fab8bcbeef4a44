// Post-battle recovery: every die threshold, elements lost after a withdrawal, the general
// and camp penalties, the fixed-shares option, the dice order and the events.
#include <gtest/gtest.h>

#include "json_match.hpp"
#include "rules/recovery/battle_recovery.hpp"
#include "shipped_ruleset.hpp"

namespace umpire::rules {
namespace {

using testing::json_mismatch;


const RecoveryRules& rules() { return valormr().recovery; }

// One regiment with `lost` elements, `after` of them lost after declaring a withdrawal.
SideReport losses(int lost, int after = 0) {
    SideReport s;
    s.side = "red";
    s.starting_elements = 12;
    s.losses.push_back({"r1", lost, after});
    if (after > 0) s.withdrawal_bound = 2;
    return s;
}

std::vector<ScriptedRoll> recovery_dice(std::vector<int> values) {
    std::vector<ScriptedRoll> out;
    for (int v : values) out.push_back({v, "recovery"});
    return out;
}

BattleRecovery recover(const SideReport& report, BattleOutcome outcome, std::vector<int> dice,
                       EventLog& log, const RecoveryRules& r = rules()) {
    ScriptedDice scripted(recovery_dice(std::move(dice)));
    BattleRecovery out = resolve_recovery(r, report, outcome, scripted, log);
    EXPECT_EQ(scripted.remaining(), 0u);
    return out;
}

int recovered(const SideReport& report, BattleOutcome outcome, std::vector<int> dice) {
    EventLog log;
    return recover(report, outcome, std::move(dice), log).recovered;
}

TEST(BattleRecovery, ThresholdsByOutcome) {
    // won 4+, withdrew 5+, defeated 6: every die face.
    EXPECT_EQ(recovered(losses(6), BattleOutcome::won, {1, 2, 3, 4, 5, 6}), 3);
    EXPECT_EQ(recovered(losses(6), BattleOutcome::withdrew, {1, 2, 3, 4, 5, 6}), 2);
    EXPECT_EQ(recovered(losses(6), BattleOutcome::defeated, {1, 2, 3, 4, 5, 6}), 1);
    EXPECT_EQ(recovered(losses(1), BattleOutcome::won, {3}), 0);
    EXPECT_EQ(recovered(losses(1), BattleOutcome::won, {4}), 1);
    EXPECT_EQ(recovered(losses(1), BattleOutcome::withdrew, {4}), 0);
    EXPECT_EQ(recovered(losses(1), BattleOutcome::withdrew, {5}), 1);
    EXPECT_EQ(recovered(losses(1), BattleOutcome::defeated, {5}), 0);
    EXPECT_EQ(recovered(losses(1), BattleOutcome::defeated, {6}), 1);
}

TEST(BattleRecovery, ElementsLostAfterDeclaringAWithdrawalOnlyOnSix) {
    // 2 before (withdrew: 5+), 2 after (6 only); the before elements are rolled first.
    EventLog log;
    const BattleRecovery r = recover(losses(4, 2), BattleOutcome::withdrew, {5, 5, 5, 6}, log);
    EXPECT_EQ(r.recovered, 3);
    EXPECT_EQ(r.dice, (std::vector<int>{5, 5, 5, 6}));
    EXPECT_EQ(events_json(log.events())[2]["after_withdrawal"], true);
    EXPECT_EQ(events_json(log.events())[2]["needed"], 6);
    EXPECT_EQ(events_json(log.events())[1]["after_withdrawal"], false);
    // A winner that had declared (defeat of the opponent came later) still needs a 6 for those.
    EXPECT_EQ(recovered(losses(2, 2), BattleOutcome::won, {5, 4}), 0);
}

TEST(BattleRecovery, GeneralAndCampPenalties) {
    EXPECT_EQ(recovery_penalty(rules(), false, false), 0);
    EXPECT_EQ(recovery_penalty(rules(), true, false), 2);
    EXPECT_EQ(recovery_penalty(rules(), false, true), 2);
    EXPECT_EQ(recovery_penalty(rules(), true, true), 4);
    SideReport s = losses(2);
    s.general_lost = true;
    s.camp_lost = true;
    EventLog log;
    const BattleRecovery r = recover(s, BattleOutcome::defeated, {6, 6}, log);
    EXPECT_EQ(r.recovered, 2);
    EXPECT_EQ(r.penalty, 4);  // after the rolls, whatever they gave
    SideReport evacuated = losses(1, 1);
    evacuated.camp_evacuated = true;  // an evacuated camp is not lost: no penalty
    EventLog log2;
    EXPECT_EQ(recover(evacuated, BattleOutcome::withdrew, {1}, log2).penalty, 0);
}

TEST(BattleRecovery, FixedSharesRoundDownWithoutDice) {
    RecoveryRules fixed = rules();
    fixed.fixed_shares = true;
    SideReport s;
    s.side = "red";
    s.starting_elements = 40;
    s.losses = {{"r1", 7, 0}, {"r2", 3, 2}};  // 10 lost in all
    EventLog log;
    BattleRecovery r = recover(s, BattleOutcome::won, {}, log, fixed);
    EXPECT_EQ(r.recovered, 3);  // 30% of 10
    EXPECT_TRUE(r.dice.empty());
    ASSERT_EQ(r.regiments.size(), 2u);
    EXPECT_EQ(r.regiments[0].recovered + r.regiments[1].recovered, 3);
    EXPECT_EQ(r.regiments[0].recovered, 2);  // 2.1 and 0.9: largest remainder to r2
    EXPECT_EQ(r.regiments[1].recovered, 1);
    EXPECT_EQ(recover(s, BattleOutcome::withdrew, {}, log, fixed).recovered, 1);  // 10%
    EXPECT_EQ(recover(s, BattleOutcome::defeated, {}, log, fixed).recovered, 1);
    SideReport nineteen = losses(19);
    EXPECT_EQ(recover(nineteen, BattleOutcome::defeated, {}, log, fixed).recovered, 1);  // 1.9
    SideReport three = losses(3);
    EXPECT_EQ(recover(three, BattleOutcome::won, {}, log, fixed).recovered, 0);  // 0.9
    EXPECT_EQ(recover(nineteen, BattleOutcome::won, {}, log, fixed).recovered, 5);  // 5.7
}

TEST(BattleRecovery, EventsNameThePurposeAndTheResult) {
    SideReport s;
    s.side = "red";
    s.starting_elements = 12;
    s.losses = {{"r1", 1, 0}, {"r2", 1, 0}};
    s.general_lost = true;
    EventLog log;
    const BattleRecovery r = recover(s, BattleOutcome::won, {4, 2}, log);
    ASSERT_EQ(log.size(), 3u);
    EXPECT_EQ(json_mismatch({{"type", "dice_roll"}, {"purpose", "recovery"}, {"value", 4},
                             {"regiment", "r1"}, {"side", "red"}},
                            events_json(log.events())[0]),
              "");
    EXPECT_EQ(json_mismatch({{"type", "battle_recovery"},
                             {"method", "dice"},
                             {"outcome", "won"},
                             {"lost", 2},
                             {"recovered", 1},
                             {"penalty", 2},
                             {"regiments",
                              {{{"regiment", "r1"}, {"lost", 1}, {"recovered", 1}},
                               {{"regiment", "r2"}, {"lost", 1}, {"recovered", 0}}}}},
                            events_json(log.events())[2]),
              "");
    EXPECT_EQ(r.recovered, 1);
}

}  // namespace
}  // namespace umpire::rules
