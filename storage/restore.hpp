#pragma once
// Putting a backup back in a database's place, checked first: nothing is replaced unless the
// backup is whole, an Umpire database this build knows, and every campaign in it replays.
#include <string>

#include "storage/backup.hpp"

namespace umpire::storage {

struct RestoreOptions {
    bool replace = false;  // restore over an existing database, keeping it aside
    BackupOptions copy;    // progress of the copy
};

struct RestoreReport {
    DatabaseReport restored;
    std::string previous;  // where the database it replaced went; empty when there was none
};

// Restores `backup` to `db` at the backup's own schema version (so an older build can open it).
// Refused with nothing changed: an existing db without options.replace (conflict), a process
// holding db's writer lock (busy: database_lock.hpp), a backup that is damaged, foreign, too new
// or empty (corrupt, not_umpire, too_new), or one whose campaigns do not replay (corrupt, each
// mismatch listed). The restored file is written atomically, mode 0600; the one it replaces
// is kept as "<db>.before-restore-<UTC time>" with its -wal and -shm.
RestoreReport restore_database(const std::string& backup, const std::string& db,
                               const RestoreOptions& options = {});

}  // namespace umpire::storage
