// Several servers on one PostgreSQL database (issue 33), as hubs with their own clocks and
// connections: a commit on one reaches the clients of the other when it hears of it (what
// server/change_listener.hpp calls on LISTEN), a server that has not heard yet reloads before it
// acts, a deadline resolves its period once whichever server's timer fires, a notification is
// sent by one server, a seat taken away on one server stops the views on the other, a session
// ended on one ends its connections on the other, and a campaign made on one is served by the
// other. On the test cluster; skipped without one.
#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <mutex>

#include "hub_support.hpp"
#include "pg_test_database.hpp"
#include "server/change_listener.hpp"
#include "storage/postgres/pg_connection.hpp"

namespace umpire::testing {
namespace {

using namespace std::chrono;

// A webhook sender that keeps each delivery's answer until told: a delivery under way.
class HeldWebhooks final : public server::WebhookSender {
public:
    bool post(server::WebhookDelivery delivery,
              std::function<void(const server::WebhookResult&)> done) override {
        keys.push_back(Json::parse(delivery.body).value("key", ""));
        answers.push_back(std::move(done));
        return true;
    }
    void deliver_all() {
        auto pending = std::move(answers);
        answers.clear();
        for (auto& done : pending) done({true, 204, {}});
    }
    std::vector<std::string> keys;
    std::vector<std::function<void(const server::WebhookResult&)>> answers;
};

// What anna's webhook is sent when the GM forces period 0 on: she gave no orders.
const std::vector<std::string> kAnnasNotifications{"missed_orders:0.0", "resolved:0.0"};

class SeveralServers : public ::testing::Test {
protected:
    void SetUp() override {
        if (pg_test_url().empty()) GTEST_SKIP() << "no PostgreSQL test cluster (pg_cluster)";
        database = std::make_unique<PgTestDatabase>("servers");
        a = std::make_unique<HubHarness>(dir, database->url());
        for (const auto& [name, pw] : kDemoAccounts) a->hub->create_account(name, pw);
        demo_campaign(*a->hub);
        b = std::make_unique<HubHarness>(dir, database->url());
        b->hub->start();  // a server started after the campaign was made: it serves it too
        gm = a->peer("gm");
        anna = b->peer("anna");  // on the other server
        ASSERT_EQ(a->send(gm, {{"type", "join"}, {"campaign", "raid"}})["type"], "snapshot");
        ASSERT_EQ(b->send(anna, {{"type", "join"}, {"campaign", "raid"}})["type"], "snapshot");
    }
    Json gm_command(Json m) {
        m["type"] = "gm";
        m["campaign"] = "raid";
        return a->send(gm, m);
    }
    int period_on(HubHarness& h) { return h.hub->find_room("raid")->campaign().period_index(); }
    int live_attempts(int index) {
        int n = 0;
        for (const auto& p : a->stores.campaigns->periods("raid"))
            n += p.index == index && !p.rolled_back_by;
        return n;
    }

    TempDir dir;
    std::unique_ptr<PgTestDatabase> database;
    std::unique_ptr<HubHarness> a, b;
    std::shared_ptr<FakePeer> gm, anna;
};

TEST_F(SeveralServers, ACommitOnOneServerReachesTheClientsOfTheOther) {
    ASSERT_EQ(gm_command({{"command", "force_advance"}, {"period", 0}, {"reason", "on with it"}})["type"],
              "gm_done");
    EXPECT_EQ(period_on(*a), 1);
    EXPECT_EQ(period_on(*b), 0) << "b has not heard yet";
    EXPECT_TRUE(anna->of_type("period_resolved").empty());

    b->hub->campaign_changed("raid");  // what b's listener does when PostgreSQL tells it
    EXPECT_EQ(period_on(*b), 1);
    const auto resolved = anna->of_type("period_resolved");
    ASSERT_EQ(resolved.size(), 1u);
    EXPECT_EQ(resolved[0]["period_index"], 0);
    EXPECT_FALSE(resolved[0].contains("seed")) << "a player is not shown the seed";
    EXPECT_FALSE(anna->of_type("view_delta").empty());
    // Heard twice (or its own commit heard): nothing is sent again.
    const auto count = anna->messages.size();
    b->hub->campaign_changed("raid");
    a->hub->campaign_changed("raid");
    EXPECT_EQ(anna->messages.size(), count);
}

// Issue 53, item 10: the GM on one server and the same GM (another tab) on the other both
// force period 0 on. The second names a period that is gone and is refused; before, it resolved
// period 1 too (9 of 9 trials).
TEST_F(SeveralServers, TwoForceAdvancesOfOnePeriodAdvanceItOnce) {
    auto gm_b = b->peer("gm");
    ASSERT_EQ(b->send(gm_b, {{"type", "join"}, {"campaign", "raid"}})["type"], "snapshot");
    ASSERT_EQ(gm_command({{"command", "force_advance"}, {"period", 0}, {"reason", "first"}})["type"],
              "gm_done");
    const Json second = b->send(gm_b, {{"type", "gm"}, {"campaign", "raid"},
                                       {"command", "force_advance"}, {"period", 0},
                                       {"reason", "second"}});
    EXPECT_EQ(second["code"], "period_closed") << second.dump();
    EXPECT_EQ(period_on(*b), 1);
    EXPECT_EQ(live_attempts(0), 1);
    EXPECT_EQ(live_attempts(1), 0) << "period 1 was resolved by the second force_advance";
}

// A server starting while another deletes a campaign (issue 53, item 10): it exited 1 on the
// foreign key (16 of 20 starts); now it serves without it.
TEST_F(SeveralServers, AServerStartingWhileAnotherDeletesACampaignStarts) {
    HubHarness c(dir, database->url());
    int deleted = 0;
    c.services.before_room_start = [&](const std::string& id) {
        a->stores.campaigns->delete_campaign(id);  // as `delete` does, without its archive
        ++deleted;
    };
    ASSERT_NO_THROW(c.hub->start());
    EXPECT_EQ(deleted, 1) << "the hook never ran: no race tested";
    EXPECT_EQ(c.hub->find_room("raid"), nullptr);
}

// PostgreSQL unreachable (issue 53, item 11): commands are `unavailable`, not `internal`, and a
// campaign this server has not loaded yet is not "no campaign for you". Connections to the
// test's database are refused and the servers' ones ended: an outage as the servers see it.
TEST_F(SeveralServers, WhilePostgresqlIsUnreachableCommandsAreUnavailable) {
    auto& store = *a->hub->services().server;
    a->hub->create_campaign(kSource + "/scenarios/valormr-demo.json", "later",
                            store.account_by_name("gm")->id);  // b has not heard of it
    auto gm_b = b->peer("gm");
    storage::pg::Connection admin(pg_test_url());  // not the database it closes
    const std::string quoted = "\"" + database->name() + "\"";
    admin.exec("ALTER DATABASE " + quoted + " ALLOW_CONNECTIONS false");
    admin.query("SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity "
                "WHERE datname = $1 AND pid <> pg_backend_pid()",
                {database->name()});
    const Json join = b->send(gm_b, {{"type", "join"}, {"campaign", "later"}});
    EXPECT_EQ(join["code"], "unavailable") << join.dump();
    const Json command = b->send(gm_b, {{"type", "gm"}, {"campaign", "raid"},
                                        {"command", "force_advance"}, {"period", 0},
                                        {"reason", "in the outage"}});
    EXPECT_EQ(command["code"], "unavailable") << command.dump();
    admin.exec("ALTER DATABASE " + quoted + " ALLOW_CONNECTIONS true");
    // Back: the next command connects again.
    EXPECT_EQ(b->send(gm_b, {{"type", "join"}, {"campaign", "later"}})["type"], "snapshot");
}

TEST_F(SeveralServers, OrdersGivenOnOneServerShowInTheViewsOnTheOther) {
    auto gm_on_b = b->peer("gm");
    ASSERT_EQ(b->send(gm_on_b, {{"type", "join"}, {"campaign", "raid"}})["type"], "snapshot");
    auto ingrid = a->peer("ingrid");
    ASSERT_EQ(a->send(ingrid, {{"type", "submit_orders"}, {"campaign", "raid"},
                               {"period_index", 0}, {"orders", Json::array()}})["type"],
              "receipt");
    const auto before = gm_on_b->of_type("view_delta").size();
    b->hub->campaign_changed("raid");  // orders move no version: b reloads nothing, shows them
    EXPECT_EQ(gm_on_b->of_type("view_delta").size(), before + 1);
    b->hub->campaign_changed("raid");
    EXPECT_EQ(gm_on_b->of_type("view_delta").size(), before + 1) << "nothing new: nothing sent";
}

TEST_F(SeveralServers, AServerThatHasNotHeardReloadsBeforeItActs) {
    ASSERT_EQ(gm_command({{"command", "force_advance"}, {"period", 0}, {"reason", "on with it"}})["type"],
              "gm_done");
    // b was not told; anna, who saw period 1 elsewhere, submits for it on b.
    const Json receipt = b->send(anna, {{"type", "submit_orders"}, {"campaign", "raid"},
                                        {"period_index", 1}, {"orders", Json::array()}});
    ASSERT_EQ(receipt["type"], "receipt") << receipt.dump();
    EXPECT_EQ(receipt["period_index"], 1);
    EXPECT_EQ(period_on(*b), 1);
    EXPECT_EQ(anna->of_type("period_resolved").size(), 1u) << "and was shown what it missed";
}

TEST_F(SeveralServers, ADeadlineResolvesItsPeriodOnceWhicheverServerFiresFirst) {
    ASSERT_EQ(gm_command({{"command", "set_deadline"},
                          {"deadline", {{"kind", "duration"}, {"minutes", 60}}}})["type"],
              "gm_done");
    b->hub->campaign_changed("raid");  // b's timer is set too
    ASSERT_TRUE(b->scheduler.timers.count("deadline:raid"));
    a->scheduler.advance(minutes(61));
    EXPECT_EQ(period_on(*a), 1);
    // b's timer fires before b hears of a's commit: it finds the period resolved.
    b->scheduler.advance(minutes(61));
    EXPECT_EQ(period_on(*b), 1);
    EXPECT_EQ(live_attempts(0), 1);
    EXPECT_EQ(live_attempts(1), 0) << "the next period waits for its own deadline";
    EXPECT_EQ(a->stores.campaigns->periods("raid").size(), 1u);
    EXPECT_EQ(anna->of_type("period_resolved").size(), 1u);
}

TEST_F(SeveralServers, ATimerOnAServerThatHasNotHeardStillShowsWhatCameBefore) {
    ASSERT_EQ(gm_command({{"command", "set_deadline"},
                          {"deadline", {{"kind", "duration"}, {"minutes", 60}}}})["type"],
              "gm_done");
    b->hub->campaign_changed("raid");
    ASSERT_EQ(a->send(gm, {{"type", "send_press"}, {"campaign", "raid"}, {"to", {"all"}},
                           {"text", "Dawn attack."}})["type"],
              "press_sent");
    // b has not heard of the press when its deadline timer resolves the period.
    b->scheduler.advance(minutes(61));
    EXPECT_EQ(period_on(*b), 1);
    ASSERT_EQ(anna->of_type("press").size(), 1u) << "pushed with the resolution's news";
    EXPECT_EQ(anna->of_type("press")[0]["message"]["text"], "Dawn attack.");
    b->hub->campaign_changed("raid");
    EXPECT_EQ(anna->of_type("press").size(), 1u) << "and once";
}

TEST_F(SeveralServers, ANotificationIsSentByOneServer) {
    HeldWebhooks held_a, held_b;
    a->services.webhooks = &held_a;
    b->services.webhooks = &held_b;
    ASSERT_EQ(b->send(anna, {{"type", "set_webhook"}, {"campaign", "raid"},
                             {"url", "http://127.0.0.1:9/hook"}})["type"],
              "webhook_set");
    ASSERT_EQ(gm_command({{"command", "force_advance"}, {"period", 0}, {"reason", "on with it"}})["type"],
              "gm_done");
    ASSERT_EQ(held_a.keys, kAnnasNotifications) << "a sends them";
    b->hub->campaign_changed("raid");  // b pumps too, while a's delivery is under way
    EXPECT_TRUE(held_b.keys.empty()) << "claimed by a";
    held_a.deliver_all();
    // Past a's claim, b looks again: delivered, nothing to send.
    b->scheduler.advance(seconds(b->services.config.webhook_claim_ms / 1000 + 1));
    b->hub->campaign_changed("raid");
    EXPECT_TRUE(held_b.keys.empty());
    EXPECT_TRUE(a->stores.server->undelivered(5, 10).empty());
}

TEST_F(SeveralServers, AClaimOfAServerThatDiedRunsOutAndAnotherSends) {
    HeldWebhooks held_a, held_b;
    a->services.webhooks = &held_a;
    b->services.webhooks = &held_b;
    b->send(anna, {{"type", "set_webhook"}, {"campaign", "raid"}, {"url", "http://127.0.0.1:9/hook"}});
    gm_command({{"command", "force_advance"}, {"period", 0}, {"reason", "on with it"}});
    ASSERT_EQ(held_a.keys, kAnnasNotifications);
    held_a.answers.clear();  // a dies with the delivery under way: no answer ever comes
    b->hub->campaign_changed("raid");
    EXPECT_TRUE(held_b.keys.empty());
    b->scheduler.advance(seconds(b->services.config.webhook_claim_ms / 1000 + 1));
    EXPECT_EQ(held_b.keys, kAnnasNotifications) << "b sends them then";
}

TEST_F(SeveralServers, ASeatTakenAwayOnOneServerStopsTheViewsOnTheOther) {
    ASSERT_EQ(gm_command({{"command", "remove"}, {"account", "anna"}, {"reason", "left"}})["type"],
              "gm_done");
    b->hub->campaign_changed("raid");
    ASSERT_FALSE(anna->of_type("notice").empty());
    EXPECT_EQ(anna->of_type("notice").back()["notice"]["kind"], "seat_changed");
    const auto count = anna->messages.size();
    gm_command({{"command", "force_advance"}, {"period", 0}, {"reason", "on with it"}});
    b->hub->campaign_changed("raid");
    EXPECT_EQ(anna->messages.size(), count) << "no longer seated: shown nothing more";
    EXPECT_EQ(b->send(anna, {{"type", "join"}, {"campaign", "raid"}})["code"], "unknown_campaign");
}

TEST_F(SeveralServers, ACampaignMadeOnOneServerIsServedByTheOther) {
    auto& store = *a->hub->services().server;
    a->hub->create_campaign(kSource + "/scenarios/valormr-demo.json", "second",
                            store.account_by_name("gm")->id);
    store.put_membership({store.account_by_name("anna")->id, "second", "player", "anna"});
    // Joined on b before b heard of it: b finds it in the database.
    EXPECT_EQ(b->send(anna, {{"type", "join"}, {"campaign", "second"}})["type"], "snapshot");
    EXPECT_EQ(b->send(anna, {{"type", "join"}, {"campaign", "nowhere"}})["code"],
              "unknown_campaign");
}

TEST_F(SeveralServers, ASessionEndedOnOneServerEndsItsConnectionsOnTheOther) {
    ASSERT_FALSE(anna->token_hash.empty());
    a->stores.server->revoke_session(anna->token_hash, a->services.now_iso());  // on a
    b->scheduler.advance(seconds(31));
    EXPECT_EQ(anna->closed, "your session ended");
    EXPECT_FALSE(anna->account);
    EXPECT_TRUE(gm->closed.empty()) << "other sessions go on";
}

TEST_F(SeveralServers, TheListenerHearsAnotherServersCommits) {
    std::mutex m;
    std::condition_variable cv;
    std::vector<std::string> heard;
    int missed = 0;
    {
        server::ChangeListener listener(
            database->url(),
            [&](std::function<void()> fn) {
                std::lock_guard lock(m);
                fn();
                cv.notify_all();
            },
            [&](const std::string& id) { heard.push_back(id); }, [&] { ++missed; });
        {
            std::unique_lock lock(m);
            ASSERT_TRUE(cv.wait_for(lock, seconds(20), [&] { return missed > 0; }))
                << "it says it may have missed what came before it listened";
        }
        gm_command({{"command", "force_advance"}, {"period", 0}, {"reason", "on with it"}});
        std::unique_lock lock(m);
        EXPECT_TRUE(cv.wait_for(lock, seconds(20), [&] { return !heard.empty(); }));
    }  // stops and joins its thread
    ASSERT_FALSE(heard.empty());
    EXPECT_EQ(heard.front(), "raid");
}

}  // namespace
}  // namespace umpire::testing
