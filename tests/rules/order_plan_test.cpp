// The orders preview's plan (issue 30, include/umpire/rules/order_plan.hpp): each step's cost is
// what movement will charge, the points add up, a step the force cannot pay for is not reached (nor
// any after it), and a force that does not move in the period reaches nothing.
#include <gtest/gtest.h>

#include "demo_scenario.hpp"

#include "documents/order_plan_json.hpp"
#include "documents/scenario_io.hpp"
#include "rules/movement/movement_costs.hpp"
#include "umpire/rules/order_plan.hpp"

namespace umpire::rules {
namespace {

ForceOrder anna_moves(std::vector<Hex> path) {
    ForceOrder order;
    order.player = "anna";
    order.force = "hadewych";
    order.path = std::move(path);
    return order;
}

TEST(OrderPlan, StepsCostWhatMovementChargesUntilThePointsRunOut) {
    const auto demo = load_demo();
    const Force& force = *demo.state.find_force("hadewych");
    // Eastward along row 3 for as long as the map goes: longer than one period's march.
    ForceOrder order = anna_moves({});
    for (int q = force.hex().q + 1; demo.state.map.terrain_at(Hex{q, force.hex().r}); ++q)
        order.path.push_back(Hex{q, force.hex().r});
    ASSERT_GE(order.path.size(), 3u);
    const OrderPlan plan = plan_order(demo.state, demo.ruleset, order, force, PeriodKind::day);
    ASSERT_TRUE(plan.moves_this_period);
    EXPECT_EQ(plan.available, daily_move_points(force, demo.ruleset) + force.saved_points);
    ASSERT_EQ(plan.steps.size(), order.path.size());
    Hex at = force.hex();
    int spent = 0;
    bool stopped = false;
    for (const auto& step : plan.steps) {
        const int cost = step_cost(demo.state.map, demo.ruleset, at, step.hex);
        EXPECT_EQ(step.cost, cost);
        stopped = stopped || cost < 0 || spent + cost > plan.available;
        EXPECT_EQ(step.reached, !stopped);
        if (!stopped) {
            spent += cost;
            EXPECT_EQ(step.spent, spent);
            EXPECT_FALSE(step.at.empty());
        } else {
            EXPECT_TRUE(step.at.empty());
        }
        at = step.hex;
    }
    EXPECT_TRUE(plan.steps.front().reached);
    const Json json = to_json(plan);
    EXPECT_EQ(json["steps"].size(), order.path.size());
    EXPECT_EQ(json["steps"][0]["hex"], Json::array({order.path[0].q, order.path[0].r}));
}

TEST(OrderPlan, TheEntryMomentIsTheShareOfThePointsSpent) {
    const auto demo = load_demo();
    const Force& force = *demo.state.find_force("hadewych");
    const ForceOrder order = anna_moves({Hex{force.hex().q + 1, force.hex().r}});
    const OrderPlan plan = plan_order(demo.state, demo.ruleset, order, force, PeriodKind::day);
    ASSERT_TRUE(plan.steps.at(0).reached);
    const int cost = plan.steps[0].cost;
    // cost / available, reduced: e.g. 2 of 6 is "1/3".
    const std::string at = plan.steps[0].at;
    const auto slash = at.find('/');
    ASSERT_NE(slash, std::string::npos) << at;
    EXPECT_EQ(std::stoll(at.substr(0, slash)) * plan.available,
              static_cast<long long>(cost) * std::stoll(at.substr(slash + 1)));
}

TEST(OrderPlan, AForceThatDoesNotMoveInThePeriodReachesNothing) {
    const auto demo = load_demo();
    const Force& force = *demo.state.find_force("hadewych");
    ASSERT_FALSE(moves_at_night(force, demo.ruleset)) << "the demo's hadewych is not nocturnal";
    const ForceOrder order = anna_moves({Hex{force.hex().q + 1, force.hex().r}});
    const OrderPlan plan = plan_order(demo.state, demo.ruleset, order, force, PeriodKind::night);
    EXPECT_FALSE(plan.moves_this_period);
    EXPECT_EQ(plan.available, 0);
    EXPECT_FALSE(plan.steps.at(0).reached);
}

}  // namespace
}  // namespace umpire::rules
