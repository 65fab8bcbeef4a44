#pragma once
// A thin RAII layer over the SQLite C API: the Database (database.hpp) of a SQLite file.
// Every failure becomes a StorageError naming the file, the operation and SQLite's message.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "storage/database.hpp"
#include "storage/error.hpp"

struct sqlite3;
struct sqlite3_stmt;

namespace umpire::storage {

struct ConnectionOptions {
    std::string vfs;              // empty: SQLite's default VFS (tests register fault shims)
    int busy_timeout_ms = 5000;   // how long to wait for another writer before SQLITE_BUSY
    // Create the file if it does not exist. Without it a missing file is refused, and so is a
    // zero-length one: it is not a database, and must not silently become a new one.
    bool create = true;
    bool read_only = false;       // SQLITE_OPEN_READONLY (tests of a database that refuses writes)
    // Opening a store at an older schema copies the file first (upgrade.hpp); off only for
    // scratch copies that are not anyone's data.
    bool backup_before_migrating = true;
    // Where opening a store says what it did to the file (the backup, the migration); unset:
    // "umpire: …" on stderr.
    std::function<void(const std::string&)> notice;
};

// What is at a database path before it is opened: nothing, an empty file (zero bytes and no
// WAL beside it), no file but a WAL (the last commits of a database that was removed), or
// something to open. `:memory:` and `file:` URIs are `present`.
enum class FileState { missing, empty, wal_only, present };
FileState database_file_state(const std::string& path);

// A SQLite database file (or :memory:), the Database of the embedded store.
class Connection final : public Database {
public:
    Connection(const std::string& path, const ConnectionOptions& options = {});
    ~Connection() override;

    Engine engine() const override { return Engine::sqlite; }
    void exec(const std::string& sql) override;
    // Prepared statements come from Database::prepare.

    sqlite3* handle() const { return db_; }
    std::int64_t changes() const override;
    std::vector<std::string> table_names() override;
    // Its file removed or replaced (`gone`), opened read-only or refusing a write transaction
    // (`read_only`), or failing (`io`…): one stat and BEGIN IMMEDIATE; ROLLBACK, which waits for
    // no lock (a write lock held by someone else is `busy`, and busy is not a problem).
    std::optional<StorageError> write_problem() override;
    std::int64_t total_changes() const override;
    void set_busy_timeout(int ms);
    int busy_timeout() const { return busy_timeout_ms_; }

    // The file opened must stay the file at path(): a write into a removed or replaced file
    // would be acknowledged and then lost. Every commit checks it (one stat, after the commit
    // reached the WAL and before the statement returns), and so does this. Once the file is
    // gone the commit fails with StorageError(gone), and so does every later statement: the
    // connection neither reads nor writes the orphan again, and its WAL is folded into the
    // orphan and emptied (a full one would be read as the next file's). No check for :memory:
    // and URIs.
    void check_file();
    bool gone() const { return !gone_reason_.empty(); }

    // Throws the StorageError for result code `rc` of `what` (`gone` once the file is gone).
    [[noreturn]] void fail(int rc, std::string_view what) const;
    [[noreturn]] void fail_gone() const;

protected:
    std::unique_ptr<StatementBackend> make_statement(std::string_view sql) override;
    bool in_transaction() const override;
    void begin(TransactionMode mode) override;
    void roll_back_quietly() noexcept override;
    void refuse_writes() noexcept override;

private:
    static int on_wal_commit(void* self, sqlite3* db, const char* name, int pages);
    bool file_still_there();
    void empty_wal();
    void checkpoint_if_due();

    sqlite3* db_ = nullptr;
    int busy_timeout_ms_ = 0;
    struct FileId {
        std::uint64_t device = 0, inode = 0;
    };
    std::optional<FileId> file_;  // as opened; none for :memory: and URIs
    std::string gone_reason_;     // empty while the file is there
    bool checkpoint_due_ = false; // the last commit's checkpoint could not run (on_wal_commit)
};

}  // namespace umpire::storage
