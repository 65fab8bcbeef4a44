#include "storage/backup.hpp"

#include <sqlite3.h>

#include <chrono>
#include <filesystem>

#include "storage/migrations.hpp"
#include "storage/private_files.hpp"

namespace umpire::storage {

namespace {

// How long a step may keep finding the source locked (a rollback-journal writer) before the
// backup gives up as busy.
constexpr auto kBusyLimit = std::chrono::seconds(30);

int run_steps(sqlite3_backup* backup, const BackupOptions& options) {
    int pages = options.pages_per_step > 0 ? options.pages_per_step : -1;
    int restarts = 0;
    int last_remaining = -1;
    auto busy_since = std::chrono::steady_clock::now();
    for (;;) {
        const int rc = sqlite3_backup_step(backup, pages);
        const int primary = rc & 0xff;
        if (primary == SQLITE_BUSY || primary == SQLITE_LOCKED) {
            if (std::chrono::steady_clock::now() - busy_since > kBusyLimit) return rc;
            sqlite3_sleep(10);
            continue;
        }
        if (rc != SQLITE_OK && rc != SQLITE_DONE) return rc;
        busy_since = std::chrono::steady_clock::now();
        const int remaining = sqlite3_backup_remaining(backup);
        const int total = sqlite3_backup_pagecount(backup);
        if (options.progress) options.progress(total - remaining, total);
        if (rc == SQLITE_DONE) return rc;
        // Without a restart every step lowers what remains.
        if (last_remaining >= 0 && remaining >= last_remaining &&
            ++restarts >= options.max_restarts)
            pages = -1;
        last_remaining = remaining;
    }
}

ConnectionOptions existing_file() {
    ConnectionOptions options;
    options.create = false;
    return options;
}

}  // namespace

void copy_database(Connection& source, const std::string& target_path,
                   const BackupOptions& options) {
    {
        // The target is the empty temporary file made for it (0600): a new database.
        ConnectionOptions new_file;
        new_file.create = true;
        Connection target(target_path, new_file);
        sqlite3_backup* backup =
            sqlite3_backup_init(target.handle(), "main", source.handle(), "main");
        if (!backup)
            target.fail(sqlite3_extended_errcode(target.handle()),
                        "starting a backup of " + source.path());
        const int rc = run_steps(backup, options);
        const int finished = sqlite3_backup_finish(backup);  // also reports the steps' errors
        if (rc != SQLITE_DONE) target.fail(rc, "copying " + source.path());
        if (finished != SQLITE_OK) target.fail(finished, "copying " + source.path());
    }
    // The copied header says WAL when the source is: a copy is one self-contained file.
    Connection copy(target_path, existing_file());
    copy.query_text("PRAGMA journal_mode = DELETE");
}

DatabaseReport backup_database(Connection& source, const std::string& target,
                               const BackupOptions& options) {
    if (!options.replace && std::filesystem::exists(std::filesystem::symlink_status(target)))
        throw StorageError(ErrorKind::conflict, target + ": already exists; not overwriting it");
    TempSibling copy(target);
    copy_database(source, copy.path(), options);
    DatabaseReport report;
    try {
        report = inspect_database(copy.path());
    } catch (const StorageError& e) {
        throw StorageError(e.kind(), "the copy of " + source.path() + " does not check: " +
                                         e.what() + "; nothing was written to " + target);
    }
    copy.commit(options.replace);
    return report;
}

DatabaseReport backup_file(const std::string& source, const std::string& target,
                           const BackupOptions& options) {
    Connection db(source, existing_file());
    check_database(db);  // a foreign or unreadable file is refused before anything is written
    return backup_database(db, target, options);
}

}  // namespace umpire::storage
