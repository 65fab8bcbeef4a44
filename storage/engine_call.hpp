#pragma once
// The one place storage asks the rules engine to resolve a period. When the engine's signature
// changes, only this file changes.
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "storage/records.hpp"
#include "umpire/rules/decisions.hpp"
#include "umpire/rules/events.hpp"
#include "umpire/rules/orders.hpp"
#include "umpire/rules/ruleset.hpp"
#include "umpire/rules/world.hpp"

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

// The dice of one period: its sealed seed and the scheme they are drawn with (schema_v9.cpp).
struct PeriodDice {
    std::string sealed_seed;
    int scheme = kCurrentScheme;
};

// Resolves the period `before` is at, on a copy: `before` is never changed. The engine replays
// the period from its start with the dice of `dice` and the players' `answers` (decision id
// -> answer); with `settle_missing` every unanswered request takes the force's standing
// instruction or its default and the period completes, otherwise it stops at the first window
// still waiting for answers. `start_version`: `before`'s state version under the period's
// version key (version_key_of), when the caller has it ("": the engine works it out).
// `lapsed`: requests whose own deadline passed, settled even without `settle_missing`.
EngineOutcome run_engine(const rules::CampaignState& before, const rules::Ruleset& ruleset,
                         const rules::PeriodOrders& orders, const PeriodDice& dice,
                         const std::map<std::string, rules::Json>& answers = {},
                         bool settle_missing = true, std::string start_version = "",
                         std::set<std::string> lapsed = {});

// Secrets derived from a period's sealed seed, each for one use (HMAC-SHA256 of the seed and a
// label), so that revealing one reveals nothing of the others. Players never hold the sealed
// seed while the campaign runs (docs/protocol.md, "Dice").
// The key of the period's state versions (scheme 2; scheme 1 versions are plain digests: "").
std::string version_key_of(const PeriodDice& dice);
// The key the period's dice streams are derived from (include/umpire/rules/stream_dice.hpp).
std::string dice_key_of(const std::string& sealed_seed);

}  // namespace umpire::storage
