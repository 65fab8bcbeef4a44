#pragma once
// Replay: re-resolving a stored period from its stored state-before, orders, answers, settle
// flag and revealed seed must reproduce its stored events, state-after and draw count byte for
// byte. verify_campaign does that for every committed period and checks the chain that links
// them (through the GM's world edits, each replayed too) and the decisions.
#include <string>
#include <vector>

#include "storage/campaign_store.hpp"
#include "umpire/rules/ruleset.hpp"

namespace umpire::storage {

// Each difference between the stored period and its replay, as one line; empty if none.
std::vector<std::string> replay_period(const PeriodRecord& period, const rules::Ruleset& ruleset);

struct VerifyReport {
    int periods_checked = 0;
    std::vector<std::string> mismatches;  // "period 3 attempt 0: event 5 differs: …"
    bool ok() const { return mismatches.empty(); }
};

// Replays every committed period of a campaign (rolled-back ones too) and checks the seeds
// against their published hashes, the chain of live periods (each starts where the last ended
// and the live world edits made before it left it, each edit replayed; the first at the
// scenario, the open period after the last), every receipt and the decisions
// (decision_checks.hpp).
VerifyReport verify_campaign(CampaignStore& store, const std::string& campaign);
// The same checks on an archive in memory, as import makes them.
VerifyReport verify_archive(const CampaignArchive& archive);

}  // namespace umpire::storage
