// Schema migrations from an empty file and from each earlier version; files that are not ours
// or not databases at all give a clear error and are left untouched.
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <sys/stat.h>

#include <random>

#include "storage/migrations.hpp"
#include "storage/replay.hpp"
#include "storage/store_rows.hpp"
#include "storage/upgrade.hpp"
#include "test_support.hpp"

namespace umpire::storage::testing {
namespace {

StorageError open_error(const std::string& path) {
    try {
        SqliteCampaignStore store(path);
        auto campaign = Campaign::open(store, "demo");
        verify_campaign(store, "demo");
    } catch (const StorageError& e) {
        return e;
    }
    ADD_FAILURE() << path << " opened without an error";
    return StorageError(ErrorKind::internal, "none");
}

TEST(Migrations, AnEmptyFileGetsTheLatestSchema) {
    TempDir dir;
    SqliteCampaignStore store(dir.file("new.db"));
    EXPECT_EQ(store.schema_version(), latest_schema_version());
    EXPECT_EQ(store.connection().query_int("PRAGMA application_id"), kApplicationId);
    EXPECT_EQ(store.connection().query_text("PRAGMA journal_mode"), "wal");
    EXPECT_EQ(store.connection().query_int("PRAGMA synchronous"), 2);  // FULL
    EXPECT_EQ(store.connection().query_int(
                  "SELECT count(*) FROM sqlite_schema WHERE name = 'receipts'"),
              1);
}

// The open periods of an attached database "src" of the latest version, as versions before 9
// held them (no scheme).
const char* const kCopyOpenPeriods =
    "INSERT INTO main.open_periods SELECT campaign_id, period_index, day, kind, seed_hash, "
    "sealed_seed, opened_at FROM src.open_periods";

// The fixtures' periods were resolved by this build (dice streams, schema v9's scheme 2) and
// copied into an older schema, which the migration marks scheme 1 as it does every period
// resolved before it: they are marked for what they are, so that they replay.
void mark_periods_resolved_by_this_build(SqliteCampaignStore& store) {
    store.connection().exec("UPDATE periods SET scheme = 2");
}

// A database as version 1 wrote it, with a campaign and orders in it.
void make_version_1_fixture(const std::string& path, std::string& receipt) {
    TempDir scratch;
    SqliteCampaignStore source(scratch.file("latest.db"));
    auto campaign = create_demo(source);
    receipt = campaign.submit_orders("anna", demo_orders(campaign, "anna")).hash;

    Connection v1(path);
    ASSERT_EQ(migrate(v1, 1), 1);
    Transaction t(v1);
    rows::insert_campaign(v1, *source.find_campaign("demo"));
    const auto open = *source.open_period("demo");
    v1.prepare(
          "INSERT INTO open_periods (campaign_id, period_index, day, kind, seed_hash, "
          "sealed_seed, opened_at) VALUES (?, ?, ?, ?, ?, ?, ?)")
        .bind_all(open.campaign_id, open.index, open.day, open.kind, open.seed_hash,
                  open.sealed_seed, open.opened_at)
        .run();
    for (const auto& o : source.orders("demo", 0)) rows::insert_order(v1, o);
    t.commit();
}

TEST(Migrations, Version1IsUpgradedWithItsDataAndReceiptsBackfilled) {
    TempDir dir;
    const std::string path = dir.file("v1.db");
    std::string receipt;
    make_version_1_fixture(path, receipt);
    {
        Connection raw(path);
        EXPECT_EQ(raw.query_int("PRAGMA user_version"), 1);
        EXPECT_EQ(raw.query_int("SELECT count(*) FROM sqlite_schema WHERE name = 'receipts'"), 0);
    }
    SqliteCampaignStore store(path);
    EXPECT_EQ(store.schema_version(), latest_schema_version());
    const auto receipts = store.receipts("demo");
    ASSERT_EQ(receipts.size(), 1u);
    EXPECT_EQ(receipts[0].receipt, receipt);
    auto campaign = Campaign::open(store, "demo");
    play_period(campaign);
    EXPECT_TRUE(verify_campaign(store, "demo").ok());
}

// The events of every period of `campaign` in the store at `source`, as rows of the events
// table that schema versions 1 to 5 have.
void insert_event_rows(Connection& db, const std::string& source, const std::string& campaign) {
    SqliteCampaignStore store(source);
    auto insert = db.prepare(
        "INSERT INTO events (campaign_id, period_index, attempt, seq, type, audience, body) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)");
    for (const auto& summary : store.periods(campaign))
        for (const auto& e : store.load_period(campaign, {summary.index, summary.attempt}).events) {
            insert.bind_all(campaign, summary.index, summary.attempt, e.seq, e.type, e.audience,
                            e.body);
            insert.run();
            insert.reset();
        }
}

// A database as version 2 wrote it: a resolved period (every decision settled, none stored)
// and an opaque decision note of the old kind.
void make_version_2_fixture(const std::string& path) {
    TempDir scratch;
    const std::string latest = scratch.file("latest.db");
    {
        SqliteCampaignStore source(latest);
        auto campaign = create_demo(source);
        play_period(campaign);
    }
    Connection v2(path);
    ASSERT_EQ(migrate(v2, 2), 2);
    v2.exec("ATTACH DATABASE '" + latest + "' AS src");
    Transaction t(v2);
    v2.exec(kCopyCampaignsToOldSchema);
    for (const char* table : {"orders", "receipts"})
        v2.exec(std::string("INSERT INTO main.") + table + " SELECT * FROM src." + table);
    v2.exec(kCopyOpenPeriods);
    insert_event_rows(v2, latest, "demo");
    v2.exec(
        "INSERT INTO main.periods SELECT campaign_id, period_index, attempt, day, kind, "
        "state_before, state_after, orders, event_count, seed_hash, seed, draws, opened_at, "
        "committed_at, rolled_back_by FROM src.periods");
    v2.exec(
        "INSERT INTO decisions (campaign_id, decision_no, period_index, player_id, request, "
        "answer, state, requested_at, answered_at) VALUES ('demo', 1, 1, 'anna', "
        "'{\"kind\":\"pursuit\"}', '{\"go\":true}', 'answered', 't0', 't1')");
    t.commit();
}

TEST(Migrations, Version2KeepsItsPeriodsReplayableAndItsDecisionNotes) {
    TempDir dir;
    const std::string path = dir.file("v2.db");
    make_version_2_fixture(path);
    SqliteCampaignStore store(path);
    EXPECT_EQ(store.schema_version(), latest_schema_version());
    mark_periods_resolved_by_this_build(store);
    const auto period = store.load_period("demo", {0, 0});
    EXPECT_EQ(period.answers, "{}");  // resolved with every decision settled
    EXPECT_TRUE(period.settled);
    const auto decisions = store.decisions("demo");
    ASSERT_EQ(decisions.size(), 1u);
    EXPECT_TRUE(decisions[0].decision_id.empty());
    EXPECT_EQ(decisions[0].answer, std::optional<std::string>(R"({"go":true})"));
    auto report = verify_campaign(store, "demo");
    EXPECT_TRUE(report.ok()) << report.mismatches.front();
    // The note is not the engine's: the open period asks its own questions.
    auto campaign = Campaign::open(store, "demo");
    const auto waiting = start_period(campaign);
    ASSERT_FALSE(waiting.complete);
    EXPECT_EQ(waiting.pending.front().no, 2);
    campaign.resolve_period(true);
    report = verify_campaign(store, "demo");
    EXPECT_TRUE(report.ok()) << report.mismatches.front();
}

// A database as version 5 wrote it: five periods (four, a rollback to 2, one resolved again),
// each with its event rows and both snapshots in full. `latest` keeps the same campaign as this
// build stores it.
void make_version_5_fixture(const std::string& path, const std::string& latest) {
    {
        SqliteCampaignStore source(latest);
        auto campaign = create_demo(source);
        for (int i = 0; i < 4; ++i) play_period(campaign);
        campaign.roll_back(2, "a test rollback");
        play_period(campaign);
    }
    Connection v5(path);
    ASSERT_EQ(migrate(v5, 5), 5);
    v5.exec("ATTACH DATABASE '" + latest + "' AS src");
    Transaction t(v5);
    v5.exec(kCopyCampaignsToOldSchema);
    for (const char* table : {"gm_actions", "orders", "receipts"})
        v5.exec(std::string("INSERT INTO main.") + table + " SELECT * FROM src." + table);
    // The decisions' columns as version 5 has them (version 11 added lapsed_at).
    v5.exec(
        "INSERT INTO main.decisions SELECT campaign_id, decision_no, period_index, decision_id, "
        "player_id, force_id, kind, request, answer, state, requested_at, answered_at, "
        "rolled_back_by FROM src.decisions");
    v5.exec(kCopyOpenPeriods);
    SqliteCampaignStore source(latest);
    auto insert = v5.prepare(
        "INSERT INTO periods (campaign_id, period_index, attempt, day, kind, state_before, "
        "state_after, orders, event_count, seed_hash, seed, draws, opened_at, committed_at, "
        "rolled_back_by, answers, settled) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    for (const auto& summary : source.periods("demo")) {
        const auto p = source.load_period("demo", {summary.index, summary.attempt});
        insert.bind_all(p.campaign_id, p.index, p.attempt, p.day, p.kind, p.state_before,
                        p.state_after, p.orders, static_cast<int>(p.events.size()), p.seed_hash,
                        p.seed, p.draws, p.opened_at, p.committed_at, p.rolled_back_by, p.answers,
                        p.settled ? 1 : 0);
        insert.run();
        insert.reset();
    }
    t.commit();
    v5.exec("DETACH DATABASE src");
    insert_event_rows(v5, latest, "demo");
}

TEST(Migrations, Version5MovesEventRowsIntoEventLogsAndKeepsEachStateOnce) {
    TempDir dir;
    const std::string path = dir.file("v5.db");
    const std::string latest = dir.file("latest.db");
    make_version_5_fixture(path, latest);
    {
        Connection raw(path);
        EXPECT_EQ(raw.query_int("PRAGMA user_version"), 5);
        EXPECT_GT(raw.query_int("SELECT count(*) FROM events"), 100);
    }
    SqliteCampaignStore store(path);
    SqliteCampaignStore expected(latest);
    EXPECT_EQ(store.schema_version(), latest_schema_version());
    mark_periods_resolved_by_this_build(store);
    EXPECT_EQ(store.connection().query_int(
                  "SELECT count(*) FROM sqlite_schema WHERE name IN ('events', 'events_by_type')"),
              0);
    const auto summaries = expected.periods("demo");
    ASSERT_EQ(summaries.size(), 5u);  // 0 to 3, then 2 once more
    for (const auto& summary : summaries) {
        const PeriodKey key{summary.index, summary.attempt};
        const auto got = store.load_period("demo", key);
        const auto want = expected.load_period("demo", key);
        EXPECT_EQ(got.state_before, want.state_before) << summary.index;
        EXPECT_EQ(got.state_after, want.state_after) << summary.index;
        ASSERT_EQ(got.events.size(), want.events.size()) << summary.index;
        for (std::size_t i = 0; i < got.events.size(); ++i) {
            EXPECT_EQ(got.events[i].seq, want.events[i].seq);
            EXPECT_EQ(got.events[i].type, want.events[i].type);
            EXPECT_EQ(got.events[i].audience, want.events[i].audience);
            EXPECT_EQ(got.events[i].body, want.events[i].body);
        }
    }
    // Every period after the first began where an attempt of the one before ended.
    EXPECT_EQ(store.connection().query_int(
                  "SELECT count(*) FROM periods WHERE state_before = '' AND before_attempt IS "
                  "NOT NULL"),
              static_cast<long long>(summaries.size()) - 1);
    const auto report = verify_campaign(store, "demo");
    EXPECT_TRUE(report.ok()) << report.mismatches.front();
    auto campaign = Campaign::open(store, "demo");
    play_period(campaign);
    EXPECT_TRUE(verify_campaign(store, "demo").ok());
}

TEST(Migrations, Version6WebhooksGetASecretAndADeliveryLog) {
    TempDir dir;
    const std::string path = dir.file("v6.db");
    {
        Connection v6(path);
        ASSERT_EQ(migrate(v6, 6), 6);
        v6.exec("PRAGMA foreign_keys = OFF");
        v6.exec("INSERT INTO webhooks (account_id, campaign_id, url) "
                "VALUES (1, 'demo', 'http://example.com/hook')");
    }
    Connection db(path);
    EXPECT_EQ(migrate(db, -1), latest_schema_version());
    auto s = db.prepare("SELECT url, secret FROM webhooks");
    ASSERT_TRUE(s.step());
    EXPECT_EQ(s.text(0), "http://example.com/hook");
    const std::string secret = s.text(1);
    EXPECT_EQ(secret.size(), 64u);
    EXPECT_EQ(secret.find_first_not_of("0123456789abcdef"), std::string::npos) << secret;
    EXPECT_EQ(db.query_int("SELECT count(*) FROM webhook_deliveries"), 0);
}

TEST(Migrations, Version7MakesTheFirstAccountTheAdministratorAndKeepsGmsCreating) {
    TempDir dir;
    const std::string path = dir.file("v6-accounts.db");
    {
        Connection v6(path);
        ASSERT_EQ(migrate(v6, 6), 6);
        v6.exec("PRAGMA foreign_keys = OFF");
        v6.exec("INSERT INTO accounts (id, name, created_at) VALUES (3, 'first', 'x'), "
                "(5, 'gm', 'x'), (9, 'player', 'x')");
        v6.exec("INSERT INTO memberships (account_id, campaign_id, role, player_id) VALUES "
                "(5, 'demo', 'gm', NULL), (9, 'demo', 'player', 'anna')");
    }
    Connection db(path);
    EXPECT_EQ(migrate(db, -1), latest_schema_version());
    auto rights = [&](const char* name) {
        auto s = db.prepare("SELECT is_admin, may_create_campaigns FROM accounts WHERE name = ?");
        s.bind(1, std::string(name));
        EXPECT_TRUE(s.step());
        return std::pair{s.integer(0), s.integer(1)};
    };
    EXPECT_EQ(rights("first"), (std::pair<std::int64_t, std::int64_t>{1, 1}));
    EXPECT_EQ(rights("gm"), (std::pair<std::int64_t, std::int64_t>{0, 1}));
    EXPECT_EQ(rights("player"), (std::pair<std::int64_t, std::int64_t>{0, 0}));
}

TEST(Migrations, AnOlderDatabaseIsBackedUpBeforeItIsMigrated) {
    TempDir dir;
    const std::string path = dir.file("v2.db");
    make_version_2_fixture(path);
    long long events = 0;
    {
        Connection raw(path);
        events = raw.query_int("SELECT count(*) FROM events");
    }
    std::vector<std::string> notices;
    ConnectionOptions options;
    options.notice = [&](const std::string& text) { notices.push_back(text); };
    std::string backup;
    {
        SqliteCampaignStore store(path, options);
        EXPECT_EQ(store.upgrade_result().from, 2);
        EXPECT_EQ(store.upgrade_result().to, latest_schema_version());
        backup = store.upgrade_result().backup;
    }
    const std::string prefix = path + ".pre-v" + std::to_string(latest_schema_version()) + "-";
    ASSERT_EQ(backup.rfind(prefix, 0), 0u) << backup;
    EXPECT_EQ(backup.size(), prefix.size() + std::string("20261203T064426Z.bak").size());
    ASSERT_EQ(notices.size(), 2u);
    EXPECT_NE(notices[0].find("backed up to " + backup), std::string::npos) << notices[0];
    EXPECT_NE(notices[1].find("migrated from schema version 2 to"), std::string::npos);
    struct stat st {};
    ASSERT_EQ(::stat(backup.c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 0777, 0600u);
    {
        // The backup is the database as it was: version 2, its events still rows.
        ConnectionOptions existing;
        existing.create = false;
        Connection old(backup, existing);
        EXPECT_EQ(check_database(old), 2);
        EXPECT_GT(events, 10);
        EXPECT_EQ(old.query_int("SELECT count(*) FROM events"), events);
        EXPECT_EQ(old.query_text("PRAGMA integrity_check"), "ok");
    }
    // Once current, opening it takes no further backup.
    SqliteCampaignStore again(path, options);
    EXPECT_TRUE(again.upgrade_result().backup.empty());
    EXPECT_EQ(notices.size(), 2u);
}

TEST(Migrations, ADryRunTriesEveryStepOnACopyAndChangesNothing) {
    TempDir dir;
    const std::string path = dir.file("v1.db");
    std::string receipt;
    make_version_1_fixture(path, receipt);
    const std::string before = read_file(path);
    const auto plan = dry_run_upgrade(path);
    EXPECT_EQ(plan.from, 1);
    EXPECT_EQ(plan.to, latest_schema_version());
    ASSERT_EQ(plan.steps.size(), static_cast<std::size_t>(latest_schema_version() - 1));
    EXPECT_EQ(plan.steps.front().version, 2);
    EXPECT_EQ(plan.after.schema_version, latest_schema_version());
    EXPECT_EQ(plan.after.campaigns, 1);
    EXPECT_TRUE(plan.mismatches.empty()) << plan.mismatches.front();
    EXPECT_EQ(read_file(path), before);
    std::vector<std::string> files;
    for (const auto& entry : fs::directory_iterator(dir.path()))
        files.push_back(entry.path().filename().string());
    EXPECT_EQ(files, std::vector<std::string>{"v1.db"});

    { SqliteCampaignStore store(path); }
    EXPECT_TRUE(dry_run_upgrade(path).steps.empty());  // up to date: nothing to try
}

TEST(Migrations, AFailingStepLeavesTheDatabaseAtTheVersionBefore) {
    TempDir dir;
    const std::string path = dir.file("c.db");
    { SqliteCampaignStore store(path); }
    auto steps = migrations();
    const int broken = latest_schema_version() + 1;
    steps.push_back(
        {broken, "broken", "CREATE TABLE half_done (x); INSERT INTO no_such_table VALUES (1);",
         nullptr});
    Connection db(path);
    try {
        migrate(db, -1, steps);
        FAIL() << "a broken migration succeeded";
    } catch (const StorageError& e) {
        EXPECT_NE(std::string(e.what()).find("migration to schema version " +
                                             std::to_string(broken)),
                  std::string::npos);
    }
    EXPECT_EQ(db.query_int("PRAGMA user_version"), latest_schema_version());
    EXPECT_EQ(db.query_int("SELECT count(*) FROM sqlite_schema WHERE name = 'half_done'"), 0);
}

TEST(Migrations, ANewerSchemaIsRefused) {
    TempDir dir;
    const std::string path = dir.file("c.db");
    {
        SqliteCampaignStore store(path);
        store.connection().exec("PRAGMA user_version = 99");
    }
    const auto e = open_error(path);
    EXPECT_EQ(e.kind(), ErrorKind::too_new);
    EXPECT_NE(std::string(e.what()).find("schema version 99 is newer"), std::string::npos);
}

TEST(BadFiles, AForeignDatabaseIsRefusedAndLeftUntouched) {
    TempDir dir;
    const std::string path = dir.file("other.db");
    {
        Connection other(path);
        other.exec("CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT)");
        other.exec("INSERT INTO users (email) VALUES ('a@example.org')");
    }
    const std::string before = read_file(path);
    const auto e = open_error(path);
    EXPECT_EQ(e.kind(), ErrorKind::not_umpire);
    EXPECT_NE(std::string(e.what()).find("not an Umpire database"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("users"), std::string::npos);
    EXPECT_EQ(read_file(path), before);
    EXPECT_FALSE(fs::exists(path + "-wal"));
}

TEST(BadFiles, RandomBytesAreNotADatabase) {
    TempDir dir;
    const std::string path = dir.file("noise.db");
    std::mt19937 random(5);
    std::string noise(8192, '\0');
    for (auto& c : noise) c = static_cast<char>(random());
    write_file(path, noise);
    const auto e = open_error(path);
    EXPECT_EQ(e.kind(), ErrorKind::corrupt);
    EXPECT_NE(std::string(e.what()).find("not a readable SQLite database"), std::string::npos);
    EXPECT_EQ(read_file(path), noise);
}

TEST(BadFiles, ADamagedHeaderIsCorrupt) {
    TempDir dir;
    const std::string path = dir.file("c.db");
    {
        SqliteCampaignStore store(path);
        create_demo(store);
    }
    std::string bytes = read_file(path);
    bytes.replace(0, 16, "Not SQLite here!");
    write_file(path, bytes);
    EXPECT_EQ(open_error(path).kind(), ErrorKind::corrupt);
}

TEST(BadFiles, ATruncatedDatabaseGivesAClearError) {
    TempDir dir;
    const std::string path = dir.file("c.db");
    {
        SqliteCampaignStore store(path);
        auto campaign = create_demo(store);
        for (int i = 0; i < 4; ++i) play_period(campaign);
    }  // closing checkpoints the WAL into the main file
    ASSERT_FALSE(fs::exists(path + "-wal"));
    const auto size = fs::file_size(path);
    for (const auto keep : {size / 2, size / 4, std::uintmax_t{4096}}) {
        const std::string cut = dir.file("cut-" + std::to_string(keep) + ".db");
        write_file(cut, read_file(path).substr(0, keep));
        const auto e = open_error(cut);
        EXPECT_EQ(e.kind(), ErrorKind::corrupt) << keep << ": " << e.what();
    }
}

TEST(BadFiles, AMissingFileIsNotCreatedWhenCreationIsOff) {
    TempDir dir;
    ConnectionOptions options;
    options.create = false;
    try {
        SqliteCampaignStore store(dir.file("typo.db"), options);
        FAIL() << "opened a missing file";
    } catch (const StorageError& e) {
        EXPECT_EQ(e.kind(), ErrorKind::cannot_open);
    }
    EXPECT_FALSE(fs::exists(dir.file("typo.db")));
}

}  // namespace
}  // namespace umpire::storage::testing
