#include "storage/private_files.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <vector>

#include "storage/error.hpp"

namespace umpire::storage {

namespace {

namespace fs = std::filesystem;

[[noreturn]] void fail_errno(int error, const std::string& what) {
    ErrorKind kind = ErrorKind::io;
    if (error == ENOSPC || error == EDQUOT) kind = ErrorKind::disk_full;
    else if (error == EACCES || error == EPERM || error == EROFS) kind = ErrorKind::read_only;
    else if (error == EEXIST) kind = ErrorKind::conflict;
    else if (error == ENOENT) kind = ErrorKind::cannot_open;
    throw StorageError(kind, what + ": " + std::strerror(error));
}

void fsync_fd_of(const std::string& path, int flags) {
    const int fd = ::open(path.c_str(), flags | O_CLOEXEC);
    if (fd < 0) fail_errno(errno, path + ": cannot open to sync");
    const int rc = ::fsync(fd);
    const int error = errno;
    ::close(fd);
    if (rc != 0) fail_errno(error, path + ": fsync failed");
}

}  // namespace

TempSibling::TempSibling(const std::string& target) : target_(target) {
    std::vector<char> name(target.begin(), target.end());
    for (char c : std::string(".tmp-XXXXXX")) name.push_back(c);
    name.push_back('\0');
    const int fd = ::mkstemp(name.data());  // O_EXCL, mode 0600
    if (fd < 0) fail_errno(errno, target + ": cannot create a temporary file beside it");
    ::fchmod(fd, 0600);
    ::close(fd);
    path_ = name.data();
}

TempSibling::~TempSibling() {
    if (!committed_) remove_with_sqlite_files(path_);
}

void TempSibling::commit(bool replace) {
    fsync_file(path_);
    if (replace) {
        for (const char* side : {"-wal", "-shm", "-journal"}) {
            std::error_code ignored;
            fs::remove(target_ + side, ignored);
        }
        if (::rename(path_.c_str(), target_.c_str()) != 0)
            fail_errno(errno, target_ + ": cannot rename " + path_ + " to it");
    } else {
        rename_no_replace(path_, target_);
    }
    committed_ = true;
    fsync_parent_folder(target_);
}

void write_private_file(const std::string& path, std::string_view bytes) {
    TempSibling temporary(path);
    const int fd = ::open(temporary.path().c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
    if (fd < 0) fail_errno(errno, temporary.path() + ": cannot open");
    std::size_t written = 0;
    while (written < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + written, bytes.size() - written);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            const int error = errno;
            ::close(fd);
            fail_errno(error, path + ": cannot write");
        }
        written += static_cast<std::size_t>(n);
    }
    if (::close(fd) != 0) fail_errno(errno, path + ": cannot write");
    temporary.commit(true);
}

void fsync_file(const std::string& path) { fsync_fd_of(path, O_RDONLY); }

void fsync_parent_folder(const std::string& path) {
    const fs::path parent = fs::path(path).parent_path();
    fsync_fd_of(parent.empty() ? "." : parent.string(), O_RDONLY | O_DIRECTORY);
}

void rename_no_replace(const std::string& from, const std::string& to) {
    if (::renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), RENAME_NOREPLACE) == 0) return;
    if (errno != EINVAL && errno != ENOSYS)
        fail_errno(errno, to + ": cannot rename " + from + " to it");
    // A file system without RENAME_NOREPLACE: link() also refuses an existing name.
    if (::link(from.c_str(), to.c_str()) != 0)
        fail_errno(errno, to + ": cannot link " + from + " to it");
    ::unlink(from.c_str());
}

void remove_with_sqlite_files(const std::string& path) {
    for (const char* side : {"", "-wal", "-shm", "-journal"}) {
        std::error_code ignored;
        fs::remove(path + side, ignored);
    }
}

std::string free_name(const std::string& stem, const std::string& suffix) {
    std::string name = stem + suffix;
    for (int n = 2; fs::exists(fs::symlink_status(name)); ++n)
        name = stem + "-" + std::to_string(n) + suffix;
    return name;
}

std::string utc_file_stamp() {
    const std::time_t now = std::time(nullptr);
    std::tm utc{};
    gmtime_r(&now, &utc);
    char buffer[32];
    std::strftime(buffer, sizeof buffer, "%Y%m%dT%H%M%SZ", &utc);
    return buffer;
}

}  // namespace umpire::storage
