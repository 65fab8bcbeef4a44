// Creating campaigns is a right: a player cannot clone the campaign he plays in from its
// scenario (every side's order of battle) nor even see the scenarios' names.
#include <optional>

#include "server_fixture.hpp"

namespace umpire::testing {
namespace {

class Rights : public ::testing::Test {
protected:
    TempDir dir;
    server::ServerConfig config = test_config(dir);
    // Optional: a restart closes it first (one server per database).
    std::optional<RunningServer> server{std::in_place, config, kDemoAccounts, demo_campaign};
};

TEST_F(Rights, TheFirstAccountAdministersAndOthersHaveNoRights) {
    TestClient gm(server->port());
    gm.hello_login("gm", "pw-gm");
    auto lobby = gm.request({{"type", "list_campaigns"}});
    EXPECT_FALSE(lobby["scenarios"].empty()) << "the administrator is offered the scenarios";
    TestClient anna(server->port());
    anna.hello_login("anna", "pw-anna");
    auto players_lobby = anna.request({{"type", "list_campaigns"}});
    EXPECT_EQ(players_lobby["scenarios"], Json::array()) << players_lobby.dump();
    EXPECT_EQ(players_lobby["campaigns"].size(), 1u);
}

TEST_F(Rights, APlayerCannotCreateACampaignAndNothingIsMade) {
    TestClient anna(server->port());
    anna.hello_login("anna", "pw-anna");
    auto refused = anna.request({{"type", "create_campaign"}, {"scenario", "valormr-demo"},
                                 {"campaign", "clone"}});
    EXPECT_EQ(refused["type"], "error");
    EXPECT_EQ(refused["code"], "forbidden") << refused.dump();
    auto join = anna.request({{"type", "join"}, {"campaign", "clone"}});
    EXPECT_EQ(join["code"], "unknown_campaign");
    auto lobby = anna.request({{"type", "list_campaigns"}});
    EXPECT_EQ(lobby["campaigns"].size(), 1u);
}

TEST_F(Rights, AGrantedAccountMayCreateAndTheGrantCanBeTakenBack) {
    TestClient olaf(server->port());
    olaf.hello_login("olaf", "pw-olaf");
    server.reset();
    {
        server::Stores stores(config.database);
        const auto id = stores.server->account_by_name("olaf")->id;
        stores.server->set_rights(id, false, true);
        EXPECT_TRUE(stores.server->account_by_name("olaf")->may_create_campaigns);
        EXPECT_FALSE(stores.server->account_by_name("olaf")->admin);
    }
    {
        RunningServer again(config);
        TestClient olaf2(again.port());
        olaf2.hello_login("olaf", "pw-olaf");
        auto created = olaf2.request({{"type", "create_campaign"}, {"scenario", "valormr-demo"},
                                      {"campaign", "olafs"}});
        EXPECT_EQ(created["type"], "campaign_created") << created.dump();
    }
    {
        server::Stores stores(config.database);
        stores.server->set_rights(stores.server->account_by_name("olaf")->id, false, false);
    }
    RunningServer third(config);
    TestClient olaf3(third.port());
    olaf3.hello_login("olaf", "pw-olaf");
    auto refused = olaf3.request({{"type", "create_campaign"}, {"scenario", "valormr-demo"},
                                  {"campaign", "olafs2"}});
    EXPECT_EQ(refused["code"], "forbidden") << refused.dump();
}

TEST(RightsStore, OnlyTheFirstAccountOfAServerIsItsAdministrator) {
    TempDir dir;
    server::Stores stores((dir.path / "s.db").string());
    const auto first = stores.server->create_account("first", "x", "2026-01-01T00:00:00.000Z");
    const auto second = stores.server->create_account("second", "x", "2026-01-01T00:00:00.000Z");
    EXPECT_TRUE(stores.server->account_by_id(first)->admin);
    EXPECT_TRUE(stores.server->account_by_id(first)->may_create_campaigns);
    EXPECT_FALSE(stores.server->account_by_id(second)->admin);
    EXPECT_FALSE(stores.server->account_by_id(second)->may_create_campaigns);
    // An administrator always may create campaigns.
    stores.server->set_rights(second, true, false);
    EXPECT_TRUE(stores.server->account_by_id(second)->may_create_campaigns);
    EXPECT_THROW(stores.server->set_rights(999, true, true), storage::StorageError);
}

}  // namespace
}  // namespace umpire::testing
