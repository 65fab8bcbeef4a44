#pragma once
// The one place storage asks the rules engine to resolve a period. When the engine's signature
// changes (the resumable contact procedure will add decisions), only this file changes.
#include <cstdint>
#include <vector>

#include "rules/orders.hpp"
#include "rules/ruleset.hpp"
#include "rules/world.hpp"

namespace umpire::storage {

struct EngineOutcome {
    rules::CampaignState state;       // the state after the period
    std::vector<rules::Json> events;  // in order
    std::uint64_t draws = 0;          // generator outputs consumed
};

// Resolves the period `before` is at, on a copy: `before` is never changed.
EngineOutcome run_engine(const rules::CampaignState& before, const rules::Ruleset& ruleset,
                         const rules::PeriodOrders& orders, std::uint64_t dice_seed);

}  // namespace umpire::storage
