#pragma once
// A test of the demo campaign "raid" over the HTTP API of a real server on 127.0.0.1, with a wall
// clock the test moves on (offset_ms) and gm, anna and ingrid logged in. Webhooks may name
// loopback addresses, since notifications are kept only for an account with a webhook.
#include <gtest/gtest.h>

#include <atomic>
#include <map>
#include <string>
#include <thread>

#include "server_fixture.hpp"

namespace umpire::testing {

// A real server for campaign "raid" on a wall clock the test moves on (offset_ms), spoken to
// over the HTTP API with each account's token.
class ClockedServer : public ::testing::Test {
protected:
    ClockedServer(const std::vector<std::pair<std::string, std::string>>& accounts,
                  const std::function<void(server::Hub&)>& setup)
        : server{config(), accounts, setup, [this] {
                     return std::chrono::system_clock::now() +
                            std::chrono::milliseconds(offset_ms.load());
                 }} {}

    std::atomic<long long> offset_ms{0};
    TempDir dir;
    RunningServer server;
    std::map<std::string, std::string> tokens;

    server::ServerConfig config() {
        auto c = test_config(dir);
        c.allow_private_webhooks = true;
        return c;
    }
    // One message from `who` (of campaign "raid" unless it names one), and the first message of
    // the reply.
    Json send(const std::string& who, Json message) {
        if (!message.contains("campaign")) message["campaign"] = "raid";
        return server.api(message, tokens[who]).second["messages"][0];
    }
    // A GM command from `who` ("test" as its reason unless given).
    Json gm(Json command, const std::string& who = "gm") {
        command["type"] = "gm";
        if (!command.contains("reason")) command["reason"] = "test";
        return send(who, command);
    }
    // An invite for `role` (and `player`) from the GM, redeemed by `who`: how an account joins a
    // campaign, by its own consent (docs/security.md, "Seats by consent"). The redeem's reply.
    Json join_by_invite(const std::string& who, const std::string& role,
                        const std::string& player = "") {
        Json invite{{"command", "invite"}, {"role", role}};
        if (!player.empty()) invite["player"] = player;
        const Json made = gm(invite);
        EXPECT_EQ(made["type"], "gm_done") << made.dump();
        return server.api({{"type", "redeem_invite"}, {"code", made.value("code", "")}}, tokens[who])
            .second["messages"][0];
    }
    int period() {
        int index = -1;
        server.on_io_thread(
            [&] { index = server.hub().find_room("raid")->campaign().period_index(); });
        return index;
    }
    // Waits (up to 10 s) for the open period to be `index`.
    bool period_becomes(int index) {
        for (int i = 0; i < 200 && period() != index; ++i)
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        return period() == index;
    }
};

// The demo campaign: GM gm, players anna and ingrid, and olaf with no seat, all logged in.
class HttpCampaign : public ClockedServer {
protected:
    HttpCampaign() : ClockedServer(kDemoAccounts, demo_campaign) {}

    void SetUp() override {
        for (const char* name : {"gm", "anna", "ingrid", "olaf"}) {
            auto [status, body] = server.api(
                {{"type", "login"}, {"account", name}, {"password", std::string("pw-") + name}});
            ASSERT_EQ(status, 200);
            tokens[name] = body["messages"][0]["token"];
        }
    }
    // anna's hadewych and ingrid's ingegerd march into each other; both confirm, so the period
    // resolves up to its first decisions.
    void march_into_contact() {
        const auto orders = [](const char* force, const char* path) {
            return Json::array({{{"force", force}, {"path", Json::parse(path)}}});
        };
        ASSERT_EQ(send("anna", {{"type", "submit_orders"},
                                {"period_index", 0},
                                {"orders", orders("hadewych", "[[3,3],[4,3],[5,3]]")}})["type"],
                  "receipt");
        ASSERT_EQ(send("ingrid", {{"type", "submit_orders"},
                                  {"period_index", 0},
                                  {"orders", orders("ingegerd", "[[6,2],[5,2],[4,2]]")}})["type"],
                  "receipt");
        for (const char* who : {"anna", "ingrid"})
            ASSERT_EQ(send(who, {{"type", "confirm_orders"}, {"period_index", 0}})["type"],
                      "receipt");
    }
    Json campaign_entry(const std::string& who) {
        return server.api({{"type", "list_campaigns"}}, tokens[who])
            .second["messages"][0]["campaigns"][0];
    }
    // The payloads of the notifications kept for the campaign, by account name and key.
    std::map<std::string, std::map<std::string, Json>> notifications() {
        std::map<std::string, std::map<std::string, Json>> out;
        server.on_io_thread([&] {
            auto& store = *server.services().server;
            for (const auto& n : store.undelivered("raid", 1000, 1000))
                out[store.account_by_id(n.account_id)->name][n.key] = Json::parse(n.payload);
        });
        return out;
    }
};

}  // namespace umpire::testing
