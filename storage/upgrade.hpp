#pragma once
// Upgrading a database to this build's schema: a backup beside it before the first migration
// step, so there is a way back; and a dry run that tries every step on a scratch copy.
#include <string>
#include <vector>

#include "storage/database_check.hpp"
#include "storage/migrations.hpp"

namespace umpire::storage {

struct UpgradeResult {
    int from = 0;        // the version found
    int to = 0;          // the version reached
    std::string backup;  // the copy taken before migrating; empty when none was
};

// Checks the database (check_database); if it is older than this build, copies it to
// "<db>.pre-v<latest>-<UTC time>.bak" (backup.hpp: checked, mode 0600) and says where through
// options.notice, then migrates it. No backup of a new empty file, or when
// options.backup_before_migrating is off; a failed backup stops before any step runs.
UpgradeResult upgrade(Connection& db, const ConnectionOptions& options);

// What upgrade would do to a database file, tried on a scratch copy beside it (deleted after).
struct UpgradePlan {
    int from = 0;
    int to = 0;
    std::vector<Migration> steps;         // those that would run, in order; empty: up to date
    DatabaseReport after;                 // the migrated copy, inspected (when steps ran)
    std::vector<std::string> mismatches;  // what did not replay on the migrated copy
};
UpgradePlan dry_run_upgrade(const std::string& path);

}  // namespace umpire::storage
