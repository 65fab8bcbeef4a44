#pragma once
// What the stores talk to: a database connection, its prepared statements and transactions,
// whichever engine is behind them. SQLite (sqlite_connection.hpp: one file, embedded) and
// PostgreSQL (postgres/pg_database.hpp: several servers on one database) implement it, so the
// stores' SQL and checks are written once (docs/storage.md, "Two engines").
//
// The SQL the stores write is the part both engines read alike: `?` parameters (or `?1`, `?2`),
// INSERT … ON CONFLICT, RETURNING, CAST. Every failure is a StorageError.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "storage/error.hpp"

namespace umpire::storage {

enum class Engine { sqlite, postgresql };

// One prepared statement of an engine. Parameters are 1-based, columns 0-based.
class StatementBackend {
public:
    virtual ~StatementBackend() = default;
    virtual void bind_int(int index, std::int64_t value) = 0;
    virtual void bind_text(int index, std::string_view text) = 0;
    virtual void bind_blob(int index, const void* data, std::size_t size) = 0;
    virtual void bind_null(int index) = 0;
    // One step: true when a row is ready, false when done.
    virtual bool step() = 0;
    // Back to before the first step, without parameters.
    virtual void reset() = 0;
    virtual bool is_null(int column) const = 0;
    virtual std::int64_t integer(int column) const = 0;
    virtual std::string text(int column) const = 0;
    // The result's columns (after the first step on PostgreSQL, which runs the statement then).
    virtual int column_count() const = 0;
    virtual std::string column_name(int column) const = 0;
    // Throws the StorageError for a statement that returned a row where none was expected.
    [[noreturn]] virtual void fail_unexpected_row() const = 0;
};

// A prepared statement, as the stores use it.
class Statement {
public:
    explicit Statement(std::unique_ptr<StatementBackend> backend) : backend_(std::move(backend)) {}

    Statement& bind(int index, std::int64_t value) { return backend_->bind_int(index, value), *this; }
    Statement& bind(int index, int value) { return bind(index, static_cast<std::int64_t>(value)); }
    Statement& bind(int index, std::string_view text) { return backend_->bind_text(index, text), *this; }
    Statement& bind(int index, const std::string& text) { return bind(index, std::string_view(text)); }
    Statement& bind(int index, const char* text) { return bind(index, std::string_view(text)); }
    Statement& bind(int index, const std::optional<std::string>& text) {
        return text ? bind(index, std::string_view(*text)) : bind_null(index);
    }
    Statement& bind(int index, const std::optional<int>& value) {
        return value ? bind(index, static_cast<std::int64_t>(*value)) : bind_null(index);
    }
    Statement& bind_blob(int index, const void* data, std::size_t size) {
        return backend_->bind_blob(index, data, size), *this;
    }
    Statement& bind_null(int index) { return backend_->bind_null(index), *this; }

    // Binds each argument to parameters 1, 2, …
    template <typename... Args>
    Statement& bind_all(const Args&... args) {
        int index = 0;
        (bind(++index, args), ...);
        return *this;
    }

    bool step() { return backend_->step(); }
    // Steps a statement that must return no row (INSERT, UPDATE, DELETE).
    void run() {
        if (step()) backend_->fail_unexpected_row();
    }
    void reset() { backend_->reset(); }

    bool is_null(int column) const { return backend_->is_null(column); }
    std::int64_t integer(int column) const { return backend_->integer(column); }
    std::string text(int column) const { return backend_->text(column); }
    int column_count() const { return backend_->column_count(); }
    std::string column_name(int column) const { return backend_->column_name(column); }
    std::optional<std::string> optional_text(int column) const {
        if (is_null(column)) return std::nullopt;
        return text(column);
    }
    std::optional<int> optional_int(int column) const {
        if (is_null(column)) return std::nullopt;
        return static_cast<int>(integer(column));
    }

private:
    std::unique_ptr<StatementBackend> backend_;
};

enum class TransactionMode { immediate, deferred };

class Database {
public:
    virtual ~Database() = default;
    Database(const Database&) = delete;
    Database& operator=(const Database&) = delete;

    virtual Engine engine() const = 0;
    // Where the data lives, for messages: the file, or the URL without its password.
    const std::string& path() const { return path_; }

    // Runs one or more statements that return no rows we need.
    virtual void exec(const std::string& sql) = 0;
    Statement prepare(std::string_view sql) { return Statement(make_statement(sql)); }
    // The single value a query returns.
    std::int64_t query_int(std::string_view sql);
    std::string query_text(std::string_view sql);
    // Rows the last INSERT, UPDATE or DELETE changed.
    virtual std::int64_t changes() const = 0;
    // Rows changed since the connection opened, rolled back ones included (whether a failed
    // command wrote anything before it failed).
    virtual std::int64_t total_changes() const = 0;

    // Why the database cannot take a write now, nullopt when it can (database_checks.hpp): the
    // server asks at start and on every health probe, so it must be cheap and wait for no lock.
    virtual std::optional<StorageError> write_problem() = 0;

    // The tables of the schema the stores keep (not the engine's own), by name.
    virtual std::vector<std::string> table_names() = 0;

    // After rows were copied in with their own ids (copy_database.hpp): ids made from now on
    // follow the highest copied. SQLite's rowids do by themselves.
    virtual void ids_copied(const std::string& /*table*/, const std::string& /*column*/) {}

    // An unknown outcome (issue 53): a COMMIT that failed with an I/O error or a full disk (a
    // failed fsync; on PostgreSQL, the connection lost during COMMIT) may have reached the disk
    // all the same, and a crash recovery may bring it back. Its caller is told so
    // (ErrorKind::outcome_unknown, not "nothing changed"), the connection takes no more
    // writes (every later transaction is refused, kind io), and `handler`, if set, is called
    // once: the server stops and exits for its supervisor to restart it (docs/storage.md).
    void on_outcome_unknown(std::function<void(const StorageError&)> handler) {
        outcome_unknown_handler_ = std::move(handler);
    }
    // Why the connection takes no more writes; empty while it does.
    const std::string& stopped() const { return stopped_; }

protected:
    explicit Database(std::string path) : path_(std::move(path)) {}
    virtual std::unique_ptr<StatementBackend> make_statement(std::string_view sql) = 0;

    // Transactions (class Transaction drives these).
    virtual bool in_transaction() const = 0;
    virtual void begin(TransactionMode mode) = 0;
    virtual void commit_transaction() { exec("COMMIT"); }
    virtual void roll_back_quietly() noexcept = 0;
    // After an unknown outcome: the engine's own guard against any later write (SQLite's
    // query_only), best effort, on top of Transaction's.
    virtual void refuse_writes() noexcept {}
    // Whether the connection to the engine is known to be lost (PostgreSQL's): a failure then
    // is storage's (io), not a bug.
    virtual bool connection_lost() const { return false; }

    std::string path_;

private:
    friend class Transaction;
    // A failed COMMIT: outcome_unknown when it may have reached the disk (the error's kind says
    // so on either engine), else the error as it was. Throws.
    [[noreturn]] void commit_failed(const StorageError& e);
    bool spoiled_ = false;  // a joined part of the open transaction failed (Transaction)
    // Rows changed when the open transaction began: a transaction that changed none leaves
    // nothing unknown when its COMMIT fails (a read, a refused command).
    std::int64_t changes_at_begin_ = 0;
    std::string stopped_;   // see stopped()
    std::function<void(const StorageError&)> outcome_unknown_handler_;
};

// Begins a transaction on construction (immediate: the write lock is taken up front, so a busy
// database fails here rather than half-way), rolls back on destruction unless commit() succeeded.
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
    using Mode = TransactionMode;
    explicit Transaction(Database& database, Mode mode = Mode::immediate);
    ~Transaction();
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;
    void commit();
    // Whether this is the outermost transaction, whose commit() is the durable COMMIT.
    bool outermost() const { return !joined_; }

private:
    Database& database_;
    bool joined_ = false;  // inside another transaction on the connection
    bool open_ = false;
};

}  // namespace umpire::storage
