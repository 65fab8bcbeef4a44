#include "storage/database_checks.hpp"

#include <sqlite3.h>

#include "storage/sqlite_connection.hpp"

namespace umpire::storage {

std::optional<StorageError> Connection::write_problem() {
    Connection& connection = *this;
    try {
        connection.check_file();
        sqlite3* db = connection.handle();
        // A file the process may not write is opened read-only without a word (SQLite falls
        // back): every write would then fail.
        if (sqlite3_db_readonly(db, "main") == 1)
            return StorageError(ErrorKind::read_only,
                                connection.path() + ": the database is open read-only (the file "
                                                    "or its directory is not writable)");
        if (!sqlite3_get_autocommit(db)) return std::nullopt;  // a transaction is under way
        const int wait = connection.busy_timeout();
        connection.set_busy_timeout(0);
        int rc = sqlite3_exec(db, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr);
        if (rc == SQLITE_OK) rc = sqlite3_exec(db, "ROLLBACK", nullptr, nullptr, nullptr);
        connection.set_busy_timeout(wait);
        if (rc == SQLITE_OK || (rc & 0xff) == SQLITE_BUSY) return std::nullopt;
        try {
            connection.fail(rc, "trying a write transaction");
        } catch (const StorageError& e) {
            return e;
        }
    } catch (const StorageError& e) {
        return e;
    }
    return std::nullopt;
}

void require_writable(Database& database) {
    auto problem = database.write_problem();
    if (!problem) return;
    if (problem->kind() != ErrorKind::read_only) throw *problem;
    throw StorageError(ErrorKind::read_only,
                       std::string(problem->what()) +
                           "; the server writes every login, order and answer to it: give its "
                           "user write access to the file and to its directory (for the -wal "
                           "and -shm files beside it), or a PostgreSQL role that may write");
}

}  // namespace umpire::storage
