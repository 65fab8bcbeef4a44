#pragma once
// The one place storage asks the rules engine to resolve a period. When the engine's signature
// changes, only this file changes.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "rules/decisions.hpp"
#include "rules/events.hpp"
#include "rules/orders.hpp"
#include "rules/ruleset.hpp"
#include "rules/world.hpp"

namespace umpire::storage {

struct EngineOutcome {
    // False when the period waits for answers: `pending` holds the requests of that window,
    // `state` is `before` and `events` are those up to the wait (not to be shown: uncommitted).
    bool complete = false;
    std::vector<rules::DecisionRequest> pending;
    rules::CampaignState state;       // the state after the period
    rules::EventList events;  // in order
    std::uint64_t draws = 0;          // generator outputs consumed
};

// Resolves the period `before` is at, on a copy: `before` is never changed. The engine replays
// the period from its start with the dice of `dice_seed` and the players' `answers` (decision id
// -> answer); with `settle_missing` every unanswered request takes the force's standing
// instruction or its default and the period completes, otherwise it stops at the first window
// still waiting for answers. `version_key`: the secret battle records' state versions are keyed
// with (the period's sealed seed, see version_key_of); `start_version`: `before`'s version under
// it, when the caller has it ("": the engine works it out).
EngineOutcome run_engine(const rules::CampaignState& before, const rules::Ruleset& ruleset,
                         const rules::PeriodOrders& orders, std::uint64_t dice_seed,
                         const std::map<std::string, rules::Json>& answers = {},
                         bool settle_missing = true, std::string version_key = "",
                         std::string start_version = "");

// The key of a period's state versions: its sealed seed, which players never hold while the
// campaign runs, so they cannot test guesses of the secret state against a version.
inline std::string version_key_of(const std::string& sealed_seed) { return sealed_seed; }

}  // namespace umpire::storage
