#pragma once
// A PostgreSQL database as the stores' Database (storage/database.hpp), over the libpq layer
// (pg_connection.hpp): the stores' SQL runs here as written for SQLite, its `?` parameters
// renumbered as $1, $2… (always sent as parameters, never spliced).
//
// Transactions: a write transaction is READ COMMITTED, and the stores lock the campaign's row
// first (store_rows.hpp), so each statement after the lock sees every earlier commit; a read
// transaction is REPEATABLE READ, one snapshot for all its statements (a period and its events,
// an archive), as SQLite's read transaction is.
#include <string>

#include "storage/database.hpp"
#include "storage/postgres/pg_connection.hpp"

namespace umpire::storage::pg {

// Whether `where` names a PostgreSQL database (postgresql:// or postgres://) and not a file.
bool is_postgres_url(const std::string& where);

// `sql` with SQLite's parameters (`?`, `?3`) as PostgreSQL's ($1, $3); quoted text untouched.
std::string numbered_parameters(std::string_view sql);

class PgDatabase final : public Database {
public:
    explicit PgDatabase(const std::string& url, int connect_timeout_s = 10);

    Engine engine() const override { return Engine::postgresql; }
    void exec(const std::string& sql) override { connection_.exec(sql); }
    std::int64_t changes() const override { return changes_; }
    std::int64_t total_changes() const override { return total_changes_; }
    Connection& connection() { return connection_; }
    // Its backend process id: what the changes it commits carry (campaign_changes.hpp).
    int backend_pid() const { return connection_.backend_pid(); }
    // Without umpire_schema, which is PostgreSQL's version record (pg_schema.hpp).
    std::vector<std::string> table_names() override;
    // Unreachable (`cannot_open`, `io`), or a read-only server (a standby, or
    // default_transaction_read_only): one query, waiting for no lock.
    std::optional<StorageError> write_problem() override;
    void ids_copied(const std::string& table, const std::string& column) override;

protected:
    std::unique_ptr<StatementBackend> make_statement(std::string_view sql) override;
    bool in_transaction() const override { return connection_.in_transaction(); }
    void begin(TransactionMode mode) override;
    void commit_transaction() override;
    void roll_back_quietly() noexcept override;
    bool connection_lost() const override { return connection_.lost(); }

private:
    friend class PgStatement;
    Connection connection_;
    std::int64_t changes_ = 0;
    std::int64_t total_changes_ = 0;
    bool transaction_open_ = false;  // begun and not yet ended: no reconnecting (pg_connection.hpp)
};

}  // namespace umpire::storage::pg
