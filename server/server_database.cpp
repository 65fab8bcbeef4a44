#include "server/server_database.hpp"

#include <spdlog/spdlog.h>

#include <stdexcept>

#include "storage/database_checks.hpp"
#include "storage/postgres/pg_database.hpp"

namespace umpire::server {

namespace {

// Before the lock, so a mistyped path leaves no lock file behind.
std::optional<storage::DatabaseLock> checked_lock(const ServerConfig& config) {
    const std::string& path = config.database;
    if (storage::pg::is_postgres_url(path)) return std::nullopt;
    if (!config.create_database) {
        // A wrong path, an unmounted volume or a truncated file would otherwise start an empty
        // server (and --demo would hand out new passwords).
        switch (storage::database_file_state(path)) {
            case storage::FileState::missing:
                throw std::runtime_error("no database at " + path +
                                         "; pass --create-db to make one");
            case storage::FileState::empty:
                throw std::runtime_error(path + " is empty (0 bytes), not a database; pass "
                                                "--create-db to make a new database in it");
            case storage::FileState::wal_only:  // refused by the open, with what to do
            case storage::FileState::present: break;
        }
    }
    return storage::DatabaseLock(path, storage::DatabaseLock::Mode::server);
}

storage::ConnectionOptions open_options(const ServerConfig& config) {
    storage::ConnectionOptions options;
    options.create = config.create_database;
    // The backup taken before a migration at start, and the migration, go to the log.
    options.notice = [](const std::string& text) { spdlog::warn("{}", text); };
    return options;
}

}  // namespace

ServerDatabase::ServerDatabase(const ServerConfig& config)
    : lock_(checked_lock(config)), stores_(config.database, open_options(config)) {
    // A read-only file starts a server whose every login fails: refuse it now.
    storage::require_writable(stores_.campaigns->database());
    // On PostgreSQL, several servers share the database (issue 33): no lock; they take turns
    // per campaign (Room::hold_fresh_campaign) and hear each other (change_listener.hpp).
}

}  // namespace umpire::server
