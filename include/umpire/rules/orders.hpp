#pragma once
// Orders for a period and their validation. An invalid order is a result with a reason,
// never an exception: the force then holds. Their JSON: documents/orders_json.hpp.
#include <optional>
#include <string>
#include <vector>

#include "umpire/rules/events.hpp"
#include "umpire/rules/hex.hpp"
#include "umpire/rules/ruleset.hpp"
#include "umpire/rules/world.hpp"

namespace umpire::rules {

struct ForceOrder {
    std::string player;  // who gives the order
    std::string force;
    bool hold = false;
    std::vector<Hex> path;  // hexes to enter in order, each adjacent to the one before
    bool forced_march = false;
    std::vector<std::string> regiments;  // new role order of all regiment ids; empty: unchanged
    SharedInstructions standing_instructions;  // replaces the force's; null: unchanged
    std::optional<Hex> scout;            // the hex a scout is sent to this period
};

struct PeriodOrders {
    int day = 1;
    PeriodKind period = PeriodKind::day;
    std::vector<ForceOrder> orders;
};

// Longest path one order may give: far beyond any force's reach in a period.
inline constexpr std::size_t kMaxPathLength = 64;

// An order that passed validation, for a force that exists and belongs to its player.
struct AcceptedOrder {
    std::string force;
    std::vector<Hex> path;
    bool forced_march = false;
    std::vector<std::string> regiments;
    SharedInstructions standing_instructions;
    std::optional<Hex> scout;
};

// Why `order` for the player's own `force` cannot stand, or empty when it can: hold and path
// together, a move in retreat or rout, a path step that is not adjacent, off the map or
// impassable, a forced march without a path or too soon, a wrong list of regiments, a scout out
// of range. It reads only the force, the map and the ruleset, which its player knows, so the
// server checks orders with it when they are submitted as well as when they are resolved.
std::string order_problem(const CampaignState& state, const Ruleset& ruleset,
                          const ForceOrder& order, const Force& force);

// Checks each order against the state as its player knows it (R-3.1: unseen enemies are not
// checked) and records an "order_result" event for every order, accepted or rejected.
std::vector<AcceptedOrder> validate_orders(const CampaignState& state, const Ruleset& ruleset,
                                           const PeriodOrders& orders, EventLog& log);

}  // namespace umpire::rules
