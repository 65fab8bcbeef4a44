#pragma once
// Shared by the storage tests: temporary directories, the demo scenario, a fixed clock and a
// campaign that has been played a little.
#include <filesystem>
#include <memory>
#include <string>

#include "storage/campaign_service.hpp"
#include "storage/sqlite_store.hpp"

namespace umpire::storage::testing {

namespace fs = std::filesystem;

const std::string kSource = UMPIRE_SOURCE_DIR;
const std::string kDemo = kSource + "/scenarios/valormr-demo.json";
const std::string kDemoOrders = kSource + "/scenarios/valormr-demo-orders.json";

// A fresh directory, removed with everything in it at the end of the test.
class TempDir {
public:
    TempDir();
    ~TempDir();
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    const fs::path& path() const { return path_; }
    std::string file(const std::string& name) const { return (path_ / name).string(); }

private:
    fs::path path_;
};

// Seconds that tick by one per call: stored times differ but are reproducible.
Clock counting_clock();

// Seeds from a fixed sequence: a campaign's battles, and so its course, are the same every run.
SeedSource counting_seeds();

// The demo campaign with counting_clock and counting_seeds.
Campaign create_demo(CampaignStore& store, const std::string& id = "demo");

// The demo orders of `player` for the campaign's current period (empty if none), for the forces
// still on the map.
std::vector<rules::ForceOrder> demo_orders(const Campaign& campaign, const std::string& player);

// Submits every player's demo orders for the current period, then resolves it, settling every
// decision by standing instructions or defaults.
ResolvedPeriod play_period(Campaign& campaign);

// Submits every player's demo orders for the current period, then resolves it without settling:
// the demo's periods stop at their first decision window.
ResolvedPeriod start_period(Campaign& campaign);

// Answers each request with an allowed option other than its default (the last listed), so a
// test can see the answer was used.
void answer_all(Campaign& campaign, const std::vector<DecisionRecord>& pending);

// Every decision row of a campaign as text: to show that a refused call changed nothing.
std::string decisions_text(CampaignStore& store, const std::string& campaign);

std::string read_file(const std::string& path);
void write_file(const std::string& path, const std::string& bytes);

// Copies the campaigns of the attached database `src` into an older schema's `main`: the
// columns every version has (version 14 added campaigns.version).
inline constexpr const char* kCopyCampaignsToOldSchema =
    "INSERT INTO main.campaigns SELECT id, name, scenario, ruleset_name, ruleset_version, "
    "ruleset_hash, ruleset, settings, deadline_policy, time_zone, status, created_at "
    "FROM src.campaigns";

}  // namespace umpire::storage::testing
