#pragma once
// A thin RAII layer over the SQLite C API: a connection, prepared statements and transactions.
// Every failure becomes a StorageError naming the file, the operation and SQLite's message.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

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

class Statement;

class Connection {
public:
    Connection(const std::string& path, const ConnectionOptions& options = {});
    ~Connection();
    Connection(const Connection&) = delete;
    Connection& operator=(const Connection&) = delete;

    // Runs one or more statements that return no rows we need.
    void exec(const std::string& sql);
    Statement prepare(std::string_view sql);
    // The single integer a query such as "PRAGMA user_version" returns.
    std::int64_t query_int(std::string_view sql);
    std::string query_text(std::string_view sql);

    const std::string& path() const { return path_; }
    sqlite3* handle() const { return db_; }
    std::int64_t changes() const;
    // Rows changed since the connection opened, rolled back ones included.
    std::int64_t total_changes() const;
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

private:
    friend class Transaction;
    static int on_wal_commit(void* self, sqlite3* db, const char* name, int pages);
    bool file_still_there();
    void empty_wal();
    void checkpoint_if_due();

    sqlite3* db_ = nullptr;
    std::string path_;
    int busy_timeout_ms_ = 0;
    struct FileId {
        std::uint64_t device = 0, inode = 0;
    };
    std::optional<FileId> file_;  // as opened; none for :memory: and URIs
    std::string gone_reason_;     // empty while the file is there
    bool spoiled_ = false;        // a joined part of the open transaction failed (Transaction)
    bool checkpoint_due_ = false; // the last commit's checkpoint could not run (on_wal_commit)
};

// A prepared statement. Parameters are 1-based, columns 0-based, as in SQLite.
class Statement {
public:
    Statement(Connection& connection, std::string_view sql);
    ~Statement();
    Statement(Statement&& other) noexcept;
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;
    Statement& operator=(Statement&&) = delete;

    Statement& bind(int index, std::int64_t value);
    Statement& bind(int index, int value) { return bind(index, static_cast<std::int64_t>(value)); }
    Statement& bind(int index, std::string_view text);
    Statement& bind(int index, const std::string& text) { return bind(index, std::string_view(text)); }
    Statement& bind(int index, const char* text) { return bind(index, std::string_view(text)); }
    Statement& bind(int index, const std::optional<std::string>& text);
    Statement& bind(int index, const std::optional<int>& value);
    Statement& bind_blob(int index, const void* data, std::size_t size);
    Statement& bind_null(int index);

    // Binds each argument to parameters 1, 2, …
    template <typename... Args>
    Statement& bind_all(const Args&... args) {
        int index = 0;
        (bind(++index, args), ...);
        return *this;
    }

    // One step: true when a row is ready, false when done.
    bool step();
    // Steps a statement that must return no row (INSERT, UPDATE, DELETE).
    void run();
    void reset();

    bool is_null(int column) const;
    std::int64_t integer(int column) const;
    std::string text(int column) const;
    std::optional<std::string> optional_text(int column) const;
    std::optional<int> optional_int(int column) const;

private:
    Connection* connection_;
    sqlite3_stmt* stmt_ = nullptr;
    std::string sql_;
};

// BEGIN IMMEDIATE on construction (the write lock is taken up front, so a busy database fails
// here rather than half-way), ROLLBACK on destruction unless commit() succeeded.
//
// Transactions nest: one opened while another is open on the same connection joins it, and its
// commit() only says its part is done. So a server command that calls several store writes
// inside one outer Transaction commits them all in the outer COMMIT, or none (issue 29: one
// transaction per command). A joined part that ends without commit() (it threw) spoils the
// whole: the outer commit() then refuses and everything rolls back, so a caller that caught the
// part's error cannot commit half of it. (Savepoints would let the outer go on without the
// part; nothing needs that.)
class Transaction {
public:
    enum class Mode { immediate, deferred };
    explicit Transaction(Connection& connection, Mode mode = Mode::immediate);
    ~Transaction();
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;
    void commit();
    // Whether this is the outermost transaction, whose commit() is the durable COMMIT.
    bool outermost() const { return !joined_; }

private:
    Connection& connection_;
    bool joined_ = false;  // inside another transaction on the connection
    bool open_ = false;
};

}  // namespace umpire::storage
