#pragma once
// One writer per database (docs/operations.md, "One server per database"). The server holds
// `<db>.lock` exclusively for its whole life, with its pid in it; umpire commands that change
// campaigns hold it shared while they run; a restore or a migration holds it exclusively, without
// a pid (maintenance). So a second server does not start beside the first,
// a command does not write under a running server (whose campaigns in memory would undo it),
// and a server does not start under a command. Readers (verify, export) take no lock: SQLite's
// WAL keeps them safe.
//
// flock, not fcntl: SQLite's own fcntl locks are dropped by any close() of the file in the
// process, flock's belong to this one open file. The lock is the flock, not the file: the file
// stays after exit, and a lock dies with its process (kill -9 too).
#include <string>

namespace umpire::storage {

class DatabaseLock {
public:
    enum class Mode { server, command, maintenance };
    // Takes the lock without waiting; throws StorageError(busy) naming the lock file and, when
    // known, the pid of the server holding it. No lock for :memory: and file: URIs.
    DatabaseLock(const std::string& database, Mode mode);
    ~DatabaseLock();
    DatabaseLock(DatabaseLock&& other) noexcept;
    DatabaseLock(const DatabaseLock&) = delete;
    DatabaseLock& operator=(const DatabaseLock&) = delete;
    DatabaseLock& operator=(DatabaseLock&&) = delete;

    // `<db>.lock` beside the database's real file: symbolic links to the file or to a
    // directory on its way are followed, so two names of one file share one lock (issue 53: a
    // server started through a link no longer escapes the lock). Hard links are not followed.
    static std::string path_for(const std::string& database);

private:
    int fd_ = -1;
    Mode mode_;
};

}  // namespace umpire::storage
