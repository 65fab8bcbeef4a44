#pragma once
// Versioned schema migrations. The schema version is PRAGMA user_version; PRAGMA application_id
// marks the file as Umpire's. Each step runs in its own transaction together with the version
// bump, so a database is always at exactly one version.
#include <string>
#include <vector>

#include "storage/sqlite_connection.hpp"

namespace umpire::storage {

// "UMPR": written by the first migration, checked on every open.
inline constexpr int kApplicationId = 0x554d5052;

struct Migration {
    int version;              // the version the database has after this step
    std::string description;
    std::string sql;
    // Runs after `sql` in the same transaction, for data SQL alone cannot reshape; may be null.
    void (*then)(Connection&);
};

// The steps of this build, versions 1, 2, … in order.
const std::vector<Migration>& migrations();
int latest_schema_version();

// Refuses a file that is not an empty or Umpire database, or whose version is above the newest
// of `steps`: a StorageError of kind corrupt, not_umpire or too_new. Returns the version.
int check_database(Connection& connection, const std::vector<Migration>& steps = migrations());

// Checks the database, then applies the steps above its version up to `target` (default: all).
// Returns the version reached.
int migrate(Connection& connection, int target = -1,
            const std::vector<Migration>& steps = migrations());

}  // namespace umpire::storage
