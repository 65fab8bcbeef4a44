#include "storage/migrations.hpp"

#include <cstdio>

#include "storage/schema.hpp"

namespace umpire::storage {

namespace {

std::string hex32(long long value) {
    char buffer[16];
    std::snprintf(buffer, sizeof buffer, "0x%08llx", value & 0xffffffffLL);
    return buffer;
}

std::string table_names(Connection& connection) {
    auto statement = connection.prepare(
        "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name LIMIT 6");
    std::string names;
    int count = 0;
    while (statement.step()) {
        if (++count > 5) {
            names += ", …";
            break;
        }
        names += (names.empty() ? "" : ", ") + statement.text(0);
    }
    return names;
}

}  // namespace

const std::vector<Migration>& migrations() {
    static const std::vector<Migration> steps{
        {1, "every table", kSchemaV1, nullptr},
        {2, "receipts log, events by type", kSchemaV2, nullptr},
        {3, "engine decisions, answers of periods", kSchemaV3, nullptr},
        {4, "server sessions, invites, webhooks, notifications, deadlines", kSchemaV4, nullptr},
        {5, "battle companion actions", kSchemaV5, nullptr},
        {6, "a period's events in one value, state-before kept once", kSchemaV6,
         move_events_into_periods},
        {7, "account rights: administrator, may create campaigns", kSchemaV7, nullptr},
        {8, "webhook secrets, webhook delivery log", kSchemaV8, nullptr},
        {9, "dice and state-version scheme of periods", kSchemaV9, nullptr},
        {10, "account e-mail, session addresses, invite expiry, password resets", kSchemaV10,
         nullptr},
        {11, "decisions that lapse at their own deadline", kSchemaV11, nullptr},
        {12, "the GM's edits of forces and the world", kSchemaV12, nullptr},
        {13, "press between players and from the GMs", kSchemaV13, nullptr},
        {14, "campaign versions, notification claims, login throttle", kSchemaV14, nullptr},
    };
    return steps;
}

int latest_schema_version() { return migrations().back().version; }

int check_database(Connection& connection, const std::vector<Migration>& steps) {
    const int newest = steps.empty() ? 0 : steps.back().version;
    // The first read of the file: random bytes fail here with "file is not a database".
    long long application_id = 0;
    long long version = 0;
    long long objects = 0;
    try {
        application_id = connection.query_int("PRAGMA application_id");
        version = connection.query_int("PRAGMA user_version");
        objects = connection.query_int("SELECT count(*) FROM sqlite_schema");
    } catch (const StorageError& e) {
        if (e.kind() != ErrorKind::corrupt) throw;
        throw StorageError(ErrorKind::corrupt,
                           connection.path() +
                               ": not a readable SQLite database (damaged, truncated or some "
                               "other kind of file): " + e.what(),
                           e.sqlite_code());
    }
    if (application_id == 0 && version == 0 && objects == 0) return 0;  // new and empty
    if (application_id != kApplicationId)
        throw StorageError(ErrorKind::not_umpire,
                           connection.path() + ": not an Umpire database (application_id " +
                               hex32(application_id) + ", tables: " + table_names(connection) +
                               "); refusing to touch it");
    if (version > newest)
        throw StorageError(ErrorKind::too_new,
                           connection.path() + ": schema version " + std::to_string(version) +
                               " is newer than this build knows (" + std::to_string(newest) +
                               "); use a newer umpire");
    return static_cast<int>(version);
}

int migrate(Connection& connection, int target, const std::vector<Migration>& steps) {
    int version = check_database(connection, steps);
    if (target < 0) target = steps.empty() ? 0 : steps.back().version;
    for (const auto& step : steps) {
        if (step.version <= version || step.version > target) continue;
        Transaction transaction(connection);
        // Another process may have migrated between our check and the write lock.
        if (connection.query_int("PRAGMA user_version") >= step.version) {
            version = step.version;
            continue;
        }
        try {
            connection.exec(step.sql);
            if (step.then) step.then(connection);
        } catch (const StorageError& e) {
            throw StorageError(e.kind(),
                               "migration to schema version " + std::to_string(step.version) +
                                   " (" + step.description + ") failed: " + e.what(),
                               e.sqlite_code());
        }
        if (step.version == 1)
            connection.exec("PRAGMA application_id = " + std::to_string(kApplicationId));
        connection.exec("PRAGMA user_version = " + std::to_string(step.version));
        transaction.commit();
        version = step.version;
    }
    return version;
}

}  // namespace umpire::storage
