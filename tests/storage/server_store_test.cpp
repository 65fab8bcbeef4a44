// The server's tables (schema v4): accounts, sessions by token hash, memberships, invites,
// webhooks, deduplicated notifications, deadlines, GM actions. Bad input changes nothing.
#include <gtest/gtest.h>

#include "storage/server_store.hpp"
#include "store_engines.hpp"
#include "test_support.hpp"

namespace umpire::storage::testing {
namespace {

class ServerStoreTest : public ServerTablesTest {
protected:
    std::string memberships_text() {
        std::string out;
        for (const auto& m : server->memberships("demo"))
            out += std::to_string(m.account_id) + m.role + m.player.value_or("-") + ";";
        return out;
    }
};

TEST_P(ServerStoreTest, AccountsAndSessions) {
    const auto id = server->create_account("gm", "$argon2id$fake", "2025-01-01T00:00:00.000Z");
    EXPECT_EQ(server->account_by_name("gm")->id, id);
    EXPECT_EQ(*server->account_by_id(id)->password_hash, "$argon2id$fake");
    EXPECT_THROW(server->create_account("gm", "x", "t"), StorageError);
    server->add_session("h1", id, "2025-01-01T00:00:00.000Z", "2025-01-02T00:00:00.000Z");
    EXPECT_EQ(server->session_account("h1", "2025-01-01T12:00:00.000Z"), id);
    EXPECT_FALSE(server->session_account("h1", "2025-01-02T00:00:00.001Z"));  // expired
    EXPECT_FALSE(server->session_account("nope", "2025-01-01T12:00:00.000Z"));
    server->revoke_session("h1", "2025-01-01T13:00:00.000Z");
    EXPECT_FALSE(server->session_account("h1", "2025-01-01T12:00:00.000Z"));
}

TEST_P(ServerStoreTest, MembershipsAndInvites) {
    const auto gm = server->create_account("gm", "x", "t");
    const auto a = server->create_account("a", "x", "t");
    const auto b = server->create_account("b", "x", "t");
    server->put_membership({gm, "demo", "gm", std::nullopt});
    server->put_membership({a, "demo", "player", "anna"});
    const std::string before = memberships_text();
    EXPECT_THROW(server->put_membership({b, "demo", "player", "anna"}), StorageError);  // taken
    EXPECT_THROW(server->put_membership({b, "demo", "king", std::nullopt}), StorageError);
    EXPECT_THROW(server->put_membership({b, "nope", "observer", std::nullopt}), StorageError);
    EXPECT_EQ(memberships_text(), before);

    server->add_invite({"code1", "demo", "player", "ingrid", "t"});
    EXPECT_THROW(server->add_invite({"code2", "demo", "gm", std::nullopt, "t"}), StorageError);
    const auto m = server->redeem_invite("code1", b, "t2");
    EXPECT_EQ(m.player, "ingrid");
    EXPECT_EQ(server->membership(b, "demo")->player, "ingrid");
    EXPECT_THROW(server->redeem_invite("code1", a, "t3"), StorageError);  // used once
    EXPECT_THROW(server->redeem_invite("unknown", a, "t3"), StorageError);
    EXPECT_EQ(server->memberships_of_account(a).size(), 1u);
    // Reassigning a player is a change of the same membership.
    server->put_membership({a, "demo", "player", "bertram"});
    EXPECT_EQ(server->membership(a, "demo")->player, "bertram");
}

TEST_P(ServerStoreTest, NotificationsAreDeduplicated) {
    const auto a = server->create_account("a", "x", "t");
    const std::string secret(64, 'a');
    server->set_webhook(a, "demo", "http://127.0.0.1:9/hook", secret);
    EXPECT_EQ(server->webhook(a, "demo")->url, "http://127.0.0.1:9/hook");
    EXPECT_EQ(server->webhook(a, "demo")->secret, secret);
    NotificationRecord n{a, "demo", "resolved:0.0", "{}", "t", 0};
    EXPECT_TRUE(server->add_notification(n));
    EXPECT_FALSE(server->add_notification(n));
    ASSERT_EQ(server->undelivered(5, 10).size(), 1u);
    server->note_attempt(n, false, "t1");
    EXPECT_EQ(server->undelivered(5, 10).front().attempts, 1);
    server->note_attempt(n, true, "t2");
    EXPECT_TRUE(server->undelivered(5, 10).empty());
    EXPECT_EQ(server->undelivered("demo", 5, 10).size(), 0u);
    server->set_webhook(a, "demo", "", "");
    EXPECT_FALSE(server->webhook(a, "demo"));
    EXPECT_THROW(server->set_webhook(a, "demo", "http://127.0.0.1:9/hook", ""), StorageError);
    EXPECT_FALSE(server->webhook(a, "demo"));
}

TEST_P(ServerStoreTest, TheDeliveryLogIsPerOwnerNewestFirstAndBounded) {
    const auto a = server->create_account("a", "x", "t");
    const auto b = server->create_account("b", "x", "t");
    const int total = ServerStore::kWebhookDeliveriesKept + 5;
    for (int i = 1; i <= total; ++i)
        server->add_webhook_delivery({a, "demo", "resolved:0.0", "d" + std::to_string(i), i, "t",
                                     i % 2 ? "failed" : "delivered",
                                     i % 3 ? std::optional<int>(500) : std::nullopt, "HTTP 500"});
    server->add_webhook_delivery({b, "demo", "resolved:0.0", "b1", 1, "t", "delivered", 204, ""});
    const auto log = server->webhook_deliveries(a, "demo", 1000);
    ASSERT_EQ(log.size(), static_cast<std::size_t>(ServerStore::kWebhookDeliveriesKept));
    EXPECT_EQ(log.front().delivery_id, "d" + std::to_string(total));
    EXPECT_EQ(log.back().delivery_id, "d6");
    EXPECT_EQ(server->webhook_deliveries(a, "demo", 3).size(), 3u);
    const auto theirs = server->webhook_deliveries(b, "demo", 10);
    ASSERT_EQ(theirs.size(), 1u);
    EXPECT_EQ(theirs[0].http_status, 204);
    EXPECT_THROW(server->add_webhook_delivery({a, "demo", "k", "x", 1, "t", "maybe", {}, ""}),
                 StorageError);
    EXPECT_EQ(server->webhook_deliveries(a, "demo", 1000).size(),
              static_cast<std::size_t>(ServerStore::kWebhookDeliveriesKept));
}

TEST_P(ServerStoreTest, DeadlinesAndGmActions) {
    server->put_deadline({"demo", 0, "2025-01-01T10:00:00.000Z", std::nullopt, 0});
    EXPECT_EQ(server->deadline("demo", 0)->due_at, "2025-01-01T10:00:00.000Z");
    server->put_deadline({"demo", 0, std::nullopt, 60000, 30});
    const auto d = server->deadline("demo", 0);
    EXPECT_FALSE(d->due_at);
    EXPECT_EQ(d->paused_remaining_ms, 60000);
    EXPECT_EQ(d->extended_minutes, 30);
    EXPECT_FALSE(server->deadline("demo", 1));

    const int no = server->add_gm_action({"demo", 0, "extend", "late post", R"({"key":"k1"})", "t"});
    EXPECT_EQ(no, 1);
    EXPECT_EQ(server->gm_action_with_key("demo", "extend", "k1")->no, 1);
    EXPECT_FALSE(server->gm_action_with_key("demo", "extend", "k2"));
    server->update_campaign("demo", "Renamed", R"({"observers":"all"})", R"({"kind":"manual"})",
                           "paused");
    EXPECT_EQ(store->find_campaign("demo")->status, "paused");
    EXPECT_THROW(server->update_campaign("nope", "n", "{}", "{}", "active"), StorageError);
}

UMPIRE_ON_EVERY_ENGINE(ServerStoreTest);

}  // namespace
}  // namespace umpire::storage::testing
