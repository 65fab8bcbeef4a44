#pragma once
// Shared by the commands on a campaign database (storage_commands.cpp, decision_commands.cpp):
// opening the database, turning storage errors into exit codes, and decision requests as lines.
#include <iostream>
#include <memory>
#include <optional>
#include <string>

#include "cli/commands.hpp"
#include "storage/database_lock.hpp"
#include "storage/error.hpp"
#include "storage/records.hpp"
#include "storage/postgres/pg_store.hpp"
#include "storage/sqlite_store.hpp"
#include "umpire/rules/json_reader.hpp"

namespace umpire::cli {

inline constexpr int kExitStorage = 4;   // the database refused the request or failed
inline constexpr int kExitMismatch = 5;  // verify found a period that does not reproduce

// Runs a command body, turning storage errors into a message and an exit code.
template <typename Body>
void guarded(Body body) {
    try {
        body();
    } catch (const storage::StorageError& e) {
        std::cerr << "umpire: " << e.what() << "\n";
        throw CLI::RuntimeError(e.kind() == storage::ErrorKind::invalid_input ? kExitInvalidInput
                                                                              : kExitStorage);
    }
}

// read: status, decisions, verify, export (safe beside a running server: SQLite's WAL).
// write: commands that change a campaign; they refuse while a server holds the database
// (storage/database_lock.hpp). create: write, and make the database if it is missing.
enum class Access { read, write, create };

// An open database, with the shared writer's lock for as long as a writing command runs (a
// SQLite file; PostgreSQL locks each campaign's row per command instead).
struct OpenStore {
    std::optional<storage::DatabaseLock> lock;
    std::unique_ptr<storage::SqlCampaignStore> store;
    storage::SqlCampaignStore& operator*() { return *store; }
    storage::SqlCampaignStore* operator->() { return store.get(); }
    // The SQLite store, for the commands that work on files only (migrate, backup).
    storage::SqliteCampaignStore& sqlite() {
        auto* file = dynamic_cast<storage::SqliteCampaignStore*>(store.get());
        if (!file)
            throw storage::StorageError(storage::ErrorKind::invalid_input,
                                        store->location() +
                                            ": this command works on SQLite files; PostgreSQL "
                                            "has its own tools (pg_dump, pg_restore)");
        return *file;
    }
};

// The file-only commands (backup, restore, migrate) refuse a PostgreSQL URL, saying what to use.
inline void require_sqlite_file(const std::string& db, const std::string& command) {
    if (storage::pg::is_postgres_url(db))
        throw storage::StorageError(storage::ErrorKind::invalid_input,
                                    storage::pg::without_password(db) + ": umpire " + command +
                                        " works on SQLite files; PostgreSQL has its own tools "
                                        "(pg_dump, pg_restore; its schema is made on opening)");
}

// DB is a SQLite file, or a PostgreSQL URL (postgresql://user@host:port/database). Existing
// files only unless `create`: a mistyped path must not create an empty one.
inline OpenStore open_store(const std::string& path, Access access) {
    OpenStore open;
    if (storage::pg::is_postgres_url(path)) {
        open.store = std::make_unique<storage::PgCampaignStore>(path);
        return open;
    }
    // A missing file fails to open below (no lock file is left beside a mistyped path).
    if (access == Access::create ||
        (access == Access::write && storage::database_file_state(path) != storage::FileState::missing))
        open.lock.emplace(path, storage::DatabaseLock::Mode::command);
    storage::ConnectionOptions options;
    options.create = access == Access::create;
    open.store = std::make_unique<storage::SqliteCampaignStore>(path, options);
    return open;
}

// {"type": "decision_request", "period_index": N, ...the engine's request}: one JSON line.
inline rules::Json decision_request_json(const storage::DecisionRecord& d) {
    rules::Json line = rules::Json::parse(d.request, nullptr, false);
    if (!line.is_object()) line = rules::Json::object();
    line["type"] = "decision_request";
    line["period_index"] = d.period_index;
    return line;
}

void add_decision_commands(CLI::App& campaign_group);  // decisions, answer

}  // namespace umpire::cli
