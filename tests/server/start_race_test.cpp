// A server starting while another deletes a campaign (issue 53, item 10). The start lists the
// campaigns, reads each and starts its room (its deadline row written when it has none); a
// campaign deleted between the read and the start made that write fail on the campaign's
// foreign key, and the whole server exited 1 (16 of 20 starts on PostgreSQL). Now the start
// skips a campaign that is gone and serves the others. Here the other server is a second
// connection to the same SQLite file, deleting in the hook between the read and the start;
// several_servers_test.cpp does the same on PostgreSQL.
#include <gtest/gtest.h>

#include "hub_support.hpp"

namespace umpire::testing {
namespace {

TEST(StartRace, ACampaignDeletedBetweenTheReadAndTheStartIsSkipped) {
    TempDir dir;
    {
        HubHarness h(dir);
        for (const auto& [name, pw] : kDemoAccounts) h.hub->create_account(name, pw);
        demo_campaign(*h.hub);
        auto& store = *h.hub->services().server;
        h.hub->create_campaign(kSource + "/scenarios/valormr-demo.json", "other",
                               store.account_by_name("gm")->id);
    }
    HubHarness h(dir);
    server::Stores other_server(h.services.config.database);
    std::vector<std::string> deleted;
    h.services.before_room_start = [&](const std::string& id) {
        if (id != "raid") return;
        other_server.campaigns->delete_campaign(id);
        deleted.push_back(id);
    };
    ASSERT_NO_THROW(h.hub->start());
    EXPECT_EQ(deleted, std::vector<std::string>{"raid"}) << "the hook never ran: no race tested";
    EXPECT_EQ(h.hub->find_room("raid"), nullptr);
    ASSERT_NE(h.hub->find_room("other"), nullptr) << "the other campaign is served";
    auto gm = h.peer("gm");
    EXPECT_EQ(h.send(gm, {{"type", "join"}, {"campaign", "other"}})["type"], "snapshot");
    EXPECT_EQ(h.send(gm, {{"type", "join"}, {"campaign", "raid"}})["code"], "unknown_campaign");
}

}  // namespace
}  // namespace umpire::testing
