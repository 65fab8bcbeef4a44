#include "umpire/rules/order_plan.hpp"

#include <numeric>

#include "rules/movement/movement_costs.hpp"

namespace umpire::rules {

namespace {

std::string fraction(long long num, long long den) {
    const long long g = std::gcd(num, den);
    return std::to_string(num / g) + "/" + std::to_string(den / g);
}

}  // namespace

OrderPlan plan_order(const CampaignState& state, const Ruleset& ruleset, const ForceOrder& order,
                     const Force& force, PeriodKind period) {
    OrderPlan plan;
    plan.force = force.id;
    // As the movement phase counts them (movement.cpp, start).
    plan.moves_this_period = moves_at_night(force, ruleset) == (period == PeriodKind::night);
    if (plan.moves_this_period)
        plan.available = daily_move_points(force, ruleset) +
                         (order.forced_march ? forced_march_bonus(force, ruleset) : 0) +
                         force.saved_points;
    Hex at = force.hex();
    int spent = 0;
    bool stopped = !plan.moves_this_period || plan.available <= 0;
    for (const Hex& next : order.path) {
        PlannedStep step;
        step.hex = next;
        step.cost = step_cost(state.map, ruleset, at, next);
        if (step.cost < 0) stopped = true;  // impassable: the order is refused before this
        if (!stopped && spent + step.cost <= plan.available) {
            spent += step.cost;
            step.reached = true;
            step.at = fraction(spent, plan.available);
        } else {
            stopped = true;  // a step it cannot pay for ends its move this period
        }
        step.spent = spent;
        plan.steps.push_back(std::move(step));
        at = next;
    }
    return plan;
}

}  // namespace umpire::rules
