// Schema v5: the battle companion's actions, appended in order per battle and period attempt,
// refused when out of turn or for a period that is not open, kept as history across a rollback;
// a version 4 database upgrades with its data. And the companion's dice seed derivation.
#include <gtest/gtest.h>

#include "storage/battle_action_store.hpp"
#include "storage/migrations.hpp"
#include "storage/seeds.hpp"
#include "storage/server_store.hpp"
#include "store_engines.hpp"
#include "test_support.hpp"

namespace umpire::storage::testing {
namespace {

BattleActionRecord action(const Campaign& c, int no, const std::string& json,
                          const std::string& by = "attacker") {
    return {c.id(), c.period_index(), c.seed_hash(), "1.day.1", no, json, by,
            "2025-01-01T00:00:0" + std::to_string(no % 10) + ".000Z"};
}

std::string rows_text(BattleActionStore& store) {
    std::string out;
    for (const auto& a : store.all("demo"))
        out += std::to_string(a.period_index) + a.seed_hash.substr(0, 8) + a.battle_id +
               std::to_string(a.no) + a.action + a.by + a.at + ";";
    return out;
}

class BattleActionsTest : public EngineTest {
protected:
    std::unique_ptr<SqlCampaignStore> store;
    std::unique_ptr<BattleActionStore> actions;
    std::unique_ptr<Campaign> campaign;
    void SetUp() override {
        EngineTest::SetUp();
        if (IsSkipped()) return;
        store = open_store("b");
        actions = std::make_unique<BattleActionStore>(store->database());
        campaign = std::make_unique<Campaign>(create_demo(*store, "demo"));
    }
};

TEST_P(BattleActionsTest, AppendsInOrderPerBattleAndAttempt) {
    actions->append(action(*campaign, 1, R"({"action":"start_bound"})"));
    actions->append(action(*campaign, 2, R"({"action":"end_bound"})", "defender"));
    auto other = action(*campaign, 1, R"({"action":"start_bound"})", "gm");
    other.battle_id = "1.day.2";
    actions->append(other);
    const auto got = actions->actions("demo", 0, campaign->seed_hash(), "1.day.1");
    ASSERT_EQ(got.size(), 2u);
    EXPECT_EQ(got[0].no, 1);
    EXPECT_EQ(got[0].action, R"({"action":"start_bound"})");
    EXPECT_EQ(got[1].by, "defender");
    EXPECT_EQ(actions->actions("demo", 0, campaign->seed_hash(), "1.day.2").size(), 1u);
    EXPECT_TRUE(actions->actions("demo", 0, "other-seed", "1.day.1").empty());
    EXPECT_EQ(actions->all("demo").size(), 3u);
}

TEST_P(BattleActionsTest, OutOfTurnOrBadRowsAreRefusedAndChangeNothing) {
    actions->append(action(*campaign, 1, R"({"action":"start_bound"})"));
    const std::string before = rows_text(*actions);
    auto kind_of = [&](const BattleActionRecord& a) {
        try {
            actions->append(a);
        } catch (const StorageError& e) {
            return e.kind();
        }
        ADD_FAILURE() << "appended " << a.no << " " << a.action;
        return ErrorKind::internal;
    };
    EXPECT_EQ(kind_of(action(*campaign, 1, R"({"action":"end_bound"})")), ErrorKind::conflict);
    EXPECT_EQ(kind_of(action(*campaign, 3, R"({"action":"end_bound"})")), ErrorKind::conflict);
    EXPECT_EQ(kind_of(action(*campaign, 2, R"({"action":"end_bound"})", "observer")),
              ErrorKind::invalid_input);
    EXPECT_EQ(kind_of(action(*campaign, 2, "{not json")), ErrorKind::invalid_input);
    auto closed = action(*campaign, 2, R"({"action":"end_bound"})");
    closed.period_index = 1;  // not the open period
    EXPECT_EQ(kind_of(closed), ErrorKind::conflict);
    EXPECT_EQ(rows_text(*actions), before);
}

TEST_P(BattleActionsTest, ARollbackKeepsTheOldAttemptsActionsAsHistoryOnly) {
    actions->append(action(*campaign, 1, R"({"action":"start_bound"})"));
    const std::string old_seed = campaign->seed_hash();
    play_period(*campaign);
    // The period's resolution closed it: its battles take no more actions.
    auto late = action(*campaign, 2, R"({"action":"end_bound"})");
    late.period_index = 0;
    late.seed_hash = old_seed;
    EXPECT_THROW(actions->append(late), StorageError);
    campaign->roll_back(0, "replay the first period");
    ASSERT_EQ(campaign->period_index(), 0);
    ASSERT_NE(campaign->seed_hash(), old_seed);
    // The reopened period's battle starts afresh; the old attempt's action stays stored.
    EXPECT_TRUE(actions->actions("demo", 0, campaign->seed_hash(), "1.day.1").empty());
    EXPECT_EQ(actions->actions("demo", 0, old_seed, "1.day.1").size(), 1u);
    EXPECT_THROW(actions->append(late), StorageError);
    actions->append(action(*campaign, 1, R"({"action":"start_bound"})"));
    EXPECT_EQ(actions->all("demo").size(), 2u);
}

UMPIRE_ON_EVERY_ENGINE(BattleActionsTest);

TEST(BattleActionsMigration, AVersion4DatabaseUpgradesWithItsData) {
    TempDir dir;
    const std::string path = dir.file("v4.db");
    const std::string latest = dir.file("latest.db");
    std::string seed_hash;
    {
        SqliteCampaignStore source(latest);
        seed_hash = create_demo(source).seed_hash();
        ServerStore(source.connection()).create_account("gm", "$argon2id$x", "t");
    }
    {
        Connection v4(path);
        ASSERT_EQ(migrate(v4, 4), 4);
        v4.exec("ATTACH DATABASE '" + latest + "' AS src");
        Transaction t(v4);
        // Accounts gained columns after version 4 (rights, v7): copy the ones v4 has.
        v4.exec("INSERT INTO main.accounts SELECT id, name, password_hash, created_at FROM src.accounts");
        v4.exec(kCopyCampaignsToOldSchema);
        v4.exec(  // versions before 9 hold no scheme
            "INSERT INTO main.open_periods SELECT campaign_id, period_index, day, kind, "
            "seed_hash, sealed_seed, opened_at FROM src.open_periods");
        t.commit();
        EXPECT_EQ(v4.query_int("SELECT count(*) FROM sqlite_schema WHERE name = 'battle_actions'"), 0);
    }
    SqliteCampaignStore store(path);
    EXPECT_EQ(store.schema_version(), latest_schema_version());
    EXPECT_EQ(store.connection().query_int(
                  "SELECT count(*) FROM sqlite_schema WHERE name = 'battle_actions'"),
              1);
    EXPECT_TRUE(ServerStore(store.connection()).account_by_name("gm"));
    auto campaign = Campaign::open(store, "demo");
    EXPECT_EQ(campaign.seed_hash(), seed_hash);
    BattleActionStore actions(store.connection());
    EXPECT_TRUE(actions.all("demo").empty());
    actions.append(action(campaign, 1, R"({"action":"start_bound"})"));
    EXPECT_EQ(actions.all("demo").size(), 1u);
}

TEST(CompanionDiceSeed, IsDerivedFromTheSealedSeedAndTheBattle) {
    const std::string secret(64, 'a');
    EXPECT_EQ(companion_dice_seed(secret, "1.day.1"),
              dice_seed(sha256_hex(secret + ":companion:1.day.1")));
    EXPECT_EQ(companion_dice_seed(secret, "1.day.1"), companion_dice_seed(secret, "1.day.1"));
    EXPECT_NE(companion_dice_seed(secret, "1.day.1"), companion_dice_seed(secret, "1.day.2"));
    EXPECT_NE(companion_dice_seed(secret, "1.day.1"),
              companion_dice_seed(std::string(64, 'b'), "1.day.1"));
    EXPECT_THROW(companion_dice_seed("not a seed", "1.day.1"), StorageError);
}

}  // namespace
}  // namespace umpire::storage::testing
