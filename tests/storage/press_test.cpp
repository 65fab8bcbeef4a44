// Press in the store (schema v13): numbered in the order sent and within its channel, capped per
// sender and period, carried by export and import, and deleted with its campaign.
#include <gtest/gtest.h>

#include "storage/archive.hpp"
#include "store_engines.hpp"
#include "test_support.hpp"

namespace umpire::storage::testing {
namespace {

using rules::Json;

class Press : public EngineTest {
protected:
    void SetUp() override {
        EngineTest::SetUp();
        if (IsSkipped()) return;
        store = open_store();
        campaign = std::make_unique<Campaign>(create_demo(*store));
    }
    PressRecord send(const std::string& from, std::vector<std::string> to, bool gm_reads = false,
                     int limit = 200) {
        PressRecord m{"demo",
                      0,
                      0,
                      from,
                      std::move(to),
                      gm_reads,
                      0,
                      "words of " + from,
                      "2026-12-05T10:00:00Z"};
        return store->add_press(m, limit);
    }

    std::unique_ptr<SqlCampaignStore> store;
    std::unique_ptr<Campaign> campaign;
};

TEST_P(Press, MessagesAreNumberedInOrderAndWithinTheirChannel) {
    EXPECT_EQ(send("anna", {"ingrid"}).channel_no, 1);
    EXPECT_EQ(send("anna", {"ingrid"}).channel_no, 2);
    const auto to_all = send("anna", {"all"});
    EXPECT_EQ(to_all.no, 3);
    EXPECT_EQ(to_all.channel_no, 1);
    // Under another setting (the GMs read it) it is another channel.
    EXPECT_EQ(send("anna", {"ingrid"}, true).channel_no, 1);
    EXPECT_EQ(send("ingrid", {"anna"}).channel_no, 1);
    const auto all = store->press("demo");
    ASSERT_EQ(all.size(), 5u);
    EXPECT_EQ(all[0].recipients, std::vector<std::string>{"ingrid"});
    EXPECT_EQ(all[0].body, "words of anna");
    EXPECT_TRUE(all[3].gm_reads);
    for (std::size_t i = 0; i < all.size(); ++i) EXPECT_EQ(all[i].no, static_cast<int>(i) + 1);
}

TEST_P(Press, ASenderPastThePeriodsLimitIsRefusedAndNothingIsStored) {
    send("anna", {"ingrid"}, false, 2);
    send("anna", {"all"}, false, 2);
    try {
        send("anna", {"gm"}, false, 2);
        FAIL() << "a third message was taken";
    } catch (const StorageError& e) {
        EXPECT_EQ(e.kind(), ErrorKind::conflict);
        EXPECT_NE(std::string(e.what()).find("write again next period"), std::string::npos);
    }
    EXPECT_EQ(store->press("demo").size(), 2u);
    EXPECT_EQ(send("ingrid", {"anna"}, false, 2).no, 3);  // others still write
}

TEST_P(Press, AnUnknownCampaignIsRefused) {
    PressRecord m{"nowhere", 0, 0, "anna", {"all"}, false, 0, "hello", "t"};
    try {
        store->add_press(m, 200);
        FAIL() << "taken";
    } catch (const StorageError& e) {
        EXPECT_EQ(e.kind(), ErrorKind::not_found);
    }
}

TEST_P(Press, ExportAndImportCarryItAndDeleteRemovesIt) {
    send("anna", {"ingrid"});
    send("gm", {"all"});
    send("sven", {"erik", "ingrid"}, true);
    const std::string exported = archive_text(store->read_archive("demo"));
    EXPECT_EQ(Json::parse(exported)["press"].size(), 3u);
    auto target_owner = open_store("target");
    auto& target = *target_owner;
    EXPECT_EQ(import_campaign(target, Json::parse(exported)), "demo");
    EXPECT_EQ(archive_text(target.read_archive("demo")), exported);
    const auto imported = target.press("demo");
    ASSERT_EQ(imported.size(), 3u);
    EXPECT_EQ(imported[2].recipients, (std::vector<std::string>{"erik", "ingrid"}));
    EXPECT_TRUE(imported[2].gm_reads);

    // Two messages with one number, or one channel number twice, do not import.
    Json twice = Json::parse(exported);
    twice["press"][1]["no"] = 1;
    twice["campaign"]["id"] = "twice";
    auto other_owner = open_store("other");
    auto& other = *other_owner;
    try {
        import_campaign(other, twice);
        FAIL() << "imported two messages numbered 1";
    } catch (const StorageError& e) {
        EXPECT_NE(std::string(e.what()).find("a second message with this number"),
                  std::string::npos)
            << e.what();
    }
    EXPECT_TRUE(other.campaign_ids().empty());

    store->delete_campaign("demo");
    EXPECT_TRUE(store->press("demo").empty());
}

UMPIRE_ON_EVERY_ENGINE(Press);

}  // namespace
}  // namespace umpire::storage::testing
