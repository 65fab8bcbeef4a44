#pragma once
// An orders preview's plan as its player is sent it: {"force", "moves_this_period",
// "available", "steps": [{"hex": [q, r], "cost", "reached", "spent"?, "at"?}]}.
#include "umpire/rules/json_reader.hpp"
#include "umpire/rules/order_plan.hpp"

namespace umpire::rules {

Json to_json(const OrderPlan& plan);

}  // namespace umpire::rules
