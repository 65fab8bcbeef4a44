#include "storage/restore.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <filesystem>

#include "storage/migrations.hpp"
#include "storage/private_files.hpp"
#include "storage/database_lock.hpp"

namespace umpire::storage {

namespace {

namespace fs = std::filesystem;

bool exists(const std::string& path) { return fs::exists(fs::symlink_status(path)); }

// Keeps the current database at `aside`, together with the files SQLite keeps beside it. A hard
// link leaves `db` in place until the new file is renamed over it, so there is never a moment
// without one; the -wal and -shm move first, so they can never meet the restored file.
void keep_aside(const std::string& db, const std::string& aside) {
    if (::link(db.c_str(), aside.c_str()) != 0) rename_no_replace(db, aside);
    for (const char* side : {"-wal", "-shm", "-journal"})
        if (exists(db + side) && std::rename((db + side).c_str(), (aside + side).c_str()) != 0)
            throw StorageError(ErrorKind::io, db + side + ": cannot move it to " + aside + side);
}

// The backup opened for copying, after it is identified: never created, never migrated.
DatabaseReport copy_checked(const std::string& backup, const std::string& to,
                            const BackupOptions& options) {
    ConnectionOptions existing;
    existing.create = false;
    {
        Connection source(backup, existing);
        if (check_database(source) == 0)
            throw StorageError(ErrorKind::corrupt, backup + ": an empty database, not a backup");
        copy_database(source, to, options);
    }
    return inspect_database(to);
}

}  // namespace

RestoreReport restore_database(const std::string& backup, const std::string& db,
                               const RestoreOptions& options) {
    if (!exists(backup))
        throw StorageError(ErrorKind::cannot_open, backup + ": no such file");
    const bool replacing = exists(db);
    if (replacing && !options.replace)
        throw StorageError(ErrorKind::conflict,
                           db + ": already exists; not restoring over it unless told to");
    const DatabaseLock lock(db, DatabaseLock::Mode::maintenance);

    TempSibling copy(db);
    RestoreReport report;
    try {
        report.restored = copy_checked(backup, copy.path(), options.copy);
        const auto mismatches = replay_all(copy.path());
        if (!mismatches.empty()) {
            std::string lines;
            for (const auto& m : mismatches) lines += "\n  " + m;
            throw StorageError(ErrorKind::corrupt, "does not replay:" + lines);
        }
    } catch (const StorageError& e) {
        throw StorageError(e.kind(), backup + ": refused, nothing was restored: " + e.what(),
                           e.sqlite_code());
    }
    if (replacing) {
        report.previous = free_name(db + ".before-restore-" + utc_file_stamp());
        keep_aside(db, report.previous);
    }
    copy.commit(replacing);
    return report;
}

}  // namespace umpire::storage
