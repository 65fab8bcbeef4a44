#pragma once
// The PostgreSQL CampaignStore (sql_store.hpp on a PostgreSQL database): for several servers on
// one database (docs/operations.md, "Several servers over PostgreSQL"). Every commit is durable
// when it returns (PostgreSQL's synchronous_commit, on by default).
#include <string>

#include "storage/postgres/pg_database.hpp"
#include "storage/sql_store.hpp"

namespace umpire::storage {

class PgCampaignStore final : public SqlCampaignStore {
public:
    // Connects to `url` (postgresql://user@host:port/database) and makes the schema if the
    // database has none (pg_schema.hpp); a database of a newer Umpire is refused.
    explicit PgCampaignStore(const std::string& url, int connect_timeout_s = 10);

    pg::PgDatabase& pg_database() { return static_cast<pg::PgDatabase&>(database()); }
};

}  // namespace umpire::storage
