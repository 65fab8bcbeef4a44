#pragma once
// The one exception storage throws. Its kind says what went wrong in terms a caller can act on
// (retry on busy, free disk space on disk_full, restore a backup on corrupt); the message says
// which file and which operation.
#include <stdexcept>
#include <string>

namespace umpire::storage {

enum class ErrorKind {
    io,             // the disk or file system failed a read, write or sync
    disk_full,      // no space left
    busy,           // another connection holds the write lock past the busy timeout
    corrupt,        // not an SQLite file, or a damaged one
    cannot_open,    // the file cannot be opened or created
    read_only,      // the file or directory is not writable
    gone,           // the open database file was removed or replaced: nothing more goes to it
    // A COMMIT failed after it may have reached the disk (a failed fsync, an I/O error or a full
    // disk during the commit, the PostgreSQL connection lost during COMMIT): whether it happened
    // is known only after a restart. The connection takes no more writes (Transaction).
    outcome_unknown,
    not_umpire,     // an SQLite database of some other application
    too_new,        // written by a newer Umpire: its schema version is above ours
    not_found,      // no such campaign, period, decision…
    conflict,       // the request does not fit the stored state (an already resolved period…)
    invalid_input,  // bad input from a user or a file: nothing was changed
    internal,       // a broken invariant or an unexpected SQLite error
};

const char* to_string(ErrorKind kind);

class StorageError : public std::runtime_error {
public:
    StorageError(ErrorKind kind, const std::string& message, int sqlite_code = 0)
        : std::runtime_error(message), kind_(kind), sqlite_code_(sqlite_code) {}
    // An error from PostgreSQL, with its SQLSTATE (five characters; empty when the server gave
    // none, as when the connection was lost).
    StorageError(ErrorKind kind, const std::string& message, std::string sqlstate)
        : std::runtime_error(message), kind_(kind), sqlite_code_(0), sqlstate_(std::move(sqlstate)) {}
    // The same error as another kind, with a new message (its engine code kept).
    StorageError(ErrorKind kind, const std::string& message, const StorageError& cause)
        : std::runtime_error(message), kind_(kind), sqlite_code_(cause.sqlite_code_),
          sqlstate_(cause.sqlstate_) {}
    ErrorKind kind() const { return kind_; }
    // The extended SQLite result code behind the error, 0 when it did not come from SQLite.
    int sqlite_code() const { return sqlite_code_; }
    // PostgreSQL's SQLSTATE behind the error, empty when it did not come from PostgreSQL.
    const std::string& sqlstate() const { return sqlstate_; }

private:
    ErrorKind kind_;
    int sqlite_code_;
    std::string sqlstate_;
};

// The engine's own code of an error, for logs: "SQLite code 778", "SQLSTATE 08006", or "no
// engine code" (an error of Umpire's own, or a PostgreSQL connection that gave no answer).
std::string engine_code(const StorageError& e);

// An SQLite result code as an error kind.
ErrorKind kind_of_sqlite_code(int code);

}  // namespace umpire::storage
