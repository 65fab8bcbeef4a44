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

#include "umpire/rules/decisions.hpp"
#include "umpire/rules/dice.hpp"
#include "umpire/rules/events.hpp"
#include "umpire/rules/orders.hpp"
#include "umpire/rules/ruleset.hpp"
#include "umpire/rules/world.hpp"

namespace umpire::rules {

struct PeriodInputs {
    PeriodOrders orders;                  // those for another period are ignored
    std::map<std::string, Answer> answers;  // decision id -> answer (answer_json.hpp reads them)
    // Settle every unanswered decision by standing instruction or default (deadline passed,
    // or headless play); otherwise stop at the first window that waits for answers.
    bool settle_missing = true;
    // The start state's version (documents/state_version.hpp) when the caller has it already,
    // as storage does from the snapshot it keeps; otherwise `version_of` works it out at the
    // first battle. Without either, battle records bind to no version ("").
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
    // How the version is worked out when not given (documents' state_version): the engine
    // does not write documents, and a period without battles never needs it.
    VersionOf version_of = nullptr;
};

struct PeriodOutcome {
    bool complete = false;
    std::vector<DecisionRequest> pending;  // when not complete: the window waiting for answers
    EventList events;                      // everything up to the end, or up to the wait
    CampaignState state;                   // the state after the period, when complete
};

PeriodOutcome resolve_period(const CampaignState& start, const Ruleset& ruleset,
                             const PeriodInputs& inputs, DiceSource& dice);

}  // namespace umpire::rules
