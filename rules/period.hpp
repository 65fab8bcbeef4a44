#pragma once
// Resolving one period: orders, simultaneous movement, and the end-of-period upkeep of saved
// points, forced march, re-forming and cavalry readiness. Contacts are reported as events; the
// contact procedure that follows them belongs to RULEBOOK sections 5 to 7.
#include <vector>

#include "rules/dice.hpp"
#include "rules/events.hpp"
#include "rules/orders.hpp"
#include "rules/ruleset.hpp"
#include "rules/world.hpp"

namespace umpire::rules {

// Resolves the current period of `state` with `orders` (those for other periods are ignored)
// and advances the calendar. Returns the events in order.
std::vector<Json> resolve_period(CampaignState& state, const Ruleset& ruleset,
                                 const PeriodOrders& orders, DiceSource& dice);

}  // namespace umpire::rules
