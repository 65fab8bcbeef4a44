// Opening the SQLite store: identify the file, WAL, synchronous=FULL, migrations.
#include "storage/sqlite_store.hpp"

#include "storage/migrations.hpp"

namespace umpire::storage {

SqliteCampaignStore::SqliteCampaignStore(const std::string& path,
                                         const ConnectionOptions& options)
    : SqlCampaignStore(std::make_unique<Connection>(path, options)) {
    Connection& db = connection();
    // Identify the file before changing anything in it: a foreign database stays untouched.
    check_database(db);
    if (const auto mode = db.query_text("PRAGMA journal_mode = WAL"); mode != "wal")
        throw StorageError(ErrorKind::internal,
                           path + ": cannot switch to WAL mode (journal mode is " + mode + ")");
    // FULL: a commit is synced before it returns, so a receipt or a period is never lost even
    // on power failure (NORMAL in WAL mode only protects against a process crash).
    db.exec("PRAGMA synchronous = FULL");
    db.exec("PRAGMA foreign_keys = ON");
    upgrade_ = upgrade(db, options);
}

}  // namespace umpire::storage
