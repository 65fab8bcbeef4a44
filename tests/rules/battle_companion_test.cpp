// The battle companion: bounds and PIP dice, withdrawal and camp evacuation costs, each
// clause detected live, the ends, refusals that change nothing, replays, and the
// report it produces judged by judge_battle with the same outcome.
#include <gtest/gtest.h>

#include <stdexcept>

#include "documents/battle_companion_json.hpp"
#include "json_match.hpp"
#include "shipped_ruleset.hpp"
#include "umpire/rules/battle_companion.hpp"

namespace umpire::rules {
namespace {

using testing::json_mismatch;
using R = BattleRole;
using K = CompanionActionKind;
using O = BattleOutcome;
constexpr R A = R::attacker;
constexpr R D = R::defender;

const BattleRules& rules() { return valormr().battle; }

// ---- Actions --------------------------------------------------------------------------------

CompanionAction act(K kind, R side = A) {
    CompanionAction a;
    a.kind = kind;
    a.side = side;
    return a;
}
CompanionAction start_bound() { return act(K::start_bound); }
CompanionAction end_bound() { return act(K::end_bound); }
CompanionAction lose(R side, std::string regiment) {
    CompanionAction a = act(K::lose_element, side);
    a.regiment = std::move(regiment);
    return a;
}
CompanionAction lose_camp(R side) { return act(K::lose_camp, side); }
CompanionAction lose_general(R side) { return act(K::lose_general, side); }
CompanionAction withdraw(R side) { return act(K::declare_withdrawal, side); }
CompanionAction evacuate(R side, bool enemy_in_contact = false) {
    CompanionAction a = act(K::evacuate_camp, side);
    a.enemy_in_contact_with_camp = enemy_in_contact;
    return a;
}
CompanionAction leave(R side, std::string regiment, int elements,
                      LeaveHow how = LeaveHow::good_order) {
    CompanionAction a = act(K::leave_table, side);
    a.regiment = std::move(regiment);
    a.elements = elements;
    a.how = how;
    return a;
}

// An army of `elements` in two regiments "<id>/r1" and "<id>/r2" (half each, r2 the rest).
CompanionSide army(const std::string& id, int elements = 12, bool cinc = true) {
    CompanionSide side;
    side.side = id;
    side.regiments = {{id + "/r1", elements / 2}, {id + "/r2", elements - elements / 2}};
    side.cinc_present = cinc;
    return side;
}

CompanionStart start(int time_limit = 4, CompanionSide attacker = army("north"),
                     CompanionSide defender = army("south")) {
    return {std::move(attacker), std::move(defender), time_limit};
}

bool starts_with(const std::string& s, const std::string& prefix) {
    return s.rfind(prefix, 0) == 0;
}

// A battle in progress with scripted PIP dice: `pips` first, then sixes.
class Battle {
public:
    explicit Battle(std::vector<int> pips = {}, CompanionStart begin = start(),
                    const BattleRules& battle_rules = rules())
        : start_(std::move(begin)), dice_(script(std::move(pips))) {
        CompanionOpening opening = start_companion(battle_rules, start_);
        if (!opening.state) throw std::runtime_error(opening.refusal);
        state = std::move(*opening.state);
    }

    void ok(const CompanionAction& a) {
        if (auto why = apply_companion_action(state, a, dice_))
            ADD_FAILURE() << to_json(a).dump() << " refused: " << *why;
        else
            actions.push_back(a);
    }
    void ok(std::initializer_list<CompanionAction> list) {
        for (const auto& a : list) ok(a);
    }

    // The refusal; the state and the dice must be untouched by it.
    std::string refused(const CompanionAction& a) {
        const std::string before = to_json(state).dump();
        const std::size_t used = dice_.used();
        const auto why = apply_companion_action(state, a, dice_);
        EXPECT_TRUE(why.has_value()) << to_json(a).dump() << " was accepted";
        EXPECT_EQ(to_json(state).dump(), before) << "a refusal changed the state";
        EXPECT_EQ(dice_.used(), used) << "a refusal rolled dice";
        return why.value_or("");
    }

    // Ends the running bound, if any, and starts the next one.
    void next_bound() {
        if (state.bound_running) ok(end_bound());
        ok(start_bound());
    }
    // Runs bounds until `side` has bound number `bound`.
    void to_bound(int bound, R side) {
        while (state.bounds.empty() || state.bound() != bound || state.bounds.back().side != side)
            next_bound();
    }

    std::size_t dice_used() const { return dice_.used(); }

    CompanionState state;
    std::vector<CompanionAction> actions;  // the accepted ones, in order

private:
    static std::vector<ScriptedRoll> script(std::vector<int> pips) {
        std::vector<ScriptedRoll> rolls;
        for (int p : pips) rolls.push_back({p, "pip"});
        for (int i = 0; i < 60; ++i) rolls.push_back({6, "pip"});
        return rolls;
    }

    CompanionStart start_;
    ScriptedDice dice_;
};

// The companion ended the battle, and judge_battle accepts its report with the same outcome.
void expect_judged_alike(const CompanionState& s) {
    ASSERT_TRUE(s.ended()) << to_json(s).dump();
    const BattleJudgement j = judge_battle(s.rules, companion_report(s), s.time_limit);
    ASSERT_TRUE(j.accepted()) << j.refusal << "\n" << to_json(s).dump();
    EXPECT_EQ(j.result->attacker.outcome, s.end->attacker) << j.result->rule;
    EXPECT_EQ(j.result->defender.outcome, s.end->defender) << j.result->rule;
    EXPECT_EQ(j.result->attacker.darkness, s.end->darkness) << j.result->rule;
}

// ---- Start, bounds and PIP dice -------------------------------------------------------------

TEST(BattleCompanion, StartRefusesArmiesItCannotCount) {
    CompanionStart no_limit = start(0);
    EXPECT_TRUE(starts_with(start_companion(rules(), no_limit).refusal, "R-8.3:"));
    CompanionSide empty = army("north");
    empty.regiments.clear();
    EXPECT_TRUE(starts_with(start_companion(rules(), start(4, empty)).refusal, "R-8.2:"));
    CompanionSide twice = army("north");
    twice.regiments[1].regiment = twice.regiments[0].regiment;
    EXPECT_NE(start_companion(rules(), start(4, twice)).refusal.find("listed twice"),
              std::string::npos);
    CompanionSide wrong_figures = army("south");
    wrong_figures.regiments[0].figures = 5;  // 5 figures field 5 elements, not 6
    const CompanionStart wrong = start(4, army("north"), wrong_figures);
    EXPECT_TRUE(starts_with(start_companion(rules(), wrong).refusal, "R-8.2:"));
    const CompanionOpening fine = start_companion(rules(), start());
    ASSERT_TRUE(fine.state);
    EXPECT_EQ(fine.state->attacker.starting_elements(), 12);
    EXPECT_EQ(fine.state->bound(), 0);
}

TEST(BattleCompanion, BoundsAlternateAttackerFirstWithOnePipDieEach) {
    Battle b({3, 5, 2});
    EXPECT_TRUE(starts_with(b.refused(lose(A, "north/r1")), "R-8.3: no bound is running"));
    EXPECT_TRUE(starts_with(b.refused(end_bound()), "R-8.3"));
    b.ok(start_bound());
    EXPECT_TRUE(starts_with(b.refused(start_bound()), "R-8.3: bound 1 of the attacker"));
    b.ok({end_bound(), start_bound(), end_bound(), start_bound()});
    EXPECT_EQ(b.dice_used(), 3u);
    const Json expected = {{"bound", 2},
                           {"moving", "attacker"},
                           {"pips_left", 2},
                           {"pip_dice",
                            {{{"bound", 1}, {"side", "attacker"}, {"pips", 3}},
                             {{"bound", 1}, {"side", "defender"}, {"pips", 5}},
                             {{"bound", 2}, {"side", "attacker"}, {"pips", 2}}}}};
    EXPECT_EQ(json_mismatch(expected, to_json(b.state)), "");
}

// ---- withdrawal and camp evacuation ---------------------------------------------------

TEST(BattleCompanion, WithdrawalCostsFivePips) {
    Battle b({6});
    b.ok({start_bound(), withdraw(A)});
    EXPECT_EQ(b.state.bounds.back().pips_left, 1);
    EXPECT_EQ(b.state.attacker.declared_bound, 1);
    EXPECT_TRUE(b.state.attacker.withdrawing());
}

TEST(BattleCompanion, WithdrawalCostsSixWithoutTheCinc) {
    Battle absent({5, 6, 6}, start(4, army("north", 12, false)));
    absent.ok(start_bound());
    EXPECT_EQ(absent.refused(withdraw(A)),
              "R-8.3: a withdrawal costs 6 PIPs without the CinC; 5 left");
    absent.to_bound(2, A);
    absent.ok(withdraw(A));
    EXPECT_EQ(absent.state.bounds.back().pips_left, 0);

    // A lost general leaves the army without its CinC too.
    Battle lost({5});
    lost.ok({start_bound(), lose(A, "north/r1"), lose_general(A)});
    EXPECT_EQ(lost.refused(withdraw(A)),
              "R-8.3: a withdrawal costs 6 PIPs without the CinC; 5 left");
}

TEST(BattleCompanion, WithdrawalRefusedWithTooFewPipsOrOutsideItsOwnBound) {
    Battle b({3, 6});
    b.ok(start_bound());
    EXPECT_EQ(b.refused(withdraw(A)), "R-8.3: a withdrawal costs 5 PIPs; 3 left");
    EXPECT_EQ(b.refused(withdraw(D)), "R-8.3: a withdrawal is declared only in the defender's own "
                                      "bound; bound 1 is the attacker's");
    b.next_bound();
    b.ok(withdraw(D));
}

TEST(BattleCompanion, WithdrawalIsIrrevocable) {
    Battle b;
    b.ok({start_bound(), withdraw(A)});
    b.to_bound(2, A);
    const std::string why = b.refused(withdraw(A));
    EXPECT_TRUE(starts_with(why, "R-8.3")) << why;
    EXPECT_NE(why.find("cannot be cancelled"), std::string::npos) << why;
    // No action takes a withdrawal back.
    Problems problems;
    EXPECT_FALSE(read_companion_action({{"action", "cancel_withdrawal"}, {"side", "attacker"}},
                                       "$", problems));
    EXPECT_EQ(problems.list().at(0).path, "$.action");
    EXPECT_EQ(b.state.attacker.declared_bound, 1);
}

TEST(BattleCompanion, CampEvacuatedDuringAWithdrawalIsNotLost) {
    Battle b({6, 6, 5});
    b.ok(start_bound());
    EXPECT_TRUE(starts_with(b.refused(evacuate(A)), "R-8.3: the camp may be evacuated only "
                                                    "during a withdrawal"));
    b.ok(withdraw(A));  // 1 PIP left
    EXPECT_EQ(b.refused(evacuate(A)), "R-8.3: evacuating the camp costs 5 PIPs; 1 left");
    b.to_bound(2, A);  // pips 5
    EXPECT_EQ(b.refused(evacuate(A, true)),
              "R-8.3: the camp cannot be evacuated while an enemy element is in contact with it");
    b.ok(evacuate(A));
    EXPECT_EQ(b.state.bounds.back().pips_left, 0);
    EXPECT_TRUE(starts_with(b.refused(lose_camp(A)), "R-8.3")) << "an evacuated camp is not lost";
    EXPECT_EQ(companion_lost(b.state, A), 0);
    b.ok({leave(A, "north/r1", 6), leave(A, "north/r2", 6)});
    const SideReport report = companion_report(b.state).attacker;
    EXPECT_TRUE(report.camp_evacuated);
    EXPECT_FALSE(report.camp_lost);
    EXPECT_EQ(report.figures_off_in_good_order, 12);
    EXPECT_EQ(b.state.end->attacker, O::withdrew);
    EXPECT_EQ(b.state.end->defender, O::won);
    expect_judged_alike(b.state);
}

// ---- detected live --------------------------------------------------------------------

TEST(BattleCompanion, OneThirdDefeatsAtTheEndOfTheBoundAndTheWinnerCannotWithdraw) {
    Battle b;
    b.ok({start_bound(), lose(A, "north/r1"), lose(A, "north/r1"), lose_camp(A)});
    EXPECT_EQ(companion_lost(b.state, A), 4);  // 2 elements + the camp; 3 x 4 >= 12
    EXPECT_TRUE(companion_one_third(b.state, A));
    EXPECT_FALSE(b.state.defeated) << "judged at the end of the bound";
    b.ok(end_bound());
    ASSERT_EQ(b.state.defeated, A);
    EXPECT_EQ(b.state.defeat_rule, "R-8.4: the attacker lost one-third (3 × 4 ≥ 12)");
    EXPECT_EQ(b.state.attacker.defeated_bound, 1);
    b.ok(start_bound());
    EXPECT_EQ(b.refused(withdraw(D)), "R-8.4: the attacker is defeated, so the defender has won");
    b.next_bound();
    EXPECT_EQ(b.refused(withdraw(A)),
              "R-8.4: the attacker is defeated and already withdraws, at no PIP cost");
    b.ok(leave(A, "north/r1", 4));
    EXPECT_FALSE(b.state.ended());
    b.ok(leave(A, "north/r2", 6));
    ASSERT_TRUE(b.state.ended());
    EXPECT_EQ(b.state.end->reason, CompanionEndReason::left_table);
    EXPECT_EQ(b.state.end->attacker, O::defeated);
    EXPECT_EQ(b.state.end->defender, O::won);
    expect_judged_alike(b.state);
}

TEST(BattleCompanion, BothAtOneThirdTheLargerLostIsDefeated) {
    Battle b;
    b.ok(start_bound());
    for (int i = 0; i < 4; ++i) b.ok({lose(A, "north/r1"), lose(D, "south/r1")});
    b.ok(lose_general(D));  // 4 + 2 = 6 against 4
    b.ok(end_bound());
    ASSERT_EQ(b.state.defeated, D);
    EXPECT_EQ(b.state.defeat_rule,
              "R-8.4: both armies lost one-third and the defender lost more (6 against 4)");
    b.ok({start_bound(), leave(D, "south/r1", 2), leave(D, "south/r2", 6)});
    EXPECT_EQ(b.state.end->defender, O::defeated);
    EXPECT_EQ(b.state.end->attacker, O::won);
    expect_judged_alike(b.state);
}

TEST(BattleCompanion, BothAtOneThirdWithEqualLossesTheBattleGoesOn) {
    Battle b;
    b.ok(start_bound());
    for (int i = 0; i < 4; ++i) b.ok({lose(A, "north/r1"), lose(D, "south/r1")});
    b.ok(end_bound());
    EXPECT_FALSE(b.state.defeated);
    EXPECT_FALSE(b.state.ended());
    b.ok({start_bound(), lose(A, "north/r2"), end_bound()});  // 5 against 4
    EXPECT_EQ(b.state.defeated, A);
}

TEST(BattleCompanion, AlreadyAtOneThirdThenDeclaringIsDefeated) {
    Battle b;
    b.ok(start_bound());
    for (int i = 0; i < 4; ++i) b.ok({lose(A, "north/r1"), lose(D, "south/r1")});
    b.ok({end_bound(), start_bound()});  // equal at one-third: the battle goes on
    b.ok(withdraw(D));
    ASSERT_EQ(b.state.defeated, D);  // at once, not at the end of the bound
    EXPECT_EQ(b.state.defeat_rule,
              "R-8.4: the defender had lost one-third (3 × 4 ≥ 12) when it declared a "
              "withdrawal");
    b.next_bound();
    EXPECT_TRUE(starts_with(b.refused(withdraw(A)), "R-8.4: the defender is defeated"));
    b.next_bound();
    b.ok({leave(D, "south/r1", 2), leave(D, "south/r2", 6)});
    EXPECT_EQ(b.state.end->defender, O::defeated);
    expect_judged_alike(b.state);
}

TEST(BattleCompanion, OpponentOfAWithdrawingArmyCannotBeDefeated) {
    Battle b;
    b.to_bound(1, D);
    b.ok(withdraw(D));
    for (int i = 0; i < 6; ++i) b.ok(lose(A, "north/r1"));  // 3 x 6 >= 12, yet not defeated
    b.next_bound();
    EXPECT_TRUE(companion_one_third(b.state, A));
    EXPECT_FALSE(b.state.defeated);
    b.next_bound();
    b.ok({leave(D, "south/r1", 6), leave(D, "south/r2", 6)});
    EXPECT_EQ(b.state.end->defender, O::withdrew);
    EXPECT_EQ(b.state.end->attacker, O::won);
    expect_judged_alike(b.state);
}

TEST(BattleCompanion, AWithdrawingArmyCanStillBeDefeated) {
    Battle b;
    b.ok({start_bound(), withdraw(A)});
    b.next_bound();
    b.ok(leave(A, "north/r1", 3, LeaveHow::routed));  // fled off the table: destroyed
    b.ok(lose(A, "north/r1"));
    EXPECT_FALSE(b.state.defeated);
    b.next_bound();
    ASSERT_EQ(b.state.defeated, A);
    EXPECT_EQ(b.state.defeat_rule, "R-8.4: the attacker lost one-third while withdrawing "
                                   "(3 × 4 ≥ 12)");
    EXPECT_EQ(b.state.attacker.regiments[0].lost_after_withdrawal, 4);
    b.ok({leave(A, "north/r1", 2), leave(A, "north/r2", 6)});
    const SideReport report = companion_report(b.state).attacker;
    EXPECT_EQ(report.figures_routed_off, 3);
    EXPECT_EQ(report.figures_off_in_good_order, 8);
    EXPECT_EQ(report.elements_lost_after_withdrawal(), 4);
    EXPECT_EQ(report.withdrawal_bound, 1);
    EXPECT_EQ(b.state.end->attacker, O::defeated);
    expect_judged_alike(b.state);
}

TEST(BattleCompanion, ADestroyedWithdrawingArmyIsJudgedBeforeTheEnd) {
    Battle b;
    b.ok({start_bound(), withdraw(A)});
    b.next_bound();
    b.ok(leave(A, "north/r1", 6, LeaveHow::routed));
    b.ok(leave(A, "north/r2", 6, LeaveHow::routed));  // mid-bound: gone, and at one-third
    ASSERT_TRUE(b.state.ended());
    EXPECT_EQ(b.state.end->attacker, O::defeated);
    expect_judged_alike(b.state);
}

TEST(BattleCompanion, OnlyOneArmyIsDefeated) {
    Battle b;
    b.ok(start_bound());
    for (int i = 0; i < 4; ++i) b.ok(lose(A, "north/r1"));
    b.ok({end_bound(), start_bound()});
    ASSERT_EQ(b.state.defeated, A);
    for (int i = 0; i < 6; ++i) b.ok(lose(D, "south/r1"));  // more than the attacker lost
    b.next_bound();
    EXPECT_EQ(b.state.defeated, A);
    b.ok({leave(A, "north/r1", 2), leave(A, "north/r2", 6)});
    EXPECT_EQ(b.state.end->attacker, O::defeated);
    EXPECT_EQ(b.state.end->defender, O::won);
    // The report gives the defeated army's withdrawal from its defeat, so judge_battle, seeing
    // the defender's larger total, still defeats the attacker.
    EXPECT_EQ(companion_report(b.state).attacker.withdrawal_bound, 1);
    expect_judged_alike(b.state);
}

TEST(BattleCompanion, BothWithdrawNeitherIsDefeated) {
    Battle b;
    b.ok({start_bound(), withdraw(A)});
    b.next_bound();
    b.ok(withdraw(D));
    for (int i = 0; i < 5; ++i) b.ok(lose(A, "north/r1"));
    b.next_bound();
    EXPECT_FALSE(b.state.defeated);
    b.ok({leave(A, "north/r1", 1), leave(A, "north/r2", 6)});
    EXPECT_FALSE(b.state.ended()) << "both must leave";
    b.next_bound();
    b.ok({leave(D, "south/r1", 6), leave(D, "south/r2", 6)});
    ASSERT_TRUE(b.state.ended());
    EXPECT_EQ(b.state.end->attacker, O::withdrew);
    EXPECT_EQ(b.state.end->defender, O::withdrew);
    expect_judged_alike(b.state);
    const BattleJudgement j = judge_battle(rules(), companion_report(b.state), 4);
    EXPECT_FALSE(j.result->pursuit);
}

// ---- the end --------------------------------------------------------------------------

TEST(BattleCompanion, EndsWhenTheWithdrawingArmyHasLeftOrBeenDestroyed) {
    Battle b;
    b.ok(start_bound());
    EXPECT_TRUE(starts_with(b.refused(leave(A, "north/r1", 1)), "R-8.5: only a withdrawing"));
    b.ok(withdraw(A));
    EXPECT_TRUE(starts_with(b.refused(leave(A, "north/r1", 7)), "R-8.5: regiment north/r1"));
    b.ok(leave(A, "north/r1", 6));
    b.next_bound();
    EXPECT_TRUE(starts_with(b.refused(leave(A, "north/r2", 1)),
                            "R-8.5: elements move off in good order only in the attacker's"));
    b.ok(leave(A, "north/r2", 2, LeaveHow::routed));  // fleeing happens in any bound
    b.next_bound();
    b.ok(lose(A, "north/r2"));
    b.ok(leave(A, "north/r2", 2));
    EXPECT_FALSE(b.state.ended());
    b.ok(leave(A, "north/r2", 1));
    ASSERT_TRUE(b.state.ended());
    EXPECT_EQ(b.state.end->attacker, O::withdrew);  // 3 lost: below one-third
    EXPECT_EQ(b.state.end->rule, "R-8.5: the attacker withdrew");
    EXPECT_TRUE(starts_with(b.refused(start_bound()), "R-8.5: the battle has ended"));
    const BattleReport report = companion_report(b.state);
    EXPECT_EQ(report.bounds, 2);
    EXPECT_FALSE(report.time_limit_reached);
    EXPECT_EQ(report.attacker.figures_off_in_good_order, 9);
    EXPECT_EQ(report.attacker.figures_routed_off, 2);
    expect_judged_alike(b.state);
}

TEST(BattleCompanion, TimeLimitEndsAfterTheDefendersLastBound) {
    Battle b({}, start(2));
    b.to_bound(2, A);
    b.ok(lose(D, "south/r1"));
    b.ok(end_bound());
    EXPECT_FALSE(b.state.ended()) << "the attacker's last bound is not the limit";
    b.ok({start_bound(), end_bound()});
    ASSERT_TRUE(b.state.ended());
    EXPECT_EQ(b.state.end->reason, CompanionEndReason::time_limit);
    EXPECT_EQ(b.state.end->attacker, O::withdrew);
    EXPECT_EQ(b.state.end->defender, O::won);
    EXPECT_TRUE(b.state.end->darkness);
    EXPECT_TRUE(starts_with(b.refused(start_bound()), "R-8.5"));
    const BattleReport report = companion_report(b.state);
    EXPECT_EQ(report.bounds, 2);
    EXPECT_TRUE(report.time_limit_reached);
    expect_judged_alike(b.state);
}

TEST(BattleCompanion, AtTheTimeLimitADefeatStandsAndAWithdrawalDoesNot) {
    Battle defeat({}, start(1));
    defeat.ok(start_bound());
    for (int i = 0; i < 4; ++i) defeat.ok(lose(D, "south/r1"));
    defeat.ok({end_bound(), start_bound(), end_bound()});
    ASSERT_TRUE(defeat.state.ended());
    EXPECT_EQ(defeat.state.end->defender, O::defeated);
    EXPECT_FALSE(defeat.state.end->darkness);
    expect_judged_alike(defeat.state);

    // A defender still withdrawing when the day ends: the time limit applies literally.
    Battle withdrawing({}, start(1));
    withdrawing.to_bound(1, D);
    withdrawing.ok({withdraw(D), end_bound()});
    EXPECT_EQ(withdrawing.state.end->defender, O::won);
    EXPECT_TRUE(withdrawing.state.end->darkness);
    expect_judged_alike(withdrawing.state);

    Battle both({}, start(1));
    both.ok({start_bound(), withdraw(A)});
    both.next_bound();
    both.ok({withdraw(D), end_bound()});
    EXPECT_EQ(both.state.end->attacker, O::withdrew);
    EXPECT_EQ(both.state.end->defender, O::withdrew);
    EXPECT_FALSE(both.state.end->darkness);
    expect_judged_alike(both.state);
}

// ---- Refusals, replay, JSON -----------------------------------------------------------------

TEST(BattleCompanion, RefusalsNameTheRuleAndChangeNothing) {
    Battle b({6});
    b.ok({start_bound(), lose(A, "north/r1"), lose_camp(D)});
    struct Case {
        CompanionAction action;
        const char* rule;
    };
    const std::vector<Case> cases = {
        {start_bound(), "R-8.3"},
        {lose(A, "south/r1"), "R-8.2"},          // the other side's regiment
        {lose(D, "nobody"), "R-8.2"},
        {leave(A, "north/r1", 6, LeaveHow::routed), "R-8.5"},  // only 5 left
        {leave(A, "north/r1", 0, LeaveHow::routed), "R-8.5"},
        {lose_camp(D), "R-8.4"},                 // already lost
        {lose_general(D), "R-8.4"},              // his element is not recorded
        {evacuate(A), "R-8.3"},                  // not withdrawing
        {withdraw(D), "R-8.3"},                  // not its bound
    };
    for (const auto& c : cases) {
        const std::string why = b.refused(c.action);
        EXPECT_TRUE(starts_with(why, std::string(c.rule) + ":"))
            << to_json(c.action).dump() << ": " << why;
    }
    b.ok(lose_general(A));
    EXPECT_TRUE(starts_with(b.refused(lose_general(A)), "R-8.4: the attacker's general is "
                                                        "already lost"));
}

TEST(BattleCompanion, ReplayIsDeterministic) {
    const std::vector<Json> script = {
        {{"action", "start_bound"}},
        {{"action", "lose_element"}, {"side", "defender"}, {"regiment", "south/r2"}},
        {{"action", "end_bound"}},
        {{"action", "start_bound"}},
        {{"action", "lose_element"}, {"side", "attacker"}, {"regiment", "north/r1"}},
        {{"action", "lose_camp"}, {"side", "attacker"}},
        {{"action", "end_bound"}},
        {{"action", "start_bound"}},
    };
    std::vector<CompanionAction> actions;
    Problems problems;
    for (std::size_t i = 0; i < script.size(); ++i)
        if (auto a = read_companion_action(script[i], item_path("$", i), problems))
            actions.push_back(*a);
    ASSERT_TRUE(problems.empty()) << problems.to_text();
    auto replay = [&](std::uint64_t seed) {
        SeededDice dice(seed);
        const CompanionReplay r = replay_companion(rules(), start(), actions, dice);
        EXPECT_FALSE(r.refused_at);
        return to_json(*r.opening.state).dump();
    };
    const std::string first = replay(20240601);
    EXPECT_EQ(replay(20240601), first);
    EXPECT_NE(first.find("\"pip_dice\""), std::string::npos);
    // The actions written back as JSON replay to the same bytes.
    std::vector<CompanionAction> again;
    for (const auto& a : actions)
        again.push_back(*read_companion_action(to_json(a), "$", problems));
    EXPECT_EQ(again, actions);

    // A list with a refused action says where it stopped; the state is the one before it.
    std::vector<CompanionAction> broken = actions;
    broken.insert(broken.begin() + 1, withdraw(D));
    SeededDice dice(20240601);
    const CompanionReplay r = replay_companion(rules(), start(), broken, dice);
    EXPECT_EQ(r.refused_at, 1u);
    EXPECT_TRUE(starts_with(r.opening.refusal, "R-8.3")) << r.opening.refusal;
    EXPECT_EQ(r.opening.state->bound(), 1);
}

TEST(BattleCompanion, ActionJsonRoundTripsAndNamesItsProblems) {
    const std::vector<CompanionAction> all = {
        start_bound(),  end_bound(),     lose(D, "south/r1"), lose_camp(A), lose_general(D),
        withdraw(A),    evacuate(A, true), leave(D, "south/r2", 3, LeaveHow::routed),
        leave(A, "north/r1", 2)};
    for (const auto& a : all) {
        Problems problems;
        const auto back = read_companion_action(to_json(a), "$", problems);
        ASSERT_TRUE(back) << problems.to_text();
        EXPECT_EQ(*back, a) << to_json(a).dump();
    }
    EXPECT_EQ(to_json(leave(A, "north/r1", 2)),
              (Json{{"action", "leave_table"}, {"side", "attacker"}, {"regiment", "north/r1"},
                    {"elements", 2}, {"how", "good_order"}}));
    struct Case {
        Json value;
        const char* path;
    };
    const std::vector<Case> bad = {
        {Json::array(), "$"},
        {{{"action", "retreat"}}, "$.action"},
        {{{"action", "lose_camp"}}, "$.side"},
        {{{"action", "lose_camp"}, {"side", "both"}}, "$.side"},
        {{{"action", "end_bound"}, {"side", "attacker"}}, "$.side"},
        {{{"action", "lose_element"}, {"side", "attacker"}, {"regiment", ""}}, "$.regiment"},
        {{{"action", "leave_table"}, {"side", "attacker"}, {"regiment", "r"}, {"elements", 0},
          {"how", "good_order"}},
         "$.elements"},
        {{{"action", "leave_table"}, {"side", "attacker"}, {"regiment", "r"}, {"elements", 1},
          {"how", "ran"}},
         "$.how"},
        {{{"action", "evacuate_camp"}, {"side", "attacker"},
          {"enemy_in_contact_with_camp", "no"}},
         "$.enemy_in_contact_with_camp"},
    };
    for (const auto& c : bad) {
        Problems problems;
        EXPECT_FALSE(read_companion_action(c.value, "$", problems)) << c.value.dump();
        ASSERT_FALSE(problems.empty()) << c.value.dump();
        EXPECT_EQ(problems.list()[0].path, c.path) << problems.to_text();
    }
}

TEST(BattleCompanion, StateJsonForClients) {
    Battle b({4});
    b.ok(start_bound());
    EXPECT_EQ(b.refused(withdraw(A)), "R-8.3: a withdrawal costs 5 PIPs; 4 left");
    b.ok({lose(A, "north/r1"), lose(A, "north/r1"), lose(A, "north/r2"), lose(A, "north/r2"),
          end_bound()});
    const Json expected = {
        {"bound", 1},
        {"bound_running", false},
        {"moving", nullptr},
        {"pips_left", nullptr},
        {"time_limit", 4},
        {"pip_dice", {{{"bound", 1}, {"side", "attacker"}, {"pips", 4}, {"pips_left", 4}}}},
        {"attacker",
         {{"side", "north"},
          {"starting_elements", 12},
          {"elements_lost", 4},
          {"lost", 4},
          {"one_third", true},
          {"on_table", 8},
          {"camp", "held"},
          {"general_lost", false},
          {"withdrawal_declared_bound", nullptr},
          {"defeated_bound", 1},
          {"withdrawing", true},
          {"regiments",
           {{{"regiment", "north/r1"}, {"lost", 2}, {"on_table", 4}},
            {{"regiment", "north/r2"}, {"lost", 2}, {"on_table", 4}}}}}},
        {"defender", {{"side", "south"}, {"lost", 0}, {"withdrawing", false}}},
        {"defeated", "attacker"},
        {"ended", false},
        {"end", nullptr}};
    EXPECT_EQ(json_mismatch(expected, to_json(b.state)), "") << to_json(b.state).dump(2);
}

// ---- The report judged like the companion ---------------------------------------------------

TEST(BattleCompanion, ReportIsJudgedWithTheSameOutcome) {
    // Declared in the same bound number as the attacker's declaration: as the report times it,
    // not earlier, so the defender at one-third of elements is defeated (docs/rules-notes.md).
    Battle same;
    same.ok({start_bound(), withdraw(A)});
    for (int i = 0; i < 4; ++i) same.ok(lose(D, "south/r1"));
    same.ok({end_bound(), start_bound()});
    EXPECT_FALSE(same.state.defeated) << "the opponent of a withdrawing army";
    same.ok(withdraw(D));
    EXPECT_EQ(same.state.defeated, D);
    same.ok({leave(D, "south/r1", 2), leave(D, "south/r2", 6)});
    EXPECT_EQ(same.state.end->attacker, O::won);
    expect_judged_alike(same.state);

    // Declared in a later bound: it can no longer be defeated; both withdraw.
    Battle later;
    later.ok({start_bound(), withdraw(A)});
    for (int i = 0; i < 4; ++i) later.ok(lose(D, "south/r1"));
    later.to_bound(2, D);
    later.ok(withdraw(D));
    EXPECT_FALSE(later.state.defeated);
    later.ok({leave(D, "south/r1", 2), leave(D, "south/r2", 6)});
    later.to_bound(3, A);
    later.ok({leave(A, "north/r1", 6), leave(A, "north/r2", 6)});
    EXPECT_EQ(later.state.end->defender, O::withdrew);
    expect_judged_alike(later.state);

    // The camp counts in the total only: 2 elements + camp at declaration is not "already at
    // one-third" by the report, but the withdrawing army is defeated all the same.
    Battle camp;
    camp.ok(start_bound());
    for (int i = 0; i < 4; ++i) camp.ok(lose(A, "north/r1"));
    camp.ok({lose(D, "south/r1"), lose(D, "south/r1"), lose_camp(D), end_bound()});
    EXPECT_FALSE(camp.state.defeated);  // 4 each
    camp.ok(start_bound());
    camp.ok(withdraw(D));
    camp.ok(end_bound());
    EXPECT_EQ(camp.state.defeated, D);
    EXPECT_TRUE(starts_with(camp.state.defeat_rule, "R-8.4"));
    camp.to_bound(2, D);
    EXPECT_EQ(camp.refused(evacuate(D)), "R-8.3: the defender's camp is already lost");
    camp.ok({leave(D, "south/r1", 4), leave(D, "south/r2", 6)});
    expect_judged_alike(camp.state);
}

TEST(BattleCompanion, ReportCountsFiguresPerElement) {
    BattleRules two = rules();
    two.figures_per_element = 2;
    CompanionSide attacker = army("north");
    attacker.regiments = {{"north/r1", 4, 7}, {"north/r2", 2, 0}};  // 7 figures: 4 elements
    Battle b({}, start(4, attacker, army("south")), two);
    b.ok({start_bound(), withdraw(A), leave(A, "north/r1", 3)});
    b.next_bound();
    b.ok(leave(A, "north/r1", 1, LeaveHow::routed));
    b.next_bound();
    b.ok(leave(A, "north/r2", 2));
    ASSERT_TRUE(b.state.ended());
    const SideReport report = companion_report(b.state).attacker;
    EXPECT_EQ(report.figures_off_in_good_order, 6 + 4);
    EXPECT_EQ(report.figures_routed_off, 1);  // the remnant element of 1 figure
    EXPECT_EQ(report.starting_elements, 6);
    expect_judged_alike(b.state);
}

}  // namespace
}  // namespace umpire::rules
