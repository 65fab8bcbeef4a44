// Backups with SQLite's online backup API (what is still in the WAL included, while another
// connection writes), restores that refuse what does not check and change nothing then, the
// writer lock, and files written 0600 whole.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <atomic>
#include <set>
#include <thread>

#include "storage/backup.hpp"
#include "storage/database_lock.hpp"
#include "storage/migrations.hpp"
#include "storage/private_files.hpp"
#include "storage/replay.hpp"
#include "storage/restore.hpp"
#include "test_support.hpp"

namespace umpire::storage::testing {
namespace {

ConnectionOptions existing() {
    ConnectionOptions options;
    options.create = false;
    return options;
}

unsigned mode_of(const std::string& path) {
    struct stat st {};
    EXPECT_EQ(::stat(path.c_str(), &st), 0) << path;
    return st.st_mode & 0777;
}

// Every period and the open period, seeds and all, read straight from the file.
std::string periods_text(const std::string& path) {
    Connection db(path, existing());
    std::string out;
    auto s = db.prepare(
        "SELECT period_index, attempt, seed_hash, seed, draws, event_log, state_after FROM "
        "periods ORDER BY period_index, attempt");
    while (s.step())
        for (int c = 0; c < 7; ++c) out += s.text(c) + "|";
    auto open = db.prepare("SELECT period_index, seed_hash, sealed_seed FROM open_periods");
    while (open.step()) out += open.text(0) + open.text(1) + open.text(2);
    return out;
}

// Rows in `table`, or -1 when the file has no such table.
long long count_in(const std::string& path, const std::string& table) {
    Connection db(path, existing());
    if (db.query_int("SELECT count(*) FROM sqlite_schema WHERE name = '" + table + "'") == 0)
        return -1;
    return db.query_int("SELECT count(*) FROM " + table);
}

std::set<std::string> listing(const TempDir& dir) {
    std::set<std::string> names;
    for (const auto& entry : fs::directory_iterator(dir.path()))
        names.insert(entry.path().filename().string());
    return names;
}

// A database with the demo campaign, two periods resolved; closed.
void make_played(const std::string& path) {
    SqliteCampaignStore store(path);
    auto campaign = create_demo(store);
    play_period(campaign);
    play_period(campaign);
}

TEST(Backup, TheCopyHoldsWhatIsStillInTheWal) {
    TempDir dir;
    const std::string db = dir.file("live.db");
    const std::string out = dir.file("copy.db");
    SqliteCampaignStore store(db);
    store.connection().exec("PRAGMA wal_autocheckpoint = 0");
    auto campaign = create_demo(store);
    play_period(campaign);
    play_period(campaign);
    // The file alone, as cp would copy it, does not hold the campaign yet.
    fs::copy_file(db, dir.file("plain.db"));
    EXPECT_LE(count_in(dir.file("plain.db"), "campaigns"), 0);

    const auto report = backup_file(db, out);
    EXPECT_EQ(report.schema_version, latest_schema_version());
    EXPECT_EQ(report.campaigns, 1);
    EXPECT_EQ(report.periods, 2);
    EXPECT_EQ(mode_of(out), 0600u);
    EXPECT_FALSE(fs::exists(out + "-wal"));  // one file
    EXPECT_EQ(periods_text(out), periods_text(db));
    try {
        backup_file(db, out);
        ADD_FAILURE() << "a backup overwrote an existing file";
    } catch (const StorageError& e) {
        EXPECT_EQ(e.kind(), ErrorKind::conflict);
    }
    SqliteCampaignStore copy(out);
    const auto verified = verify_campaign(copy, "demo");
    EXPECT_TRUE(verified.ok()) << verified.mismatches.front();
    EXPECT_EQ(verified.periods_checked, 2);
}

TEST(Backup, ACopyWhileAnotherConnectionWritesIsOneCommitsWorth) {
    TempDir dir;
    const std::string db = dir.file("live.db");
    const std::string out = dir.file("copy.db");
    make_played(db);
    std::atomic<bool> stop{false};
    std::atomic<int> written{0};
    std::thread writer([&] {
        SqliteCampaignStore store(db);
        for (int i = 0; !stop; ++i) {
            store.create_account("writer" + std::to_string(i), std::nullopt, "t");
            ++written;
        }
    });
    while (written < 3) std::this_thread::yield();
    BackupOptions options;
    options.pages_per_step = 1;  // many steps, so the writes restart the copy
    int steps = 0;
    options.progress = [&](long long copied, long long total) {
        ++steps;
        EXPECT_LE(copied, total);
    };
    const int before = written;
    const auto report = backup_file(db, out, options);
    const int after = written;
    stop = true;
    writer.join();
    EXPECT_GT(steps, 1);
    EXPECT_EQ(report.periods, 2);
    const auto accounts = count_in(out, "accounts");
    EXPECT_GE(accounts, before);
    EXPECT_LE(accounts, after + 1);  // the commit in flight when the copy ended
    EXPECT_EQ(periods_text(out), periods_text(db));
}

TEST(Restore, ABackupRestoresToTheSameCampaignThatGoesOn) {
    TempDir dir;
    make_played(dir.file("live.db"));
    backup_file(dir.file("live.db"), dir.file("backup.db"));
    const auto report = restore_database(dir.file("backup.db"), dir.file("restored.db"));
    EXPECT_EQ(report.restored.campaigns, 1);
    EXPECT_EQ(report.restored.periods, 2);
    EXPECT_TRUE(report.previous.empty());
    EXPECT_EQ(mode_of(dir.file("restored.db")), 0600u);
    EXPECT_EQ(periods_text(dir.file("restored.db")), periods_text(dir.file("live.db")));
    SqliteCampaignStore store(dir.file("restored.db"));
    auto campaign = Campaign::open(store, "demo");
    play_period(campaign);
    EXPECT_TRUE(verify_campaign(store, "demo").ok());
}

TEST(Restore, AnExistingDatabaseIsReplacedOnlyWhenToldAndThenKept) {
    TempDir dir;
    const std::string db = dir.file("live.db");
    make_played(db);
    backup_file(db, dir.file("backup.db"));
    {
        SqliteCampaignStore store(db);
        auto campaign = Campaign::open(store, "demo");
        play_period(campaign);
    }
    const std::string before = read_file(db);
    try {
        restore_database(dir.file("backup.db"), db);
        ADD_FAILURE() << "restored over an existing database";
    } catch (const StorageError& e) {
        EXPECT_EQ(e.kind(), ErrorKind::conflict);
    }
    EXPECT_EQ(read_file(db), before);

    RestoreOptions options;
    options.replace = true;
    const auto report = restore_database(dir.file("backup.db"), db, options);
    EXPECT_NE(report.previous.find(db + ".before-restore-"), std::string::npos);
    EXPECT_EQ(read_file(report.previous), before);
    EXPECT_EQ(count_in(report.previous, "periods"), 3);
    EXPECT_EQ(count_in(db, "periods"), 2);
    EXPECT_EQ(mode_of(db), 0600u);
}

TEST(Restore, ADamagedOrTamperedBackupIsRefusedAndNothingChanges) {
    TempDir dir;
    const std::string db = dir.file("live.db");
    make_played(db);
    backup_file(db, dir.file("backup.db"));
    const std::string good = read_file(dir.file("backup.db"));

    // Bytes flipped in the header of the campaigns table's page.
    std::string flipped = good;
    const auto page = static_cast<std::size_t>(Connection(dir.file("backup.db"), existing())
                                                   .query_int("PRAGMA page_size"));
    const auto root = static_cast<std::size_t>(
        Connection(dir.file("backup.db"), existing())
            .query_int("SELECT rootpage FROM sqlite_schema WHERE name = 'campaigns'"));
    for (std::size_t i = 3; i < 7; ++i) flipped[(root - 1) * page + i] ^= '\xA5';
    write_file(dir.file("flipped.db"), flipped);
    write_file(dir.file("cut.db"), good.substr(0, good.size() / 2));
    // Whole, but a period's draw count no longer what its replay draws.
    write_file(dir.file("tampered.db"), good);
    Connection(dir.file("tampered.db"), existing())
        .exec("UPDATE periods SET draws = draws + 1 WHERE period_index = 1");

    const std::string before = read_file(db);
    RestoreOptions options;
    options.replace = true;
    auto files = listing(dir);
    files.insert("live.db.lock");
    for (const char* backup : {"flipped.db", "cut.db", "tampered.db"}) {
        try {
            restore_database(dir.file(backup), db, options);
            ADD_FAILURE() << backup << " was restored";
        } catch (const StorageError& e) {
            EXPECT_EQ(e.kind(), ErrorKind::corrupt) << e.what();
            EXPECT_NE(std::string(e.what()).find("nothing was restored"), std::string::npos);
            if (std::string(backup) == "tampered.db") {
                EXPECT_NE(std::string(e.what()).find("demo: period 1 attempt 0"),
                          std::string::npos)
                    << e.what();
            }
        }
        EXPECT_EQ(read_file(db), before) << backup;
        EXPECT_EQ(listing(dir), files) << backup;
    }
}

TEST(Restore, ABackupAtAnOlderVersionIsRestoredAtThatVersion) {
    TempDir dir;
    {
        Connection old(dir.file("v5.db"));
        ASSERT_EQ(migrate(old, 5), 5);
    }
    const auto report = restore_database(dir.file("v5.db"), dir.file("restored.db"));
    EXPECT_EQ(report.restored.schema_version, 5);
    EXPECT_EQ(Connection(dir.file("restored.db"), existing()).query_int("PRAGMA user_version"),
              5);
}

TEST(Restore, NotWhileAnotherProcessHoldsTheDatabaseLock) {
    TempDir dir;
    const std::string db = dir.file("live.db");
    make_played(db);
    backup_file(db, dir.file("backup.db"));
    const DatabaseLock server(db, DatabaseLock::Mode::server);
    const std::string before = read_file(db);
    RestoreOptions options;
    options.replace = true;
    try {
        restore_database(dir.file("backup.db"), db, options);
        ADD_FAILURE() << "restored under a held lock";
    } catch (const StorageError& e) {
        EXPECT_EQ(e.kind(), ErrorKind::busy);
        EXPECT_NE(std::string(e.what()).find("is held by"), std::string::npos) << e.what();
    }
    EXPECT_EQ(read_file(db), before);
}

TEST(DatabaseLockMaintenance, OneHolderAtATime) {
    TempDir dir;
    const std::string db = dir.file("a.db");
    auto busy = [&] {
        try {
            DatabaseLock again(db, DatabaseLock::Mode::maintenance);
            return std::string();
        } catch (const StorageError& e) {
            EXPECT_EQ(e.kind(), ErrorKind::busy);
            return std::string(e.what());
        }
    };
    {
        DatabaseLock first(db, DatabaseLock::Mode::maintenance);
        EXPECT_EQ(mode_of(DatabaseLock::path_for(db)), 0600u);
        auto moved = std::move(first);
        EXPECT_NE(busy().find("is held by"), std::string::npos);
    }
    EXPECT_EQ(busy(), "");
    EXPECT_TRUE(fs::exists(db + ".lock"));  // never deleted
}

TEST(PrivateFiles, AFileIsWrittenWholeAndItsOwnersAloneWhateverTheUmask) {
    TempDir dir;
    const std::string path = dir.file("archive.json");
    write_file(path, "old");
    ::chmod(path.c_str(), 0644);
    const mode_t mask = ::umask(022);
    write_private_file(path, "new bytes");
    ::umask(mask);
    EXPECT_EQ(read_file(path), "new bytes");
    EXPECT_EQ(mode_of(path), 0600u);
    EXPECT_EQ(listing(dir), std::set<std::string>{"archive.json"});
}

}  // namespace
}  // namespace umpire::storage::testing
