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
    ErrorKind kind() const { return kind_; }
    // The extended SQLite result code behind the error, 0 when it did not come from SQLite.
    int sqlite_code() const { return sqlite_code_; }

private:
    ErrorKind kind_;
    int sqlite_code_;
};

// An SQLite result code as an error kind.
ErrorKind kind_of_sqlite_code(int code);

}  // namespace umpire::storage
