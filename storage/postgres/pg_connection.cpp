#include "storage/postgres/pg_connection.hpp"

#include <libpq-fe.h>
#include <poll.h>

#include <charconv>
#include <utility>

namespace umpire::storage::pg {

namespace {

// libpq's messages end with a line break.
std::string trimmed(const char* message) {
    std::string out = message ? message : "";
    while (!out.empty() && (out.back() == '\n' || out.back() == ' ')) out.pop_back();
    return out;
}

[[noreturn]] void fail_with(pg_result* result, pg_conn* conn, const std::string& where) {
    const char* state = result ? PQresultErrorField(result, PG_DIAG_SQLSTATE) : nullptr;
    const std::string message =
        trimmed(result ? PQresultErrorMessage(result) : PQerrorMessage(conn));
    const ErrorKind kind = state ? error_kind_of(state) : ErrorKind::io;
    throw StorageError(kind, where + ": " + (message.empty() ? "no answer" : message),
                       std::string(state ? state : ""));
}

}  // namespace

std::string without_password(const std::string& url) {
    // scheme://user:password@host…: the password sits between the first ':' after "//" and '@'.
    const auto start = url.find("://");
    if (start == std::string::npos) return url;
    const auto at = url.find('@', start + 3);
    if (at == std::string::npos) return url;
    const auto colon = url.find(':', start + 3);
    if (colon == std::string::npos || colon > at) return url;
    return url.substr(0, colon + 1) + "***" + url.substr(at);
}

ErrorKind error_kind_of(std::string_view sqlstate) {
    if (sqlstate.size() != 5) return ErrorKind::internal;
    if (sqlstate.substr(0, 2) == "23") return ErrorKind::conflict;
    if (sqlstate == "40001" || sqlstate == "40P01" || sqlstate == "55P03") return ErrorKind::busy;
    if (sqlstate == "53100") return ErrorKind::disk_full;
    // Out of memory or connections, a statement cancelled (a timeout): try again.
    if (sqlstate.substr(0, 2) == "53" || sqlstate == "57014") return ErrorKind::busy;
    if (sqlstate.substr(0, 2) == "08") return ErrorKind::io;
    if (sqlstate.substr(0, 2) == "58") return ErrorKind::io;  // the server's own I/O failed
    if (sqlstate == "XX001" || sqlstate == "XX002") return ErrorKind::corrupt;
    if (sqlstate == "25006") return ErrorKind::read_only;  // a read-only transaction (a standby)
    if (sqlstate == "3D000") return ErrorKind::cannot_open;  // the database is gone
    // The server shutting down or restarting: the next command connects again (not `gone`,
    // which is for good).
    if (sqlstate == "57P01" || sqlstate == "57P02" || sqlstate == "57P03") return ErrorKind::io;
    return ErrorKind::internal;
}

Result::Result(pg_result* result) : result_(result) {}
Result::~Result() { PQclear(result_); }
Result::Result(Result&& other) noexcept : result_(std::exchange(other.result_, nullptr)) {}
Result& Result::operator=(Result&& other) noexcept {
    if (this != &other) {
        PQclear(result_);
        result_ = std::exchange(other.result_, nullptr);
    }
    return *this;
}

int Result::rows() const { return result_ ? PQntuples(result_) : 0; }
int Result::columns() const { return result_ ? PQnfields(result_) : 0; }

std::string Result::column_name(int column) const {
    const char* name = PQfname(result_, column);
    return name ? name : "";
}

Value Result::value(int row, int column) const {
    if (row < 0 || row >= rows() || column < 0 || column >= columns())
        throw StorageError(ErrorKind::internal, "no value at row " + std::to_string(row) +
                                                    ", column " + std::to_string(column));
    if (PQgetisnull(result_, row, column)) return std::nullopt;
    return std::string(PQgetvalue(result_, row, column),
                       static_cast<std::size_t>(PQgetlength(result_, row, column)));
}

std::int64_t Result::integer(int row, int column) const {
    const Value v = value(row, column);
    std::int64_t out = 0;
    const char* end = v ? v->data() + v->size() : nullptr;
    if (!v || std::from_chars(v->data(), end, out).ptr != end)
        throw StorageError(ErrorKind::internal, "not an integer at row " + std::to_string(row) +
                                                    ", column " + std::to_string(column));
    return out;
}

std::int64_t Result::changed() const {
    // PQcmdTuples counts a SELECT's rows too; changed rows are a write's alone (as SQLite's
    // changes() are, which the stores and the server's commit bookkeeping read alike).
    const std::string_view command = result_ ? PQcmdStatus(result_) : "";
    if (!command.starts_with("INSERT") && !command.starts_with("UPDATE") &&
        !command.starts_with("DELETE") && !command.starts_with("MERGE"))
        return 0;
    const char* n = PQcmdTuples(result_);
    std::int64_t out = 0;
    std::from_chars(n, n + std::char_traits<char>::length(n), out);
    return out;
}

Connection::Connection(const std::string& url, int connect_timeout_s)
    : location_(without_password(url)) {
    const std::string timeout = std::to_string(connect_timeout_s);
    const char* keys[] = {"dbname", "connect_timeout", nullptr};
    const char* values[] = {url.c_str(), timeout.c_str(), nullptr};
    // expand_dbname: the URL's own settings, with the timeout added.
    conn_ = PQconnectdbParams(keys, values, 1);
    if (!conn_ || PQstatus(conn_) != CONNECTION_OK) {
        const std::string message = conn_ ? trimmed(PQerrorMessage(conn_)) : "out of memory";
        PQfinish(conn_);
        conn_ = nullptr;
        // libpq's messages name the host and user, never the password.
        throw StorageError(ErrorKind::cannot_open, location_ + ": cannot connect: " + message);
    }
}

Connection::~Connection() { PQfinish(conn_); }

void Connection::exec(const std::string& sql) {
    Result result(PQexec(conn_, sql.c_str()));
    const auto status = PQresultStatus(result.handle());
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK)
        fail_with(result.handle(), conn_, location_);
}

Result Connection::query(std::string_view sql, const std::vector<Value>& params) {
    std::vector<const char*> texts;
    texts.reserve(params.size());
    for (const Value& p : params) texts.push_back(p ? p->c_str() : nullptr);
    const std::string statement(sql);
    Result result(PQexecParams(conn_, statement.c_str(), static_cast<int>(texts.size()), nullptr,
                               texts.data(), nullptr, nullptr, 0));
    const auto status = PQresultStatus(result.handle());
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK)
        fail_with(result.handle(), conn_, location_);
    return result;
}

std::optional<Connection::Notification> Connection::next_notification(int timeout_ms) {
    auto take = [this]() -> std::optional<Notification> {
        PGnotify* n = PQnotifies(conn_);
        if (!n) return std::nullopt;
        Notification out{n->relname, n->extra ? n->extra : "", n->be_pid};
        PQfreemem(n);
        return out;
    };
    if (auto ready = take()) return ready;
    pollfd fd{PQsocket(conn_), POLLIN, 0};
    if (fd.fd < 0 || ::poll(&fd, 1, timeout_ms) <= 0) return std::nullopt;
    if (!PQconsumeInput(conn_)) return std::nullopt;  // lost: PQstatus says so
    return take();
}

int Connection::backend_pid() const { return PQbackendPID(conn_); }

bool Connection::lost() const { return PQstatus(conn_) != CONNECTION_OK; }

bool Connection::reconnect_if_lost() {
    if (PQstatus(conn_) == CONNECTION_OK) return true;
    PQreset(conn_);
    return PQstatus(conn_) == CONNECTION_OK;
}

bool Connection::in_transaction() const {
    const auto status = PQtransactionStatus(conn_);
    return status == PQTRANS_INTRANS || status == PQTRANS_INERROR || status == PQTRANS_ACTIVE;
}

void Connection::roll_back_quietly() noexcept {
    // A broken connection cannot roll back; the server rolls back when it sees it close.
    PQclear(PQexec(conn_, "ROLLBACK"));
}

}  // namespace umpire::storage::pg
