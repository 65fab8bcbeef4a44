#pragma once
// Resolving one period: orders, simultaneous movement in two half periods with
// the contact procedure after each, and the end-of-period upkeep of saved points, forced
// march, re-forming and cavalry readiness.
//
// Resolution is resumable by replay (see decisions.hpp): call it again with more answers and a
// dice source re-created from the same seed, and it goes on from where it stopped.
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "rules/decisions.hpp"
#include "rules/dice.hpp"
#include "rules/events.hpp"
#include "rules/orders.hpp"
#include "rules/ruleset.hpp"
#include "rules/world.hpp"

namespace umpire::rules {

struct PeriodInputs {
    PeriodOrders orders;                  // those for another period are ignored
    std::map<std::string, Answer> answers;  // decision id -> answer (answer_json.hpp reads them)
    // Settle every unanswered decision by standing instruction or default (deadline passed,
    // or headless play); otherwise stop at the first window that waits for answers.
    bool settle_missing = true;
    // The start state's version (state_version below) when the caller has it already, as
    // storage does from the snapshot it keeps; otherwise it is worked out at the first battle.
    std::string start_version = {};
    // The secret the version is keyed with: a campaign's sealed period seed in play.
    std::string version_key = {};
    // Number contacts `<day>.<period>.<n>`, n counting the period's contacts everywhere, as
    // periods resolved before issue 28 did (storage's scheme 1). Otherwise a contact is
    // `<day>.<half period>.<its lowest force id>`: nothing in it counts contacts elsewhere.
    bool counted_contact_ids = false;
    // Requests whose own deadline passed unanswered: settled like missing ones even when
    // `settle_missing` is false (asynchronous play: each window has its own deadline).
    std::set<std::string> lapsed = {};
};

// The version a battle record binds to, of the state written as a scenario document
// (compact JSON, rules/state_version.cpp), that is of the snapshot text storage keeps:
// HMAC-SHA256 under `key`. Players
// see it, so it must not be a plain digest of the secret state: one who knows the scenario
// could test guesses of the enemy's hidden figures against it offline. Without a key
// (tools and tests that hold the whole state anyway), the plain SHA-256.
std::string state_version(const CampaignState& state, std::string_view key = {});
std::string state_version_of_text(std::string_view snapshot, std::string_view key);

struct PeriodOutcome {
    bool complete = false;
    std::vector<DecisionRequest> pending;  // when not complete: the window waiting for answers
    EventList events;                      // everything up to the end, or up to the wait
    CampaignState state;                   // the state after the period, when complete
};

PeriodOutcome resolve_period(const CampaignState& start, const Ruleset& ruleset,
                             const PeriodInputs& inputs, DiceSource& dice);

}  // namespace umpire::rules
