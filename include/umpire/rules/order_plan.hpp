#pragma once
// What an order will do if nothing stops it (issue 30, the orders preview): each step of its
// path with its cost, the points spent by then and the moment of the period it is entered at,
// or that the force cannot pay for it this period. Worked out from the force, the map and the
// ruleset alone, which its player knows: enemies, contacts and roll-offs are not foreseen, so
// a plan is what the order asks, not what will happen.
#include <string>
#include <vector>

#include "umpire/rules/orders.hpp"
#include "umpire/rules/ruleset.hpp"
#include "umpire/rules/world.hpp"

namespace umpire::rules {

struct PlannedStep {
    Hex hex;
    int cost = 0;          // move points for this step (R-1.2, roads and rivers included)
    int spent = 0;         // points spent when it is entered
    bool reached = false;  // within the period's points: entered this period
    std::string at;  // when it is entered, as a fraction of the period ("3/4"); "" if not reached
};

struct OrderPlan {
    std::string force;
    bool moves_this_period = false;  // nocturnal forces move at night, others by day
    int available = 0;               // daily points (forced march included) + saved points
    std::vector<PlannedStep> steps;
};

OrderPlan plan_order(const CampaignState& state, const Ruleset& ruleset, const ForceOrder& order,
                     const Force& force, PeriodKind period);

}  // namespace umpire::rules
