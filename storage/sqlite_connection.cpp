#include "storage/sqlite_connection.hpp"

#include <fcntl.h>
#include <sqlite3.h>
#include <unistd.h>

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

}  // namespace

Connection::Connection(const std::string& path, const ConnectionOptions& options) : path_(path) {
    int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX;
    if (options.create) {
        flags |= SQLITE_OPEN_CREATE;
        create_owner_only(path);
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
}

Connection::~Connection() {
    // close_v2 defers the close until the last statement is finalized; statements are RAII too.
    if (db_) sqlite3_close_v2(db_);
}

void Connection::fail(int rc, std::string_view what) const {
    // The connection's message is more precise than the code's ("no such table: x").
    std::string detail = db_ && sqlite3_extended_errcode(db_) == rc ? sqlite3_errmsg(db_)
                                                                     : sqlite3_errstr(rc);
    if (detail != sqlite3_errstr(rc)) detail += " (" + describe_code(rc) + ")";
    else detail += " (code " + std::to_string(rc) + ")";
    throw StorageError(kind_of_sqlite_code(rc),
                       path_ + ": " + std::string(what) + ": " + detail, rc);
}

void Connection::exec(const std::string& sql) {
    char* message = nullptr;
    const int rc = sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &message);
    if (message) sqlite3_free(message);
    if (rc != SQLITE_OK) fail(rc, "executing " + sql.substr(0, 60));
}

Statement Connection::prepare(std::string_view sql) { return Statement(*this, sql); }

std::int64_t Connection::query_int(std::string_view sql) {
    Statement statement(*this, sql);
    if (!statement.step()) fail(SQLITE_MISUSE, "no row from " + std::string(sql));
    return statement.integer(0);
}

std::string Connection::query_text(std::string_view sql) {
    Statement statement(*this, sql);
    if (!statement.step()) fail(SQLITE_MISUSE, "no row from " + std::string(sql));
    return statement.text(0);
}

std::int64_t Connection::changes() const { return sqlite3_changes64(db_); }
std::int64_t Connection::total_changes() const { return sqlite3_total_changes64(db_); }

Statement::Statement(Connection& connection, std::string_view sql)
    : connection_(&connection), sql_(sql) {
    const int rc = sqlite3_prepare_v2(connection.handle(), sql_.data(),
                                      static_cast<int>(sql_.size()), &stmt_, nullptr);
    if (rc != SQLITE_OK) connection.fail(rc, "preparing " + sql_.substr(0, 60));
}

Statement::~Statement() {
    if (stmt_) sqlite3_finalize(stmt_);
}

Statement::Statement(Statement&& other) noexcept
    : connection_(other.connection_), stmt_(other.stmt_), sql_(std::move(other.sql_)) {
    other.stmt_ = nullptr;
}

Statement& Statement::bind(int index, std::int64_t value) {
    if (int rc = sqlite3_bind_int64(stmt_, index, value); rc != SQLITE_OK)
        connection_->fail(rc, "binding");
    return *this;
}

Statement& Statement::bind(int index, std::string_view text) {
    if (int rc = sqlite3_bind_text64(stmt_, index, text.data(), text.size(), SQLITE_TRANSIENT,
                                     SQLITE_UTF8);
        rc != SQLITE_OK)
        connection_->fail(rc, "binding");
    return *this;
}

Statement& Statement::bind(int index, const std::optional<std::string>& text) {
    return text ? bind(index, std::string_view(*text)) : bind_null(index);
}

Statement& Statement::bind(int index, const std::optional<int>& value) {
    return value ? bind(index, static_cast<std::int64_t>(*value)) : bind_null(index);
}

Statement& Statement::bind_blob(int index, const void* data, std::size_t size) {
    if (int rc = sqlite3_bind_blob64(stmt_, index, data, size, SQLITE_TRANSIENT); rc != SQLITE_OK)
        connection_->fail(rc, "binding");
    return *this;
}

Statement& Statement::bind_null(int index) {
    if (int rc = sqlite3_bind_null(stmt_, index); rc != SQLITE_OK)
        connection_->fail(rc, "binding");
    return *this;
}

bool Statement::step() {
    const int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    connection_->fail(rc, "running " + sql_.substr(0, 60));
}

void Statement::run() {
    if (step()) connection_->fail(SQLITE_MISUSE, "a row from " + sql_.substr(0, 60));
}

void Statement::reset() {
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
}

bool Statement::is_null(int column) const {
    return sqlite3_column_type(stmt_, column) == SQLITE_NULL;
}

std::int64_t Statement::integer(int column) const { return sqlite3_column_int64(stmt_, column); }

std::string Statement::text(int column) const {
    const auto* data = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, column));
    const int size = sqlite3_column_bytes(stmt_, column);
    return data ? std::string(data, static_cast<std::size_t>(size)) : std::string();
}

std::optional<std::string> Statement::optional_text(int column) const {
    if (is_null(column)) return std::nullopt;
    return text(column);
}

std::optional<int> Statement::optional_int(int column) const {
    if (is_null(column)) return std::nullopt;
    return static_cast<int>(integer(column));
}

Transaction::Transaction(Connection& connection, Mode mode) : connection_(connection) {
    if (sqlite3_get_autocommit(connection_.handle()) == 0) {
        joined_ = open_ = true;  // a part of the transaction already open
        return;
    }
    connection_.exec(mode == Mode::immediate ? "BEGIN IMMEDIATE" : "BEGIN");
    connection_.spoiled_ = false;
    open_ = true;
}

Transaction::~Transaction() {
    if (!open_) return;
    if (joined_) {
        connection_.spoiled_ = true;  // the outer transaction must not commit without this part
        return;
    }
    // After a failed COMMIT SQLite may already have rolled back; then ROLLBACK is a no-op error.
    sqlite3_exec(connection_.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
}

void Transaction::commit() {
    if (joined_) {
        open_ = false;
        return;
    }
    if (connection_.spoiled_)
        throw StorageError(ErrorKind::internal,
                           connection_.path() + ": a part of the transaction failed; nothing committed");
    connection_.exec("COMMIT");
    open_ = false;
}

}  // namespace umpire::storage
