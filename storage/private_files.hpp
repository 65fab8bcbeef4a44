#pragma once
// Files that hold secrets (databases, backups, archives: sealed seeds, password hashes) are
// written whole or not at all and readable by their owner only: a temporary name in the target's
// folder (mode 0600, so the rename stays on one file system), fsync, rename, and an fsync of the
// folder so the rename itself survives a power cut.
#include <string>
#include <string_view>

namespace umpire::storage {

// A new empty file beside `target`, mode 0600. Unless committed, the destructor removes it with
// any -wal, -shm or -journal SQLite left beside it.
class TempSibling {
public:
    explicit TempSibling(const std::string& target);
    ~TempSibling();
    TempSibling(const TempSibling&) = delete;
    TempSibling& operator=(const TempSibling&) = delete;
    const std::string& path() const { return path_; }
    // fsyncs the file and moves it to the target. Without `replace` an existing target is a
    // conflict; with it, the target's -wal and -shm go first: left beside the new file, SQLite
    // would apply them to it.
    void commit(bool replace);

private:
    std::string target_;
    std::string path_;
    bool committed_ = false;
};

// Writes `bytes` to `path` as above, replacing an existing file.
void write_private_file(const std::string& path, std::string_view bytes);

void fsync_file(const std::string& path);
void fsync_parent_folder(const std::string& path);

// Renames `from` to `to`, refusing (conflict) if `to` exists.
void rename_no_replace(const std::string& from, const std::string& to);

// `path` and SQLite's files beside it.
void remove_with_sqlite_files(const std::string& path);

// `stem + suffix`, or `stem-2 + suffix`, `stem-3 + suffix`, …: the first name not taken.
std::string free_name(const std::string& stem, const std::string& suffix = "");

// The current UTC time for file names: 20261203T064426Z.
std::string utc_file_stamp();

}  // namespace umpire::storage
