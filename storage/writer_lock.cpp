#include "storage/writer_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace umpire::storage {

std::optional<WriterLock> WriterLock::try_acquire(const std::string& db_path, std::string& why) {
    std::string path = db_path + ".lock";
    const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (fd < 0) {
        why = path + ": cannot open the lock file: " + std::strerror(errno);
        return std::nullopt;
    }
    int rc;
    do rc = ::flock(fd, LOCK_EX | LOCK_NB);
    while (rc != 0 && errno == EINTR);
    if (rc != 0) {
        const int error = errno;
        ::close(fd);
        why = error == EWOULDBLOCK
                  ? db_path + " is in use: another process (a running server?) holds " + path
                  : path + ": cannot lock: " + std::strerror(error);
        return std::nullopt;
    }
    return WriterLock(fd, std::move(path));
}

WriterLock::WriterLock(WriterLock&& other) noexcept
    : fd_(other.fd_), path_(std::move(other.path_)) {
    other.fd_ = -1;
}

WriterLock::~WriterLock() {
    if (fd_ >= 0) ::close(fd_);  // releases the flock
}

}  // namespace umpire::storage
