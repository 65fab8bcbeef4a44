#pragma once
// Orders as JSON (docs/cli.md, "Orders file"): the orders document a player or a tool gives.
#include <optional>
#include <vector>

#include "umpire/rules/json_reader.hpp"
#include "umpire/rules/orders.hpp"

namespace umpire::rules {

// Reads an orders document: {"periods": [{"day", "period", "orders": [...]}, ...]}.
// Structural problems (wrong types, unknown members) are reported with their JSON paths.
std::optional<std::vector<PeriodOrders>> read_orders(const Json& document, Problems& problems);
Json write_order(const ForceOrder& order);

}  // namespace umpire::rules
