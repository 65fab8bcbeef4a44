// What only PostgreSQL's store has to show (issue 33): several servers on one database, each
// campaign's commands taking turns on its row; and copy_database between the two engines. On
// the test cluster (store_engines.hpp); skipped, saying why, without one.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "storage/archive.hpp"
#include "storage/copy_database.hpp"
#include "storage/postgres/pg_store.hpp"
#include "storage/replay.hpp"
#include "store_engines.hpp"

namespace umpire::storage::testing {
namespace {

class PgStore : public EngineTest {};

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

TEST_P(PgStore, ACampaignsWritesWaitForTheCommandHoldingItsRow) {
    if (engine() != Engine::postgresql) GTEST_SKIP() << "SQLite locks the whole file instead";
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

TEST_P(PgStore, ACopyCarriesEveryTableAndIdsGoOnAfterTheHighestCopied) {
    if (engine() != Engine::postgresql) GTEST_SKIP() << "a copy from SQLite into PostgreSQL";
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

TEST_P(PgStore, ACopyOfATableItDoesNotKnowOrIntoAFullDatabaseChangesNothing) {
    if (engine() != Engine::postgresql) GTEST_SKIP() << "a copy from SQLite into PostgreSQL";
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

UMPIRE_ON_EVERY_ENGINE(PgStore);

}  // namespace
}  // namespace umpire::storage::testing
