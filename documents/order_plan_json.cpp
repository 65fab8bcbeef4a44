#include "documents/order_plan_json.hpp"

#include <utility>

namespace umpire::rules {

Json to_json(const OrderPlan& plan) {
    Json steps = Json::array();
    for (const auto& s : plan.steps) {
        Json step{{"hex", {s.hex.q, s.hex.r}}, {"cost", s.cost}, {"reached", s.reached}};
        if (s.reached) {
            step["spent"] = s.spent;
            step["at"] = s.at;
        }
        steps.push_back(std::move(step));
    }
    return {{"force", plan.force},
            {"moves_this_period", plan.moves_this_period},
            {"available", plan.available},
            {"steps", std::move(steps)}};
}

}  // namespace umpire::rules
