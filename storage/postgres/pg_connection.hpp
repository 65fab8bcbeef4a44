#pragma once
// A thin RAII layer over libpq, PostgreSQL's C client: a connection, parameterized queries and
// transactions, the PostgreSQL counterpart of storage/sqlite_connection.hpp (issue 33 builds the
// PostgreSQL store on it). Values travel as text parameters, never spliced into SQL. Every
// failure becomes a StorageError: the kind from the error's SQLSTATE, the message PostgreSQL's,
// the connection URL's password never in it.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "storage/error.hpp"

struct pg_conn;
struct pg_result;

namespace umpire::storage::pg {

// A query parameter or column value: text, or SQL NULL.
using Value = std::optional<std::string>;

// The rows a query returned, as text (PostgreSQL's text output of each column).
class Result {
public:
    explicit Result(pg_result* result);
    ~Result();
    Result(Result&& other) noexcept;
    Result& operator=(Result&& other) noexcept;
    Result(const Result&) = delete;
    Result& operator=(const Result&) = delete;

    int rows() const;
    int columns() const;
    std::string column_name(int column) const;
    // The value at (row, column): nullopt for NULL. Throws StorageError(internal) out of range.
    Value value(int row, int column) const;
    // The same, which must be an integer, not NULL.
    std::int64_t integer(int row, int column) const;
    // Rows an INSERT, UPDATE or DELETE changed.
    std::int64_t changed() const;

private:
    friend class Connection;
    pg_result* handle() const { return result_; }
    pg_result* result_;
};

class Connection {
public:
    // Connects to a URL such as postgresql://umpire@127.0.0.1:5432/umpire. A server that does
    // not answer within `connect_timeout_s` (or refuses) is StorageError(cannot_open).
    explicit Connection(const std::string& url, int connect_timeout_s = 10);
    ~Connection();
    Connection(const Connection&) = delete;
    Connection& operator=(const Connection&) = delete;

    // Runs one or more statements without parameters (schema, BEGIN, COMMIT).
    void exec(const std::string& sql);
    // Runs one statement with $1, $2… bound to `params` as text.
    Result query(std::string_view sql, const std::vector<Value>& params = {});

    // Runs `work` in one transaction: committed when it returns, rolled back when it throws (the
    // exception then goes on). A serialization failure or deadlock is StorageError(busy): the
    // caller may run the whole transaction again.
    template <typename Work>
    auto transaction(Work&& work) {
        exec("BEGIN");
        try {
            if constexpr (std::is_void_v<decltype(work())>) {
                work();
                exec("COMMIT");
            } else {
                auto out = work();
                exec("COMMIT");
                return out;
            }
        } catch (...) {
            roll_back_quietly();
            throw;
        }
    }

    // The URL without its password, for messages.
    const std::string& location() const { return location_; }

    // LISTEN: the next notification on a channel this connection listens to, waiting up to
    // `timeout_ms` for one; nullopt when none came (or the connection was lost: see
    // reconnect_if_lost, after which the channels are to be listened to again).
    struct Notification {
        std::string channel, payload;
        int sender_pid = 0;  // the backend of the connection that sent it
    };
    std::optional<Notification> next_notification(int timeout_ms);
    // This connection's backend process id (pg_backend_pid()), which its notifications carry.
    int backend_pid() const;

    // Whether a transaction is open (or failed and not yet rolled back).
    bool in_transaction() const;
    // Connects again if the connection was lost (the server restarted, a network cut). Only
    // between transactions: inside one, the statements after a reconnection would commit
    // alone. Whether the connection is up afterwards.
    bool reconnect_if_lost();
    // Whether the connection is known to be lost (found so by the last call on it).
    bool lost() const;
    void roll_back_quietly() noexcept;

private:
    pg_conn* conn_ = nullptr;
    std::string location_;
};

// The URL with any password replaced by "***" (postgresql://user:***@host/db).
std::string without_password(const std::string& url);

// The kind of storage error a SQLSTATE (five characters) is: 23xxx (a constraint) conflict;
// 40001, 40P01 and 55P03 (serialization failure, deadlock, a row lock not available), 53xxx
// (out of resources) and 57014 (cancelled) busy; 53100 disk_full; 08xxx (connection), 58xxx
// (system I/O) and 57P01-57P03 (the server shutting down) io; XX001-XX002 corrupt; 25006
// read_only; 3D000 (no such database) cannot_open; others internal.
ErrorKind error_kind_of(std::string_view sqlstate);

}  // namespace umpire::storage::pg
