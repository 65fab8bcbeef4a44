#include "storage/sqlite_connection.hpp"

#include <fcntl.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

namespace umpire::storage {

namespace {

std::string describe_code(int rc) {
    return std::string(sqlite3_errstr(rc)) + ", code " + std::to_string(rc);
}

// A new database holds sealed seeds and every side's orders: it is made readable by its owner
// alone, whatever the umask. SQLite gives the -wal and -shm files the database's mode.
void create_owner_only(const std::string& path) {
    if (path.empty() || path == ":memory:" || path.rfind("file:", 0) == 0) return;
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd >= 0) ::close(fd);  // EEXIST: an existing file keeps its mode
}

bool is_special(const std::string& path) {
    return path.empty() || path == ":memory:" || path.rfind("file:", 0) == 0;
}

// SQLite's default: checkpoint once the WAL holds this many pages. The identity check's WAL
// hook replaces SQLite's own auto-checkpoint hook, so it checkpoints in its place.
constexpr int kWalAutoCheckpointPages = 1000;

}  // namespace

FileState database_file_state(const std::string& path) {
    if (is_special(path)) return FileState::present;
    struct stat wal {};
    const bool has_wal = ::stat((path + "-wal").c_str(), &wal) == 0 && wal.st_size > 0;
    struct stat st {};
    // Other errors than a missing file are left to the open, which names them.
    if (::stat(path.c_str(), &st) != 0)
        return errno != ENOENT ? FileState::present : has_wal ? FileState::wal_only : FileState::missing;
    if (!S_ISREG(st.st_mode) || st.st_size > 0) return FileState::present;
    // A WAL database's commits can still be all in its -wal: that is not an empty database.
    return has_wal ? FileState::present : FileState::empty;
}

Connection::Connection(const std::string& path, const ConnectionOptions& options)
    : Database(path), busy_timeout_ms_(options.busy_timeout_ms) {
    int flags = (options.read_only ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE) | SQLITE_OPEN_NOMUTEX;
    const FileState state = database_file_state(path);
    if (state == FileState::wal_only)
        // A new file would take the old WAL's pages as its own.
        throw StorageError(ErrorKind::cannot_open,
                           path + ": no database file, but its " + path + "-wal is there (the last "
                                  "commits of a database that was removed): put the database back, "
                                  "or move the -wal and -shm aside to start a new one");
    if (options.create && !options.read_only) {
        flags |= SQLITE_OPEN_CREATE;
        create_owner_only(path);
    } else if (state == FileState::empty) {
        // SQLite would take it as a new database and write a schema into it.
        throw StorageError(ErrorKind::cannot_open,
                           path + ": the file is empty (0 bytes), not a database; an empty file "
                                  "becomes a new database only when making one is asked for");
    }
    const int rc = sqlite3_open_v2(path.c_str(), &db_, flags,
                                   options.vfs.empty() ? nullptr : options.vfs.c_str());
    if (rc != SQLITE_OK) {
        std::string message = db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
        sqlite3_close_v2(db_);
        db_ = nullptr;
        if (rc == SQLITE_CANTOPEN && !options.create)
            throw StorageError(ErrorKind::cannot_open,
                               path + ": cannot open the database: " + message +
                                   " (does the file exist?)",
                               rc);
        throw StorageError(kind_of_sqlite_code(rc),
                           path + ": cannot open the database: " + message, rc);
    }
    sqlite3_extended_result_codes(db_, 1);
    sqlite3_busy_timeout(db_, options.busy_timeout_ms);
    struct stat st {};
    if (!is_special(path) && ::stat(path.c_str(), &st) == 0) {
        file_ = FileId{static_cast<std::uint64_t>(st.st_dev), static_cast<std::uint64_t>(st.st_ino)};
        sqlite3_wal_hook(db_, &Connection::on_wal_commit, this);
    }
}

Connection::~Connection() {
    // close_v2 defers the close until the last statement is finalized; statements are RAII too.
    if (!db_) return;
    if (gone()) empty_wal();
    sqlite3_wal_hook(db_, nullptr, nullptr);  // a deferred close must not call back into this
    sqlite3_close_v2(db_);
}

void Connection::set_busy_timeout(int ms) {
    busy_timeout_ms_ = ms;
    sqlite3_busy_timeout(db_, ms);
}

// Called by SQLite after each commit is in the WAL (synced), before the statement that
// committed returns: an error here makes that statement fail, so the commit is not acknowledged.
int Connection::on_wal_commit(void* self, sqlite3* db, const char* name, int pages) {
    auto& connection = *static_cast<Connection*>(self);
    if (!connection.file_still_there()) return SQLITE_IOERR;
    if (pages >= kWalAutoCheckpointPages &&
        sqlite3_wal_checkpoint_v2(db, name, SQLITE_CHECKPOINT_PASSIVE, nullptr, nullptr) ==
            SQLITE_LOCKED)
        // A statement of this connection still reading (stepped to a row, not reset) keeps
        // its read transaction open past COMMIT, and a checkpoint cannot run under it: left
        // to the next transaction, the WAL would grow without bound.
        connection.checkpoint_due_ = true;
    return SQLITE_OK;
}

void Connection::checkpoint_if_due() {
    if (!checkpoint_due_) return;
    checkpoint_due_ = false;
    sqlite3_wal_checkpoint_v2(db_, "main", SQLITE_CHECKPOINT_PASSIVE, nullptr, nullptr);
}

bool Connection::file_still_there() {
    if (gone()) return false;
    if (!file_) return true;
    struct stat now {};
    if (::stat(path_.c_str(), &now) != 0) {
        if (errno != ENOENT && errno != ENOTDIR) return true;  // cannot tell: no proof it is gone
        gone_reason_ = "was removed";
    } else if (static_cast<std::uint64_t>(now.st_dev) == file_->device &&
               static_cast<std::uint64_t>(now.st_ino) == file_->inode) {
        return true;
    } else {
        gone_reason_ = "was replaced by another file";
    }
    empty_wal();
    return false;
}

// SQLite skips its checkpoint on close once the file moved, and leaves the WAL full at
// "<path>-wal", where it would be read as the WAL of whatever file is put at the path. So fold
// it into the file this connection has open and truncate it, both through open descriptors:
// nothing at the path is touched by name. Again on close if readers held it up now.
void Connection::empty_wal() {
    sqlite3_wal_checkpoint_v2(db_, "main", SQLITE_CHECKPOINT_TRUNCATE, nullptr, nullptr);
}

void Connection::check_file() {
    if (!file_still_there()) fail_gone();
}

void Connection::fail_gone() const {
    throw StorageError(ErrorKind::gone,
                       path_ + ": the database file " + gone_reason_ +
                           " while this process had it open; it reads and writes it no more "
                           "(the change under way is not acknowledged): put the file back or "
                           "restore a backup, then start again");
}

void Connection::fail(int rc, std::string_view what) const {
    if (gone()) fail_gone();
    // The connection's message is more precise than the code's ("no such table: x").
    std::string detail = db_ && sqlite3_extended_errcode(db_) == rc ? sqlite3_errmsg(db_)
                                                                     : sqlite3_errstr(rc);
    if (detail != sqlite3_errstr(rc)) detail += " (" + describe_code(rc) + ")";
    else detail += " (code " + std::to_string(rc) + ")";
    throw StorageError(kind_of_sqlite_code(rc),
                       path_ + ": " + std::string(what) + ": " + detail, rc);
}

void Connection::exec(const std::string& sql) {
    if (gone()) fail_gone();
    char* message = nullptr;
    const int rc = sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &message);
    if (message) sqlite3_free(message);
    if (rc != SQLITE_OK) fail(rc, "executing " + sql.substr(0, 60));
}

namespace {

// A prepared SQLite statement.
class SqliteStatement final : public StatementBackend {
public:
    SqliteStatement(Connection& connection, std::string_view sql)
        : connection_(&connection), sql_(sql) {
        if (connection.gone()) connection.fail_gone();
        const int rc = sqlite3_prepare_v2(connection.handle(), sql_.data(),
                                          static_cast<int>(sql_.size()), &stmt_, nullptr);
        if (rc != SQLITE_OK) connection.fail(rc, "preparing " + sql_.substr(0, 60));
    }
    ~SqliteStatement() override {
        if (stmt_) sqlite3_finalize(stmt_);
    }
    SqliteStatement(const SqliteStatement&) = delete;
    SqliteStatement& operator=(const SqliteStatement&) = delete;

    void bind_int(int index, std::int64_t value) override {
        check(sqlite3_bind_int64(stmt_, index, value));
    }
    void bind_text(int index, std::string_view text) override {
        check(sqlite3_bind_text64(stmt_, index, text.data(), text.size(), SQLITE_TRANSIENT,
                                  SQLITE_UTF8));
    }
    void bind_blob(int index, const void* data, std::size_t size) override {
        check(sqlite3_bind_blob64(stmt_, index, data, size, SQLITE_TRANSIENT));
    }
    void bind_null(int index) override { check(sqlite3_bind_null(stmt_, index)); }

    bool step() override {
        const int rc = sqlite3_step(stmt_);
        if (rc == SQLITE_ROW) return true;
        if (rc == SQLITE_DONE) return false;
        connection_->fail(rc, "running " + sql_.substr(0, 60));
    }
    void reset() override {
        sqlite3_reset(stmt_);
        sqlite3_clear_bindings(stmt_);
    }

    bool is_null(int column) const override {
        return sqlite3_column_type(stmt_, column) == SQLITE_NULL;
    }
    std::int64_t integer(int column) const override {
        return sqlite3_column_int64(stmt_, column);
    }
    std::string text(int column) const override {
        const auto* data = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, column));
        const int size = sqlite3_column_bytes(stmt_, column);
        return data ? std::string(data, static_cast<std::size_t>(size)) : std::string();
    }
    int column_count() const override { return sqlite3_column_count(stmt_); }
    std::string column_name(int column) const override {
        const char* name = sqlite3_column_name(stmt_, column);
        return name ? name : "";
    }
    [[noreturn]] void fail_unexpected_row() const override {
        connection_->fail(SQLITE_MISUSE, "a row from " + sql_.substr(0, 60));
    }

private:
    void check(int rc) const {
        if (rc != SQLITE_OK) connection_->fail(rc, "binding");
    }

    Connection* connection_;
    sqlite3_stmt* stmt_ = nullptr;
    std::string sql_;
};

}  // namespace

std::unique_ptr<StatementBackend> Connection::make_statement(std::string_view sql) {
    return std::make_unique<SqliteStatement>(*this, sql);
}

std::vector<std::string> Connection::table_names() {
    auto s = prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
        "ORDER BY name");
    std::vector<std::string> out;
    while (s.step()) out.push_back(s.text(0));
    return out;
}

std::int64_t Connection::changes() const { return sqlite3_changes64(db_); }
std::int64_t Connection::total_changes() const { return sqlite3_total_changes64(db_); }

bool Connection::in_transaction() const { return sqlite3_get_autocommit(db_) == 0; }

void Connection::begin(TransactionMode mode) {
    checkpoint_if_due();
    exec(mode == TransactionMode::immediate ? "BEGIN IMMEDIATE" : "BEGIN");
}

void Connection::refuse_writes() noexcept {
    // Any write from now on fails (SQLITE_READONLY): the frames of the commit whose outcome is
    // unknown stay as they are in the WAL for the next start's recovery to judge.
    sqlite3_exec(db_, "PRAGMA query_only = ON", nullptr, nullptr, nullptr);
}

void Connection::roll_back_quietly() noexcept {
    // After a failed COMMIT SQLite may already have rolled back; then ROLLBACK is a no-op error.
    sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
}

}  // namespace umpire::storage
