#pragma once
// Copies of a database with SQLite's online backup API: consistent as of one commit, with what
// is still in <db>-wal (a plain cp of the file misses it), and safe while a server writes.
#include <functional>
#include <string>

#include "storage/database_check.hpp"
#include "storage/sqlite_connection.hpp"

namespace umpire::storage {

struct BackupOptions {
    bool replace = false;      // overwrite an existing target (its -wal and -shm go too)
    int pages_per_step = 256;  // 1 MiB of 4 KiB pages: how long one step holds the read lock
    // A write by another connection restarts a stepped copy; after this many restarts the rest
    // is copied in one step (in WAL mode a reader never blocks the writer, so that is safe).
    int max_restarts = 3;
    std::function<void(long long copied, long long total)> progress;  // pages, after each step
};

// Copies `source` into the existing empty file `target_path`, then makes the copy one file
// (journal_mode DELETE: no -wal to lose beside it).
void copy_database(Connection& source, const std::string& target_path,
                   const BackupOptions& options = {});

// Writes a checked copy of `source` to `target`: copied under a temporary name beside it (mode
// 0600), inspected (database_check.hpp), synced, then renamed. An existing target is a conflict
// unless options.replace. Returns what the copy holds.
DatabaseReport backup_database(Connection& source, const std::string& target,
                               const BackupOptions& options = {});

// The same from a database file: opened, never created or migrated, and identified as
// Umpire's first.
DatabaseReport backup_file(const std::string& source, const std::string& target,
                           const BackupOptions& options = {});

}  // namespace umpire::storage
