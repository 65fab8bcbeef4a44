// The one-writer rule and a database that goes away (issue 29, docs/operations.md): the lock
// beside the database, commits refused once the open file is removed or replaced, empty and
// orphaned files never taken as new databases, and the write check behind /healthz.
#include <gtest/gtest.h>

#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <fstream>

#include "storage/database_checks.hpp"
#include "storage/database_lock.hpp"
#include "storage/migrations.hpp"
#include "storage/server_store.hpp"
#include "test_support.hpp"

namespace umpire::storage::testing {
namespace {

using Mode = DatabaseLock::Mode;

StorageError lock_error(const std::string& db, Mode mode) {
    try {
        DatabaseLock lock(db, mode);
    } catch (const StorageError& e) {
        return e;
    }
    ADD_FAILURE() << "the lock was taken";
    return StorageError(ErrorKind::internal, "");
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

TEST(DatabaseLock, ASecondServerIsRefusedNamingTheFileAndThePid) {
    TempDir dir;
    const auto db = dir.file("u.db");
    DatabaseLock first(db, Mode::server);
    const auto e = lock_error(db, Mode::server);
    EXPECT_EQ(e.kind(), ErrorKind::busy);
    EXPECT_TRUE(contains(e.what(), db + ".lock")) << e.what();
    EXPECT_TRUE(contains(e.what(), "pid " + std::to_string(::getpid()))) << e.what();
    struct stat st {};
    ASSERT_EQ(::stat((db + ".lock").c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 0777, 0600u);
}

// Issue 53: the lock was named after the path given, so a server started through a symbolic
// link to the file (or to its directory) took a lock of its own beside the link.
TEST(DatabaseLock, ASymbolicLinkToTheFileOrItsDirectoryNamesTheSameLock) {
    TempDir dir;
    const auto db = dir.file("u.db");
    { std::ofstream made(db); }  // a link to a file that is there
    const auto link = dir.file("link.db");
    ASSERT_EQ(::symlink(db.c_str(), link.c_str()), 0);
    const auto linked_dir = dir.file("linked-dir");
    ASSERT_EQ(::symlink(dir.path().c_str(), linked_dir.c_str()), 0);
    DatabaseLock first(db, Mode::server);
    for (const auto& other : {link, linked_dir + "/u.db"}) {
        const auto e = lock_error(other, Mode::server);
        EXPECT_EQ(e.kind(), ErrorKind::busy) << other;
        EXPECT_TRUE(contains(e.what(), "pid " + std::to_string(::getpid()))) << e.what();
    }
    EXPECT_EQ(::access((link + ".lock").c_str(), F_OK), -1) << "a lock named after the link";
}

TEST(DatabaseLock, WritingCommandsShareItButNotWithAServer) {
    TempDir dir;
    const auto db = dir.file("u.db");
    {
        DatabaseLock server(db, Mode::server);
        const auto e = lock_error(db, Mode::command);
        EXPECT_EQ(e.kind(), ErrorKind::busy);
        EXPECT_TRUE(contains(e.what(), "one writer")) << e.what();
    }
    DatabaseLock a(db, Mode::command), b(db, Mode::command);  // two commands: SQLite orders them
    const auto e = lock_error(db, Mode::server);
    EXPECT_EQ(e.kind(), ErrorKind::busy);
    EXPECT_TRUE(contains(e.what(), "another process")) << e.what();  // commands write no pid
}

TEST(DatabaseLock, ItIsLetGoWithItsHolderAndLeavesNoPid) {
    TempDir dir;
    const auto db = dir.file("u.db");
    { DatabaseLock first(db, Mode::server); }
    DatabaseLock again(db, Mode::server);
    EXPECT_EQ(read_file(db + ".lock"), std::to_string(::getpid()) + "\n");
    DatabaseLock memory(":memory:", Mode::server), other(":memory:", Mode::server);  // no file
}

// --- the open file goes away ---------------------------------------------------------------------

struct Opened {
    TempDir dir;
    std::string db = dir.file("u.db");
    std::unique_ptr<SqliteCampaignStore> store = std::make_unique<SqliteCampaignStore>(db);
    Connection& connection() { return store->connection(); }
    std::int64_t add_account(const std::string& name) {
        return store->create_account(name, std::nullopt, "2026-01-01T00:00:00.000Z");
    }
};

template <class Fn>
StorageError error_of(Fn&& fn) {
    try {
        fn();
    } catch (const StorageError& e) {
        return e;
    }
    ADD_FAILURE() << "no error";
    return StorageError(ErrorKind::internal, "");
}

TEST(FileIdentity, ACommitIntoARemovedFileIsRefusedAndSoIsEverythingAfter) {
    Opened o;
    o.add_account("before");
    ASSERT_EQ(::unlink(o.db.c_str()), 0);
    const auto e = error_of([&] { o.add_account("after"); });
    EXPECT_EQ(e.kind(), ErrorKind::gone);
    EXPECT_TRUE(contains(e.what(), "was removed")) << e.what();
    EXPECT_TRUE(o.connection().gone());
    // Reads too: what the refused commit left in the orphan is never shown.
    EXPECT_EQ(error_of([&] { o.store->find_account("after"); }).kind(), ErrorKind::gone);
    EXPECT_EQ(error_of([&] { o.connection().query_int("SELECT 1"); }).kind(), ErrorKind::gone);
    o.store.reset();
    EXPECT_FALSE(fs::exists(o.db)) << "closing recreated the database";
    // Its WAL was emptied, not left beside the path for a new database to take as its own.
    EXPECT_EQ(database_file_state(o.db), FileState::missing);
}

TEST(FileIdentity, AnAutocommitWriteIsCheckedToo) {
    Opened o;
    ServerStore server(o.connection());
    const auto id = o.add_account("anna");
    ASSERT_EQ(::unlink(o.db.c_str()), 0);
    // add_session is one INSERT outside any Transaction.
    const auto e = error_of([&] { server.add_session("hash", id, "2026-01-01T00:00:00.000Z",
                                                     "2027-01-01T00:00:00.000Z"); });
    EXPECT_EQ(e.kind(), ErrorKind::gone) << e.what();
}

TEST(FileIdentity, AReplacedFileIsNoticedAndTheNewOneReadsAsItself) {
    Opened o;
    o.add_account("before");
    const auto backup = o.dir.file("backup.db");
    o.connection().exec("VACUUM INTO '" + backup + "'");  // a restore, as an operator would
    ASSERT_EQ(::rename(backup.c_str(), o.db.c_str()), 0);
    const std::string restored = read_file(o.db);
    const auto e = error_of([&] { o.add_account("after"); });
    EXPECT_EQ(e.kind(), ErrorKind::gone);
    EXPECT_TRUE(contains(e.what(), "replaced")) << e.what();
    o.store.reset();
    EXPECT_EQ(read_file(o.db), restored);
    // The old WAL, still at "<db>-wal", was emptied: read as the new file's, its pages would
    // have brought "after" (and torn the file).
    SqliteCampaignStore reopened(o.db);
    EXPECT_EQ(reopened.connection().query_text("PRAGMA integrity_check"), "ok");
    EXPECT_TRUE(reopened.find_account("before"));
    EXPECT_FALSE(reopened.find_account("after"));
}

TEST(FileIdentity, TheCheckStillCheckpointsTheWal) {
    // The identity check replaces SQLite's auto-checkpoint hook; the WAL must still be reused.
    Opened o;
    o.connection().exec("PRAGMA synchronous = OFF");  // 1,500 commits: no need to sync them
    o.connection().exec("CREATE TABLE t (x BLOB)");
    for (int i = 0; i < 1500; ++i)
        o.connection().prepare("INSERT INTO t VALUES (zeroblob(3000))").run();
    // 1,500 commits of a few pages each: 18 MB of WAL unless checkpoints let SQLite reuse it.
    EXPECT_LT(fs::file_size(o.db + "-wal"), 1300u * 4096) << "the WAL was never checkpointed";
}

TEST(FileIdentity, ACommitUnderAStatementStillReadingIsCheckpointedByTheNext) {
    // A statement stepped to a row and not yet reset keeps a read transaction open past COMMIT,
    // so the checkpoint after that commit cannot run; the next transaction runs it instead.
    Opened o;
    auto& db = o.connection();
    db.exec("PRAGMA synchronous = OFF");
    db.exec("CREATE TABLE t (x BLOB)");
    db.prepare("INSERT INTO t VALUES (1)").run();
    for (int i = 0; i < 300; ++i) {
        Transaction transaction(db);
        db.prepare("INSERT INTO t VALUES (zeroblob(60000))").run();
        auto reading = db.prepare("SELECT count(*) FROM t");
        ASSERT_TRUE(reading.step());
        transaction.commit();  // `reading` still on its row
    }
    // 300 commits of 15 pages: 18 MB of WAL if no checkpoint ever ran.
    EXPECT_LT(fs::file_size(o.db + "-wal"), 1300u * 4096) << "the WAL was never checkpointed";
}

// --- files that are not databases ----------------------------------------------------------------

TEST(NewFiles, AZeroLengthFileIsOnlyMadeADatabaseWhenAsked) {
    TempDir dir;
    const auto db = dir.file("empty.db");
    write_file(db, "");
    EXPECT_EQ(database_file_state(db), FileState::empty);
    ConnectionOptions existing;
    existing.create = false;
    const auto e = error_of([&] { SqliteCampaignStore store(db, existing); });
    EXPECT_EQ(e.kind(), ErrorKind::cannot_open);
    EXPECT_TRUE(contains(e.what(), "empty (0 bytes)")) << e.what();
    EXPECT_EQ(fs::file_size(db), 0u);
    SqliteCampaignStore made(db);  // create: asked
    EXPECT_EQ(made.schema_version(), latest_schema_version());
}

TEST(NewFiles, AWalWithoutItsDatabaseIsNeverTakenAsANewOne) {
    Opened o;
    o.add_account("anna");
    const std::string wal = read_file(o.db + "-wal");
    ASSERT_FALSE(wal.empty());
    o.store.reset();
    // What a removed database leaves: its -wal. A new file would take its pages.
    ASSERT_EQ(::unlink(o.db.c_str()), 0);
    write_file(o.db + "-wal", wal);
    EXPECT_EQ(database_file_state(o.db), FileState::wal_only);
    const auto e = error_of([&] { SqliteCampaignStore store(o.db); });
    EXPECT_EQ(e.kind(), ErrorKind::cannot_open);
    EXPECT_TRUE(contains(e.what(), "-wal is there")) << e.what();
    EXPECT_FALSE(fs::exists(o.db));
    EXPECT_EQ(database_file_state(o.dir.file("none.db")), FileState::missing);
}

// --- the write check (/healthz, and the server's start) ------------------------------------------

TEST(WriteCheck, AWritableDatabaseHasNoProblem) {
    Opened o;
    EXPECT_FALSE(write_problem(o.connection()).has_value());
    EXPECT_NO_THROW(require_writable(o.connection()));
    o.add_account("anna");  // the probe left no transaction open
}

TEST(WriteCheck, AReadOnlyConnectionIsReported) {
    // SQLite opens a file its user may not write read-only, silently. Root writes any file
    // whatever its mode, so this opens it read-only as SQLite then would.
    Opened o;
    o.add_account("anna");
    ConnectionOptions ro;
    ro.read_only = true;
    Connection connection(o.db, ro);
    const auto problem = write_problem(connection);
    ASSERT_TRUE(problem.has_value());
    EXPECT_EQ(problem->kind(), ErrorKind::read_only) << problem->what();
    const auto e = error_of([&] { require_writable(connection); });
    EXPECT_TRUE(contains(e.what(), "write access")) << e.what();
}

TEST(WriteCheck, AFileModeThatForbidsWritesIsReported) {
    if (::geteuid() == 0) GTEST_SKIP() << "root writes a 0444 file; covered by AReadOnlyConnectionIsReported";
    Opened o;
    o.add_account("anna");
    o.store.reset();
    ASSERT_EQ(::chmod(o.db.c_str(), 0444), 0);
    ConnectionOptions existing;
    existing.create = false;
    Connection connection(o.db, existing);
    const auto problem = write_problem(connection);
    ASSERT_TRUE(problem.has_value());
    EXPECT_EQ(problem->kind(), ErrorKind::read_only) << problem->what();
}

TEST(WriteCheck, ARemovedFileIsReportedWithoutAWrite) {
    Opened o;
    ASSERT_EQ(::unlink(o.db.c_str()), 0);
    const auto problem = write_problem(o.connection());
    ASSERT_TRUE(problem.has_value());
    EXPECT_EQ(problem->kind(), ErrorKind::gone);
    EXPECT_TRUE(o.connection().gone());
}

TEST(WriteCheck, AnotherWriterHoldingTheLockIsNotAProblemAndIsNotWaitedFor) {
    Opened o;
    Connection other(o.db);
    Transaction holding(other);
    const auto start = std::chrono::steady_clock::now();
    EXPECT_FALSE(write_problem(o.connection()).has_value());
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(1));
    EXPECT_EQ(o.connection().busy_timeout(), 5000);  // put back
}

}  // namespace
}  // namespace umpire::storage::testing
