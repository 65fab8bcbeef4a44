#pragma once
// Checks of a whole database file, for backups, restores and upgrade dry runs: is it Umpire's,
// is it whole, what does it hold, and does every campaign in it replay.
#include <string>
#include <vector>

namespace umpire::storage {

struct DatabaseReport {
    int schema_version = 0;
    long long campaigns = 0;
    long long periods = 0;  // resolved periods, every attempt
};

// Opens an existing file without migrating it and refuses it (StorageError) unless it is an
// Umpire database this build knows (migrations.hpp: check_database) and `PRAGMA integrity_check`
// says ok (corrupt, with SQLite's findings). What the data means is replay_all's to check.
DatabaseReport inspect_database(const std::string& path);

// Replays every campaign in the file as `umpire verify` does (replay.hpp), each mismatch
// prefixed with its campaign. Never changes the file's schema: an older one is replayed on a
// migrated scratch copy beside it. Give it a copy all the same: opening it switches it to WAL.
std::vector<std::string> replay_all(const std::string& path);

}  // namespace umpire::storage
