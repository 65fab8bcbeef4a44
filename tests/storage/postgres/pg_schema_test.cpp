// The PostgreSQL schema (storage/postgres/pg_schema.hpp) on a real server: the throwaway cluster
// tests/storage/postgres/run_with_cluster.sh starts and names in UMPIRE_TEST_PG_URL (the tests
// are skipped without it). Each test makes a database of its own through the cluster's superuser
// `postgres` (scripts/pg-throwaway), with a linguistic default collation when the server has
// ICU, so that text that does not sort bytewise shows.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <exception>
#include <functional>
#include <iostream>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "pg_test_database.hpp"
#include "storage/postgres/pg_connection.hpp"
#include "storage/postgres/pg_schema.hpp"

namespace umpire::storage::pg {
namespace {

std::string server_url() { return umpire::testing::pg_test_url(); }

#define NEEDS_SERVER()                                                                    \
    if (server_url().empty()) GTEST_SKIP() << "UMPIRE_TEST_PG_URL is not set (run through " \
                                              "tests/storage/postgres/run_with_cluster.sh)"

// A database of the test's own, with a linguistic default collation where the server has ICU.
class FreshDatabase : public umpire::testing::PgTestDatabase {
public:
    FreshDatabase() : PgTestDatabase("umpire_schema_test", true) {}
};

std::vector<std::string> column_of(const Result& rows, int column = 0) {
    std::vector<std::string> out;
    for (int row = 0; row < rows.rows(); ++row) out.push_back(rows.value(row, column).value());
    return out;
}

std::vector<std::string> tables(Connection& db) {
    return column_of(db.query(
        "SELECT table_name FROM information_schema.tables "
        "WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1"));
}

// The tables of the SQLite schema at version 14 (sqlite3 FILE .tables, less sqlite_sequence),
// and the version table.
const std::vector<std::string> kTables{
    "accounts",       "battle_actions",     "campaigns",     "decisions",
    "gm_actions",     "invites",            "login_throttle", "memberships",
    "notifications",  "open_periods",       "orders",        "password_resets",
    "period_deadlines", "periods",          "press",         "receipts",
    "sessions",       "umpire_schema",      "webhook_deliveries", "webhooks",
    "world_edits",
};

TEST(PgSchema, AnEmptyDatabaseGetsEveryTableOfTheSqliteSchemaAndTheNewestVersion) {
    NEEDS_SERVER();
    FreshDatabase fresh;
    Connection db(fresh.url());
    EXPECT_EQ(schema_version(db), 0);
    EXPECT_TRUE(tables(db).empty());

    create_schema(db);
    EXPECT_EQ(tables(db), kTables);
    EXPECT_EQ(schema_version(db), 2);
    EXPECT_EQ(schema_version(db), kPgSchemaVersion);
    EXPECT_EQ(db.query("SELECT count(*) FROM umpire_schema").integer(0, 0), 1);
    // SQLite's own indexes (the rest are its keys' and UNIQUE constraints').
    EXPECT_EQ(column_of(db.query("SELECT indexname FROM pg_indexes WHERE schemaname = "
                                 "current_schema() AND indexname IN ('memberships_by_player', "
                                 "'periods_live', 'decisions_live', 'sessions_by_account', "
                                 "'webhook_deliveries_by_owner', 'password_resets_by_account') "
                                 "ORDER BY 1")),
              (std::vector<std::string>{"decisions_live", "memberships_by_player",
                                        "password_resets_by_account", "periods_live",
                                        "sessions_by_account", "webhook_deliveries_by_owner"}));
    // Every text column compares bytewise.
    EXPECT_EQ(column_of(db.query("SELECT table_name || '.' || column_name FROM "
                                 "information_schema.columns WHERE table_schema = "
                                 "current_schema() AND data_type = 'text' AND collation_name "
                                 "IS DISTINCT FROM 'C' ORDER BY 1")),
              std::vector<std::string>{});
    // A second version row is refused: umpire_schema holds one.
    EXPECT_THROW(db.query("INSERT INTO umpire_schema (version) VALUES (1)"), StorageError);
}

TEST(PgSchema, TheSchemaKeepsSqlitesKeysConstraintsAndIdentityIds) {
    NEEDS_SERVER();
    FreshDatabase fresh;
    Connection db(fresh.url());
    create_schema(db);
    const auto account = [&](const std::string& name) {
        return db.query("INSERT INTO accounts (name, created_at) VALUES ($1, $2) RETURNING id",
                        {name, "2025-01-01T00:00:00.000Z"})
            .integer(0, 0);
    };
    const std::int64_t anna = account("anna");
    EXPECT_EQ(account("bertil"), anna + 1);
    EXPECT_THROW(account("anna"), StorageError);  // UNIQUE name
    EXPECT_EQ(db.query("SELECT is_admin, may_create_campaigns FROM accounts WHERE id = $1",
                       {std::to_string(anna)})
                  .value(0, 0),
              "0");
    // A membership needs its account and campaign; a player needs a player id.
    try {
        db.query("INSERT INTO memberships VALUES ($1, 'nowhere', 'gm', NULL)",
                 {std::to_string(anna)});
        FAIL() << "a membership of a missing campaign was stored";
    } catch (const StorageError& e) {
        EXPECT_EQ(e.kind(), ErrorKind::conflict) << e.what();
    }
    db.exec(
        "INSERT INTO campaigns VALUES ('demo', 'Demo', '{}', 'valormr', '1', 'h', '{}', '{}', "
        "'manual', 'UTC', 'active', '2025-01-01T00:00:00.000Z')");
    EXPECT_THROW(db.query("INSERT INTO memberships VALUES ($1, 'demo', 'player', NULL)",
                          {std::to_string(anna)}),
                 StorageError);
    EXPECT_THROW(db.exec("INSERT INTO campaigns VALUES ('lost', 'Lost', '{}', 'valormr', '1', "
                         "'h', '{}', '{}', 'manual', 'UTC', 'lost', 'now')"),
                 StorageError);  // CHECK status
    db.query("INSERT INTO memberships VALUES ($1, 'demo', 'player', 'blue')",
             {std::to_string(anna)});
    // Draws pass 2^31; ids of webhook deliveries count up by themselves.
    db.exec(
        "INSERT INTO periods (campaign_id, period_index, attempt, day, kind, state_before, "
        "state_after, orders, event_count, seed_hash, seed, draws, opened_at, committed_at) "
        "VALUES ('demo', 0, 0, 1, 'day', '', '{}', '[]', 0, 'h', 's', 5000000000, 'a', 'b')");
    const Result period =
        db.query("SELECT draws, answers, settled, event_log, scheme FROM periods");
    EXPECT_EQ(period.integer(0, 0), 5000000000);
    EXPECT_EQ(period.value(0, 1), "{}");
    EXPECT_EQ(period.integer(0, 2), 1);
    EXPECT_EQ(period.value(0, 3), "");
    EXPECT_EQ(period.integer(0, 4), 1);
    for (const char* delivery : {"d1", "d2"})
        db.query("INSERT INTO webhook_deliveries (account_id, campaign_id, notification_key, "
                 "delivery_id, attempt, at, outcome) VALUES ($1, 'demo', 'k', $2, 1, 'a', "
                 "'delivered')",
                 {std::to_string(anna), delivery});
    EXPECT_EQ(column_of(db.query("SELECT id::text || error FROM webhook_deliveries ORDER BY id")),
              (std::vector<std::string>{"1", "2"}));
}

TEST(PgSchema, RunningItAgainChangesNothing) {
    NEEDS_SERVER();
    FreshDatabase fresh;
    Connection db(fresh.url());
    create_schema(db);
    db.exec("INSERT INTO accounts (name, created_at) VALUES ('anna', 'now')");
    create_schema(db);
    create_schema(db);
    EXPECT_EQ(schema_version(db), 2);
    EXPECT_EQ(tables(db), kTables);
    EXPECT_EQ(db.query("SELECT count(*) FROM umpire_schema").integer(0, 0), 1);
    EXPECT_EQ(db.query("SELECT name FROM accounts").value(0, 0), "anna");
}

TEST(PgSchema, AVersion1DatabaseIsUpgradedInPlaceKeepingItsRows) {
    NEEDS_SERVER();
    FreshDatabase fresh;
    Connection db(fresh.url());
    create_schema(db);
    // Back to version 1 as the last release made it: without what version 2 adds.
    db.exec(
        "ALTER TABLE campaigns DROP COLUMN version; "
        "ALTER TABLE notifications DROP COLUMN claimed_until; DROP TABLE login_throttle; "
        "UPDATE umpire_schema SET version = 1");
    db.exec(
        "INSERT INTO campaigns (id, name, scenario, ruleset_name, ruleset_version, ruleset_hash, "
        "ruleset, settings, deadline_policy, time_zone, status, created_at) VALUES ('old', 'Old', "
        "'{}', 'r', '1', 'h', '{}', '{}', '{}', 'UTC', 'active', 'then')");
    create_schema(db);
    EXPECT_EQ(schema_version(db), 2);
    EXPECT_EQ(tables(db), kTables);
    EXPECT_EQ(db.query("SELECT name || ':' || version FROM campaigns").value(0, 0), "Old:0");
    EXPECT_EQ(db.query("SELECT count(*) FROM notifications WHERE claimed_until IS NULL")
                  .integer(0, 0),
              0);
}

TEST(PgSchema, ServersStartingAtOnceBothFindTheSchemaMade) {
    NEEDS_SERVER();
    FreshDatabase fresh;
    std::string all_tables;
    for (const auto& t : kTables) all_tables += (all_tables.empty() ? "" : ", ") + t;
    // Both connect first, so that their create_schema calls overlap as much as they can; each
    // round starts from an empty database.
    for (int round = 0; round < 3; ++round) {
        Connection a(fresh.url());
        Connection b(fresh.url());
        std::atomic<int> ready{0};
        std::optional<std::string> failure_a, failure_b;
        const auto run = [&](Connection& db, std::optional<std::string>& failure) {
            ++ready;
            while (ready < 2) std::this_thread::yield();
            try {
                create_schema(db);
            } catch (const std::exception& e) {
                failure = e.what();
            }
        };
        std::thread first(run, std::ref(a), std::ref(failure_a));
        std::thread second(run, std::ref(b), std::ref(failure_b));
        first.join();
        second.join();
        EXPECT_EQ(failure_a, std::nullopt);
        EXPECT_EQ(failure_b, std::nullopt);
        EXPECT_EQ(schema_version(a), kPgSchemaVersion);
        EXPECT_EQ(tables(b), kTables);
        EXPECT_EQ(a.query("SELECT count(*) FROM umpire_schema").integer(0, 0), 1);
        a.exec("DROP TABLE " + all_tables);
    }
}

TEST(PgSchema, ADatabaseOfANewerUmpireIsRefusedAndLeftAlone) {
    NEEDS_SERVER();
    FreshDatabase fresh;
    Connection db(fresh.url());
    db.exec("CREATE TABLE umpire_schema (version INTEGER NOT NULL); "
            "INSERT INTO umpire_schema VALUES (99)");
    EXPECT_EQ(schema_version(db), 99);
    try {
        create_schema(db);
        FAIL() << "a version 99 database was taken";
    } catch (const StorageError& e) {
        EXPECT_EQ(e.kind(), ErrorKind::too_new) << e.what();
        const std::string message = e.what();
        EXPECT_NE(message.find(db.location()), std::string::npos) << message;
        EXPECT_NE(message.find("version 99 is newer than this build knows (2)"),
                  std::string::npos)
            << message;
    }
    EXPECT_EQ(tables(db), std::vector<std::string>{"umpire_schema"});
    EXPECT_EQ(schema_version(db), 99);
}

TEST(PgSchema, TextSortsBytewiseWhateverTheDatabasesCollation) {
    NEEDS_SERVER();
    FreshDatabase fresh;
    Connection db(fresh.url());
    if (fresh.linguistic()) {
        // The database's own collation would not: the test below would catch a missing COLLATE.
        EXPECT_EQ(db.query("SELECT 'a' < 'B'").value(0, 0), "t");
        EXPECT_EQ(db.query("SELECT 'é' < 'z'").value(0, 0), "t");
    } else {
        std::cout << "[ NOTE     ] the server has no ICU: the database sorts bytewise anyway\n";
    }
    create_schema(db);
    for (const char* name : {"z", "a", "é", "B", "Z", "b"})
        db.query("INSERT INTO accounts (name, created_at) VALUES ($1, 'now')", {name});
    EXPECT_EQ(column_of(db.query("SELECT name FROM accounts ORDER BY name")),
              (std::vector<std::string>{"B", "Z", "a", "b", "z", "é"}));
    EXPECT_EQ(db.query("SELECT count(*) FROM accounts WHERE name > 'Z'").integer(0, 0), 4);
    // In a key too: a campaign named 'B' comes before 'a' in the primary key's order.
    db.exec(
        "INSERT INTO campaigns SELECT name, name, '{}', 'r', '1', 'h', '{}', '{}', 'manual', "
        "'UTC', 'active', 'now' FROM accounts");
    EXPECT_EQ(db.query("SELECT min(id), max(id) FROM campaigns").value(0, 0), "B");
    EXPECT_EQ(db.query("SELECT min(id), max(id) FROM campaigns").value(0, 1), "é");
}

}  // namespace
}  // namespace umpire::storage::pg
