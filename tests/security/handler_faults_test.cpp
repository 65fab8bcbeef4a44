// No exception leaves a handler: with faults injected into HTTP requests, WebSocket messages
// and timers of one campaign, that request fails alone (500 or its session closed, with an
// error id the log names) and every other campaign goes on answering.
#include <atomic>

#include "raw_http.hpp"
#include "server_fixture.hpp"

namespace umpire::testing {
namespace {

// Throws for anything that names the campaign "raid"; "other" is left alone.
void fault_in_raid(server::Hub& hub) {
    hub.services().fault = [](std::string_view site, std::string_view detail) {
        if (detail.find("raid") != std::string_view::npos)
            throw std::runtime_error(std::string("injected fault at ") + std::string(site));
    };
}

void two_campaigns(server::Hub& hub) {
    demo_campaign(hub);
    auto& store = *hub.services().server;
    hub.create_campaign(kSource + "/scenarios/valormr-demo.json", "other",
                        store.account_by_name("gm")->id);
    store.put_membership({store.account_by_name("olaf")->id, "other", "player", std::string("anna")});
    fault_in_raid(hub);
}

class HandlerFaults : public ::testing::Test {
protected:
    TempDir dir;
    server::ServerConfig config = test_config(dir);
    RunningServer server{config, kDemoAccounts, two_campaigns};

    std::string token(const std::string& account) {
        auto [status, body] = server.api({{"type", "login"}, {"account", account},
                                          {"password", "pw-" + account}});
        EXPECT_EQ(status, 200) << body.dump();
        return body["messages"][0].value("token", "");
    }
};

TEST_F(HandlerFaults, AnHttpRequestThatThrowsGets500WithAnErrorIdAndOthersGoOn) {
    const auto olaf = token("olaf");
    const auto anna = token("anna");
    const auto reply = raw_exchange(server.port(),
                                    "GET /api/v1/campaigns/raid HTTP/1.1\r\nHost: x\r\n"
                                    "Authorization: Bearer " + anna + "\r\nConnection: close\r\n\r\n");
    EXPECT_EQ(status_of(reply), 500) << reply;
    const Json body = Json::parse(body_of(reply));
    const auto& error = body["messages"][0];
    EXPECT_EQ(error["code"], "internal");
    EXPECT_NE(error["message"].get<std::string>().find("internal error "), std::string::npos);
    EXPECT_EQ(reply.find("injected"), std::string::npos) << "the cause is logged, not sent";

    // The other campaign, the health check and the lobby answer as before.
    auto [status, other] = server.api({{"type", "join"}, {"campaign", "other"}}, olaf);
    EXPECT_EQ(status, 200) << other.dump();
    EXPECT_EQ(other["messages"][0]["type"], "snapshot");
    EXPECT_EQ(status_of(raw_exchange(server.port(), "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")), 200);
}

TEST_F(HandlerFaults, AWebSocketMessageThatThrowsAnswersInternalAndTheSessionGoesOn) {
    TestClient anna(server.port());
    anna.hello_login("anna", "pw-anna");
    auto failed = anna.request({{"type", "join"}, {"campaign", "raid"}});
    EXPECT_EQ(failed["type"], "error") << failed.dump();
    EXPECT_EQ(failed["code"], "internal");
    ASSERT_TRUE(failed.contains("error_id"));
    EXPECT_EQ(failed["error_id"].get<std::string>().size(), 12u);
    EXPECT_EQ(failed.dump().find("injected"), std::string::npos);
    // The same connection still works, and another player's campaign was never touched.
    EXPECT_EQ(anna.request({{"type", "ping"}})["type"], "pong");
    TestClient olaf(server.port());
    olaf.hello_login("olaf", "pw-olaf");
    EXPECT_EQ(olaf.request({{"type", "join"}, {"campaign", "other"}})["type"], "snapshot");
}

TEST(HandlerFaultsTimers, ATimerThatThrowsIsLoggedAndTheServerGoesOn) {
    TempDir dir;
    auto config = test_config(dir);
    std::atomic<int> fired{0};
    RunningServer server(config, kDemoAccounts, [&](server::Hub& hub) {
        demo_campaign(hub);
        hub.services().fault = [&](std::string_view site, std::string_view detail) {
            if (site == "timer" && detail.find("raid") != std::string_view::npos) {
                ++fired;
                throw std::runtime_error("injected timer fault");
            }
        };
    });
    // A deadline a second away: its timer throws when it fires.
    TestClient gm(server.port());
    gm.hello_login("gm", "pw-gm");
    auto set = gm.request({{"type", "gm"}, {"campaign", "raid"}, {"command", "set_deadline"},
                           {"deadline", {{"kind", "duration"}, {"seconds", 1}}},
                           {"reason", "a test of timers"}});
    ASSERT_EQ(set["type"], "gm_done") << set.dump();
    for (int i = 0; i < 50 && fired == 0; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(100));
    EXPECT_GE(fired.load(), 1);
    EXPECT_EQ(gm.request({{"type", "ping"}})["type"], "pong");
    EXPECT_EQ(status_of(raw_exchange(server.port(), "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")), 200);
}

}  // namespace
}  // namespace umpire::testing
