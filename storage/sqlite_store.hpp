#pragma once
// The SQLite CampaignStore (sql_store.hpp on a SQLite file): one database file in WAL mode with
// synchronous=FULL, so every commit (a period, an order, an answer) is on disk when it returns.
#include <memory>
#include <string>

#include "storage/sql_store.hpp"
#include "storage/sqlite_connection.hpp"
#include "storage/upgrade.hpp"

namespace umpire::storage {

class SqliteCampaignStore final : public SqlCampaignStore {
public:
    // Opens the database (creating it when options.create), refuses a foreign, corrupt or newer
    // file with a clear StorageError, and migrates it to the latest schema version, backing an
    // older one up first (upgrade.hpp).
    explicit SqliteCampaignStore(const std::string& path, const ConnectionOptions& options = {});

    // The versions found and reached on opening, and the backup taken before migrating.
    const UpgradeResult& upgrade_result() const { return upgrade_; }

    Connection& connection() { return static_cast<Connection&>(database()); }
    int schema_version() { return static_cast<int>(connection().query_int("PRAGMA user_version")); }

private:
    UpgradeResult upgrade_;
};

}  // namespace umpire::storage
