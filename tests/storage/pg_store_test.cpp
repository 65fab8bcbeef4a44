// What only PostgreSQL's store has to show (issue 33): several servers on one database, each
// campaign's commands taking turns on its row; and copy_database between the two engines. On
// the test cluster (store_engines.hpp); skipped, saying why, without one.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "storage/archive.hpp"
#include "storage/copy_database.hpp"
#include "pg_test_database.hpp"
#include "storage/postgres/campaign_changes.hpp"
#include "storage/postgres/pg_connection.hpp"
#include "storage/postgres/pg_store.hpp"
#include "storage/replay.hpp"
#include "store_engines.hpp"

namespace umpire::storage::testing {
namespace {

// On both engines: what several servers on one database must see.
class PgStore : public EngineTest {};
// On PostgreSQL only.
class OnPostgres : public EngineTest {};

TEST_P(PgStore, TwoServersResolvingOnePeriodCommitItOnce) {
    auto first_store = open_store();
    auto second_store = open_store();  // another server's connection to the same database
    auto first = create_demo(*first_store);
    auto second = Campaign::open(*second_store, "demo");
    std::atomic<int> committed{0}, refused{0};
    auto resolve = [&](Campaign& campaign) {
        try {
            campaign.resolve_period(true);
            ++committed;
        } catch (const StorageError& e) {
            EXPECT_EQ(e.kind(), ErrorKind::conflict) << e.what();
            ++refused;
        }
    };
    std::thread a([&] { resolve(first); });
    std::thread b([&] { resolve(second); });
    a.join();
    b.join();
    EXPECT_EQ(committed, 1);
    EXPECT_EQ(refused, 1);
    EXPECT_EQ(first_store->periods("demo").size(), 1u);
    EXPECT_TRUE(verify_campaign(*first_store, "demo").ok());
}

TEST_P(OnPostgres, ACampaignsWritesWaitForTheCommandHoldingItsRow) {
    auto holder = open_store();
    auto writer = open_store();
    auto campaign = create_demo(*holder);
    const auto orders = demo_orders(campaign, "anna");
    // A command of another server holds the campaign's row (as every store write does first).
    Transaction command(holder->database());
    holder->database()
        .prepare("SELECT 1 FROM campaigns WHERE id = ? FOR UPDATE")
        .bind(1, "demo")
        .step();
    std::atomic<bool> done{false};
    std::thread put([&] {
        auto other = Campaign::open(*writer, "demo");
        other.submit_orders("anna", orders);
        done = true;
    });
    // Given ample time, it still waits: the row is held.
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    EXPECT_FALSE(done) << "a write went past a campaign row another command holds";
    command.commit();
    put.join();
    EXPECT_TRUE(done);
    EXPECT_EQ(holder->orders("demo", 0).size(), 1u);
}

TEST_P(OnPostgres, ACopyCarriesEveryTableAndIdsGoOnAfterTheHighestCopied) {
    SqliteCampaignStore source(dir.file("source.db"));
    auto campaign = create_demo(source);
    play_period(campaign);
    source.connection().exec(
        "INSERT INTO accounts (id, name, created_at) VALUES (41, 'ann', 't0');"
        "INSERT INTO memberships (account_id, campaign_id, role, player_id) "
        "VALUES (41, 'demo', 'player', 'anna')");
    auto target = open_store();
    // The two schemas have the same tables, and the copy knows each.
    EXPECT_EQ(source.database().table_names(), target->database().table_names());
    const auto copied = copy_database(source.database(), target->database());
    EXPECT_EQ(copied.size(), source.database().table_names().size());
    EXPECT_EQ(archive_text(target->read_archive("demo")),
              archive_text(source.read_archive("demo")));
    EXPECT_EQ(target->create_account("bo", std::nullopt, "t1"), 42);
}

TEST_P(OnPostgres, ACopyOfATableItDoesNotKnowOrIntoAFullDatabaseChangesNothing) {
    SqliteCampaignStore source(dir.file("source.db"));
    create_demo(source);
    auto target = open_store();
    source.connection().exec("CREATE TABLE later_feature (x TEXT)");
    try {
        copy_database(source.database(), target->database());
        FAIL() << "a table the copy does not know was left behind";
    } catch (const StorageError& e) {
        EXPECT_NE(std::string(e.what()).find("later_feature"), std::string::npos) << e.what();
    }
    EXPECT_TRUE(target->campaign_ids().empty());
    source.connection().exec("DROP TABLE later_feature");
    copy_database(source.database(), target->database());
    const auto before = archive_text(target->read_archive("demo"));
    EXPECT_THROW(copy_database(source.database(), target->database()), StorageError);
    EXPECT_EQ(archive_text(target->read_archive("demo")), before);
}

// The server's connection cut (PostgreSQL restarted, a network cut, an operator's
// pg_terminate_backend). Cut before the COMMIT reaches the server, the command commits nothing,
// but the client cannot tell that from a COMMIT lost on its way back: the outcome is unknown
// and the store takes no more writes (issue 53: a restart learns what happened). Cut between
// commands, the next read fails and the one after it connects again.
TEST_P(OnPostgres, ALostConnectionFailsTheCommandUnderWayAndTheNextOneConnectsAgain) {
    auto cut = [](SqlCampaignStore& store) {
        const auto pid = store.database().query_int("SELECT pg_backend_pid()");
        pg::Connection admin(umpire::testing::pg_url_with("postgres", "postgres"));
        admin.exec("SELECT pg_terminate_backend(" + std::to_string(pid) + ")");
    };
    {
        auto store = open_store();
        auto campaign = create_demo(*store);
        Transaction command(store->database());
        store->put_orders({"demo", 0, "anna", "[]", "submitted", "r1", "t1"});
        cut(*store);
        try {
            command.commit();
            FAIL() << "a command whose connection was cut committed";
        } catch (const StorageError& e) {
            EXPECT_EQ(e.kind(), ErrorKind::outcome_unknown) << e.what();
        }
    }
    // After the restart: the cut command is not there, and commands go on.
    auto store = open_store();
    EXPECT_TRUE(store->orders("demo", 0).empty());
    auto campaign = Campaign::open(*store, "demo", counting_clock());
    campaign.submit_orders("anna", demo_orders(campaign, "anna"));
    const auto stored = store->orders("demo", 0);
    ASSERT_EQ(stored.size(), 1u);
    EXPECT_NE(stored[0].receipt, "r1");
    cut(*store);
    EXPECT_THROW(store->receipts("demo"), StorageError);
    EXPECT_EQ(store->receipts("demo").size(), 1u);
}

// Other servers hear of every committed write to a campaign, once per command, from whom; of a
// refused one, nothing (storage/postgres/campaign_changes.hpp).
TEST_P(OnPostgres, EveryCommittedWriteOfACampaignIsAnnouncedOnceAndARefusedOneNot) {
    auto mine = open_store();
    auto other = open_store();
    pg::CampaignChanges changes(postgres_url());
    auto campaign = create_demo(*mine);
    const int my_backend = static_cast<PgCampaignStore&>(*mine).pg_database().backend_pid();
    const int other_backend = static_cast<PgCampaignStore&>(*other).pg_database().backend_pid();
    auto heard = [&](int timeout_ms = 2000) { return changes.next(timeout_ms); };
    auto created = heard();
    ASSERT_TRUE(created);
    EXPECT_EQ(created->campaign, "demo");
    EXPECT_EQ(created->by_backend, my_backend);

    // One command of two writes: one announcement.
    {
        Transaction command(mine->database());
        campaign.submit_orders("anna", demo_orders(campaign, "anna"));
        campaign.confirm_orders("anna");
        command.commit();
    }
    auto orders = heard();
    ASSERT_TRUE(orders);
    EXPECT_EQ(orders->campaign, "demo");
    EXPECT_FALSE(heard(300)) << "one command was announced twice";

    // Refused (the orders are confirmed): nothing is announced.
    EXPECT_THROW(Campaign::open(*other, "demo").submit_orders("anna", {}), StorageError);
    EXPECT_FALSE(heard(300)) << "a refused write was announced";

    // Another server's commit names its connection.
    auto elsewhere = Campaign::open(*other, "demo");
    elsewhere.resolve_period(true);
    auto resolved = heard();
    ASSERT_TRUE(resolved);
    EXPECT_EQ(resolved->by_backend, other_backend);
    EXPECT_FALSE(changes.missed_changes());
}

// The listener's connection cut: it connects and listens again, says changes may have gone
// unheard meanwhile, and hears the next ones.
TEST_P(OnPostgres, AListenerCutOffListensAgainAndSaysItMayHaveMissedChanges) {
    auto store = open_store();
    pg::CampaignChanges changes(postgres_url());
    auto campaign = create_demo(*store);
    ASSERT_TRUE(changes.next(2000));
    {
        pg::Connection admin(umpire::testing::pg_url_with("postgres", "postgres"));
        admin.exec("SELECT pg_terminate_backend(" + std::to_string(changes.backend_pid()) + ")");
    }
    bool missed = false;
    for (int i = 0; i < 20 && !missed; ++i) {
        changes.next(100);
        missed = changes.missed_changes();
    }
    EXPECT_TRUE(missed) << "a cut listener did not say it may have missed changes";
    campaign.submit_orders("anna", demo_orders(campaign, "anna"));
    const auto heard = changes.next(2000);
    ASSERT_TRUE(heard) << "the listener does not hear after it connected again";
    EXPECT_EQ(heard->campaign, "demo");
}

UMPIRE_ON_EVERY_ENGINE(PgStore);
UMPIRE_ON_POSTGRESQL(OnPostgres);

}  // namespace
}  // namespace umpire::storage::testing
