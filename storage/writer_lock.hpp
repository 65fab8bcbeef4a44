#pragma once
// One process at a time may change a database file from outside SQLite's own locking: the
// server while it runs, a restore, a migration. It holds an exclusive flock on "<db>.lock",
// which the kernel releases when the holder exits, however it exits. The lock file is created
// when missing and never deleted: a deleted lock file lets two holders lock two different files.
#include <optional>
#include <string>
#include <utility>

namespace umpire::storage {

class WriterLock {
public:
    // The lock, or nullopt with `why` saying that another process holds it or what failed.
    static std::optional<WriterLock> try_acquire(const std::string& db_path, std::string& why);

    WriterLock(WriterLock&& other) noexcept;
    WriterLock(const WriterLock&) = delete;
    WriterLock& operator=(const WriterLock&) = delete;
    WriterLock& operator=(WriterLock&&) = delete;
    ~WriterLock();

    const std::string& path() const { return path_; }  // "<db>.lock"

private:
    WriterLock(int fd, std::string path) : fd_(fd), path_(std::move(path)) {}
    int fd_ = -1;
    std::string path_;
};

}  // namespace umpire::storage
