// The PostgreSQL connection layer (storage/postgres/pg_connection.hpp) against a real server:
// a throwaway cluster on 127.0.0.1 that tests/storage/postgres/run_with_cluster.sh starts and
// names in UMPIRE_TEST_PG_URL (the tests that need it are skipped without it).
#include <gtest/gtest.h>

#include <cstdlib>
#include <stdexcept>
#include <string>

#include "storage/postgres/pg_connection.hpp"
#include "storage/postgres/pg_database.hpp"

namespace umpire::storage::pg {
namespace {

std::string server_url() {
    const char* url = std::getenv("UMPIRE_TEST_PG_URL");
    return url ? url : "";
}

#define NEEDS_SERVER()                                                                    \
    if (server_url().empty()) GTEST_SKIP() << "UMPIRE_TEST_PG_URL is not set (run through " \
                                              "tests/storage/postgres/run_with_cluster.sh)"

// A fresh table of its own for each test.
void make_table(Connection& db, const std::string& name, const std::string& columns) {
    db.exec("DROP TABLE IF EXISTS " + name + "; CREATE TABLE " + name + " (" + columns + ")");
}

TEST(PgConnection, ParametersRoundTripAsTextWithNullsAndAreNeverSplicedIntoTheSql) {
    NEEDS_SERVER();
    Connection db(server_url());
    make_table(db, "notes", "id int PRIMARY KEY, body text");
    const std::string hostile = "x'); DROP TABLE notes; --";
    const std::string unicode = "Hadewych’s scouts: ✓";
    EXPECT_EQ(db.query("INSERT INTO notes VALUES ($1, $2), ($3, $4), ($5, $6)",
                       {"1", hostile, "2", std::nullopt, "3", unicode})
                  .changed(),
              3);
    const Result rows = db.query("SELECT id, body FROM notes ORDER BY id");
    EXPECT_EQ(rows.changed(), 0) << "a SELECT changed rows";
    ASSERT_EQ(rows.rows(), 3);
    ASSERT_EQ(rows.columns(), 2);
    EXPECT_EQ(rows.integer(0, 0), 1);
    EXPECT_EQ(rows.value(0, 1), hostile);
    EXPECT_EQ(rows.value(1, 1), std::nullopt);
    EXPECT_EQ(rows.value(2, 1), unicode);
    EXPECT_THROW(rows.value(3, 0), StorageError);  // out of range
    EXPECT_THROW(rows.integer(0, 1), StorageError);  // not an integer
}

TEST(PgConnection, ATransactionCommitsWhenItsWorkReturnsAndLeavesNothingWhenItThrows) {
    NEEDS_SERVER();
    Connection db(server_url());
    make_table(db, "orders_seen", "player text PRIMARY KEY");
    const int kept = db.transaction([&] {
        db.query("INSERT INTO orders_seen VALUES ($1)", {"anna"});
        return 1;
    });
    EXPECT_EQ(kept, 1);
    EXPECT_THROW(db.transaction([&] {
        db.query("INSERT INTO orders_seen VALUES ($1)", {"bertil"});
        throw std::runtime_error("the command failed half-way");
    }),
                 std::runtime_error);
    const Result rows = db.query("SELECT player FROM orders_seen ORDER BY player");
    ASSERT_EQ(rows.rows(), 1);
    EXPECT_EQ(rows.value(0, 0), "anna");
}

TEST(PgConnection, AConstraintViolationIsAConflictAndTheConnectionCarriesOn) {
    NEEDS_SERVER();
    Connection db(server_url());
    make_table(db, "periods", "campaign text, idx int, PRIMARY KEY (campaign, idx)");
    db.query("INSERT INTO periods VALUES ($1, $2)", {"demo", "0"});
    try {
        db.transaction([&] { db.query("INSERT INTO periods VALUES ($1, $2)", {"demo", "0"}); });
        FAIL() << "a second period 0 was stored";
    } catch (const StorageError& e) {
        EXPECT_EQ(e.kind(), ErrorKind::conflict) << e.what();
        EXPECT_NE(std::string(e.what()).find("duplicate key"), std::string::npos) << e.what();
    }
    EXPECT_EQ(db.query("SELECT count(*) FROM periods").integer(0, 0), 1);
}

TEST(PgConnection, ALockedCampaignRowMakesASecondWriterBusyUntilTheFirstCommits) {
    NEEDS_SERVER();
    Connection first(server_url());
    Connection second(server_url());
    make_table(first, "campaigns", "id text PRIMARY KEY, version int");
    first.query("INSERT INTO campaigns VALUES ($1, $2)", {"demo", "1"});
    first.exec("BEGIN");
    first.query("SELECT version FROM campaigns WHERE id = $1 FOR UPDATE", {"demo"});
    try {
        second.query("SELECT version FROM campaigns WHERE id = $1 FOR UPDATE NOWAIT", {"demo"});
        FAIL() << "two writers held the campaign's row at once";
    } catch (const StorageError& e) {
        EXPECT_EQ(e.kind(), ErrorKind::busy) << e.what();
    }
    first.query("UPDATE campaigns SET version = version + 1 WHERE id = $1", {"demo"});
    first.exec("COMMIT");
    const Result row =
        second.query("SELECT version FROM campaigns WHERE id = $1 FOR UPDATE NOWAIT", {"demo"});
    EXPECT_EQ(row.integer(0, 0), 2);
}

TEST(PgConnection, ASerializationFailureIsBusySoTheWholeCommandCanRunAgain) {
    NEEDS_SERVER();
    Connection a(server_url());
    Connection b(server_url());
    make_table(a, "resolved", "period int");
    // Write skew: each reads that no period is resolved and records one; serializable
    // transactions cannot both commit.
    a.exec("BEGIN ISOLATION LEVEL SERIALIZABLE");
    b.exec("BEGIN ISOLATION LEVEL SERIALIZABLE");
    EXPECT_EQ(a.query("SELECT count(*) FROM resolved").integer(0, 0), 0);
    EXPECT_EQ(b.query("SELECT count(*) FROM resolved").integer(0, 0), 0);
    a.query("INSERT INTO resolved VALUES ($1)", {"1"});
    a.exec("COMMIT");
    try {
        b.query("INSERT INTO resolved VALUES ($1)", {"1"});
        b.exec("COMMIT");
        FAIL() << "both resolved the period";
    } catch (const StorageError& e) {
        EXPECT_EQ(e.kind(), ErrorKind::busy) << e.what();
    }
    b.exec("ROLLBACK");
    EXPECT_EQ(b.query("SELECT count(*) FROM resolved").integer(0, 0), 1);
}

TEST(PgConnection, ARefusedConnectionCannotOpenAndItsMessageNeverShowsThePassword) {
    // Port 1 on the loopback: nothing listens there.
    try {
        Connection db("postgresql://umpire:hunter2@127.0.0.1:1/umpire", 2);
        FAIL() << "connected to nothing";
    } catch (const StorageError& e) {
        EXPECT_EQ(e.kind(), ErrorKind::cannot_open) << e.what();
        EXPECT_EQ(std::string(e.what()).find("hunter2"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("umpire:***@127.0.0.1:1"), std::string::npos)
            << e.what();
    }
}

TEST(PgConnection, SqlStatesMapToTheStorageErrorKinds) {
    EXPECT_EQ(error_kind_of("23505"), ErrorKind::conflict);  // unique violation
    EXPECT_EQ(error_kind_of("23503"), ErrorKind::conflict);  // foreign key violation
    EXPECT_EQ(error_kind_of("40001"), ErrorKind::busy);
    EXPECT_EQ(error_kind_of("40P01"), ErrorKind::busy);
    EXPECT_EQ(error_kind_of("55P03"), ErrorKind::busy);
    EXPECT_EQ(error_kind_of("53100"), ErrorKind::disk_full);
    EXPECT_EQ(error_kind_of("08006"), ErrorKind::io);
    EXPECT_EQ(error_kind_of("57P01"), ErrorKind::io);
    EXPECT_EQ(error_kind_of("42601"), ErrorKind::internal);  // a syntax error is ours
    EXPECT_EQ(error_kind_of(""), ErrorKind::internal);
}

TEST(PgConnection, SqlStatesOfAnUnavailableServerAreStoragesNotBugs) {
    // What an outage answers (issue 53): `unavailable` to clients, never `internal`.
    EXPECT_EQ(error_kind_of("58030"), ErrorKind::io);         // the server's own I/O failed
    EXPECT_EQ(error_kind_of("57P03"), ErrorKind::io);         // cannot connect now (starting up)
    EXPECT_EQ(error_kind_of("53300"), ErrorKind::busy);       // too many connections
    EXPECT_EQ(error_kind_of("57014"), ErrorKind::busy);       // a statement timed out
    EXPECT_EQ(error_kind_of("25006"), ErrorKind::read_only);  // a standby
    EXPECT_EQ(error_kind_of("3D000"), ErrorKind::cannot_open);
    EXPECT_EQ(error_kind_of("XX001"), ErrorKind::corrupt);
}

TEST(PgConnection, ErrorsCarryTheirSqlstateForTheLog) {
    NEEDS_SERVER();
    Connection db(server_url());
    try {
        db.exec("SELEC 1");
        FAIL() << "a syntax error was taken";
    } catch (const StorageError& e) {
        EXPECT_EQ(e.sqlstate(), "42601");
        EXPECT_EQ(e.sqlite_code(), 0);
        EXPECT_EQ(engine_code(e), "SQLSTATE 42601") << "logged as \"SQLite code 0\" before";
    }
}

// The connection lost during COMMIT (issue 53, item 9): the commit may have happened, so its
// caller is told the outcome is unknown, the handler (the server's exit) runs once, and the
// connection takes no more transactions. A transaction that wrote nothing is not unknown.
TEST(PgConnection, ACommitOnALostConnectionHasAnUnknownOutcome) {
    NEEDS_SERVER();
    Connection killer(server_url());
    make_table(killer, "outcomes", "id int");
    auto lose = [&](const PgDatabase& db) {
        // Waits (up to 5 s) until the backend is gone.
        killer.query("SELECT pg_terminate_backend($1, 5000)", {std::to_string(db.backend_pid())});
    };
    {
        PgDatabase reader(server_url());
        Transaction read(reader, TransactionMode::deferred);
        reader.query_int("SELECT count(*) FROM outcomes");
        lose(reader);
        try {
            read.commit();
        } catch (const StorageError& e) {
            EXPECT_EQ(e.kind(), ErrorKind::io) << e.what();
        }
        EXPECT_TRUE(reader.stopped().empty()) << "a read left nothing unknown";
    }
    PgDatabase db(server_url());
    int told = 0;
    db.on_outcome_unknown([&](const StorageError& e) {
        ++told;
        EXPECT_EQ(e.kind(), ErrorKind::outcome_unknown);
    });
    {
        Transaction write(db);
        db.prepare("INSERT INTO outcomes VALUES (1)").run();
        lose(db);
        try {
            write.commit();
            FAIL() << "a COMMIT on a lost connection succeeded";
        } catch (const StorageError& e) {
            EXPECT_EQ(e.kind(), ErrorKind::outcome_unknown) << e.what();
        }
    }
    EXPECT_EQ(told, 1);
    EXPECT_FALSE(db.stopped().empty());
    try {
        Transaction again(db);
        FAIL() << "a stopped connection began a transaction";
    } catch (const StorageError& e) {
        EXPECT_EQ(e.kind(), ErrorKind::io) << e.what();
        EXPECT_NE(std::string(e.what()).find("stopped writing"), std::string::npos) << e.what();
    }
}

TEST(PgConnection, UrlsLoseOnlyTheirPasswordInMessages) {
    EXPECT_EQ(without_password("postgresql://u:secret@h:5432/db"), "postgresql://u:***@h:5432/db");
    EXPECT_EQ(without_password("postgresql://u@h:5432/db"), "postgresql://u@h:5432/db");
    EXPECT_EQ(without_password("postgresql://h:5432/db"), "postgresql://h:5432/db");
    EXPECT_EQ(without_password("not a url"), "not a url");
}

}  // namespace
}  // namespace umpire::storage::pg
