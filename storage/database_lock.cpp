#include "storage/database_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "storage/error.hpp"

namespace umpire::storage {

namespace {

// The pid a server wrote into the lock file, if that process still runs; 0 otherwise (a
// command holds it, or the pid is stale).
long holder_pid(int fd) {
    char text[32] = {};
    const auto n = ::pread(fd, text, sizeof text - 1, 0);
    if (n <= 0) return 0;
    char* end = nullptr;
    const long pid = std::strtol(text, &end, 10);
    if (pid <= 0 || end == text) return 0;
    return ::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM ? pid : 0;
}

std::string held_message(const std::string& lock, DatabaseLock::Mode mode, long pid) {
    const std::string by = pid ? "umpire-server (pid " + std::to_string(pid) + ")"
                               : "another process (an umpire-server, or an umpire command "
                                 "changing campaigns)";
    if (mode == DatabaseLock::Mode::maintenance)
        return lock + " is held by " + by + ": a restore or a migration needs the database to "
                                              "itself; stop it first";
    if (mode == DatabaseLock::Mode::server)
        return lock + " is held by " + by +
               ": one server per database, and it is that one's; stop it before starting "
               "another, or give this one another --db";
    return lock + " is held by " + by +
           ": while a server runs it is its database's one writer, and this command would undo "
           "what it does; make the change through the server, or stop it first (verify and "
           "export may run beside it)";
}

}  // namespace

std::string DatabaseLock::path_for(const std::string& database) {
    std::error_code ec;
    // weakly: a file --create-db is about to make resolves its directory's links.
    const auto real = std::filesystem::weakly_canonical(database, ec);
    return (ec ? database : real.string()) + ".lock";
}

DatabaseLock::DatabaseLock(const std::string& database, Mode mode) : mode_(mode) {
    if (database.empty() || database == ":memory:" || database.rfind("file:", 0) == 0) return;
    const std::string lock = path_for(database);
    fd_ = ::open(lock.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (fd_ < 0) {
        const int error = errno;
        throw StorageError(error == EACCES || error == EROFS ? ErrorKind::read_only
                                                             : ErrorKind::cannot_open,
                           lock + ": cannot open the lock file: " + std::strerror(error));
    }
    if (::flock(fd_, (mode == Mode::command ? LOCK_SH : LOCK_EX) | LOCK_NB) != 0) {
        const int error = errno;
        const long pid = error == EWOULDBLOCK ? holder_pid(fd_) : 0;
        ::close(fd_);
        fd_ = -1;
        if (error != EWOULDBLOCK)
            throw StorageError(ErrorKind::io, lock + ": cannot lock: " + std::strerror(error));
        throw StorageError(ErrorKind::busy, held_message(lock, mode, pid));
    }
    if (mode == Mode::server) {
        // For the message a second server prints; the lock holds without it.
        const std::string pid = std::to_string(::getpid()) + "\n";
        const bool wrote = ::ftruncate(fd_, 0) == 0 &&
                           ::pwrite(fd_, pid.data(), pid.size(), 0) == static_cast<ssize_t>(pid.size());
        (void)wrote;
    }
}

DatabaseLock::DatabaseLock(DatabaseLock&& other) noexcept : fd_(other.fd_), mode_(other.mode_) {
    other.fd_ = -1;
}

DatabaseLock::~DatabaseLock() {
    if (fd_ < 0) return;
    // A clean stop leaves no pid behind; closing the descriptor releases the lock.
    if (mode_ == Mode::server) {
        const bool cleared = ::ftruncate(fd_, 0) == 0;
        (void)cleared;
    }
    ::close(fd_);
}

}  // namespace umpire::storage
