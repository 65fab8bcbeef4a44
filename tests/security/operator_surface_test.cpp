// What the operator sees is not the players': /metrics (whose counters move with every side's
// activity) needs the metrics token or the admin listener; files the server makes are its
// owner's alone; log levels are checked; client errors name no server paths.
#include <sys/stat.h>

#include <fstream>

#include "address_literal.hpp"
#include "raw_http.hpp"
#include "server/config.hpp"
#include "server_fixture.hpp"

namespace umpire::testing {
namespace {

std::string get(int port, const std::string& path, const std::string& headers = "") {
    return raw_exchange(port, "GET " + path + " HTTP/1.1\r\nHost: x\r\n" + headers +
                                  "Connection: close\r\n\r\n");
}

TEST(OperatorSurface, MetricsNeedTheTokenOnTheMainPort) {
    TempDir dir;
    auto config = test_config(dir);
    config.metrics_token = "s3cret-metrics-token";
    RunningServer server(config, kDemoAccounts, demo_campaign);
    EXPECT_EQ(status_of(get(server.port(), "/metrics")), 401);
    EXPECT_EQ(status_of(get(server.port(), "/metrics", "Authorization: Bearer wrong\r\n")), 401);
    EXPECT_EQ(status_of(get(server.port(), "/metrics", "Authorization: Bearer s3cret-metrics-tokeX\r\n")), 401);
    const auto ok = get(server.port(), "/metrics", "Authorization: Bearer s3cret-metrics-token\r\n");
    EXPECT_EQ(status_of(ok), 200);
    EXPECT_NE(body_of(ok).find("umpire_messages_in_total"), std::string::npos);
    EXPECT_EQ(header_of(get(server.port(), "/metrics"), "WWW-Authenticate"), "Bearer");
}

TEST(OperatorSurface, WithoutATokenMetricsAreOnlyOnTheAdminListener) {
    TempDir dir;
    auto config = test_config(dir);
    config.admin_port = 0;
    RunningServer server(config, kDemoAccounts, demo_campaign);
    ASSERT_GT(server.admin_port(), 0);
    EXPECT_EQ(status_of(get(server.port(), "/metrics")), 401);
    EXPECT_EQ(status_of(get(server.port(), "/metrics", "Authorization: Bearer \r\n")), 401);
    const auto metrics = get(server.admin_port(), "/metrics");
    EXPECT_EQ(status_of(metrics), 200);
    EXPECT_NE(body_of(metrics).find("umpire_campaigns"), std::string::npos);
    EXPECT_EQ(status_of(get(server.admin_port(), "/healthz")), 200);
    EXPECT_EQ(status_of(get(server.admin_port(), "/readyz")), 200);
    // The admin listener serves nothing else: no API, no files, no WebSocket.
    EXPECT_EQ(status_of(get(server.admin_port(), "/api/v1/campaigns")), 404);
    EXPECT_EQ(status_of(get(server.admin_port(), "/")), 404);
    EXPECT_EQ(upgrade_status(server.admin_port(), ""), 404);
}

TEST(OperatorSurface, TheDatabaseAndItsWalAreTheOwnersAlone) {
    TempDir dir;
    auto config = test_config(dir);
    {
        RunningServer server(config, kDemoAccounts, demo_campaign);
        TestClient gm(server.port());
        gm.hello_login("gm", "pw-gm");  // a write: the WAL exists
        for (const std::string suffix : {"", "-wal", "-shm", ".lock"}) {
            struct stat st {};
            const auto file = config.database + suffix;
            ASSERT_EQ(::stat(file.c_str(), &st), 0) << file;
            EXPECT_EQ(st.st_mode & 0777, 0600u) << file;
        }
    }
}

TEST(OperatorSurface, LogLevelsAndOtherSettingsAreChecked) {
    server::ServerConfig c;
    EXPECT_EQ(server::config_problem(c), "");
    c.log_level = "bogus";
    EXPECT_NE(server::config_problem(c).find("bogus"), std::string::npos);
    c.log_level = "warn";
    c.trusted_proxies = {"127.0.0.0/8", "not-an-address"};
    EXPECT_NE(server::config_problem(c).find("not-an-address"), std::string::npos);
    c.trusted_proxies = {"127.0.0.0/33"};
    EXPECT_NE(server::config_problem(c).find("prefix"), std::string::npos);
    c.trusted_proxies = {};
    c.password_cost = "cheap";
    EXPECT_FALSE(server::config_problem(c).empty());
    c.password_cost = "min";
    c.limits.tcp_connections_per_address = 0;
    EXPECT_NE(server::config_problem(c).find("tcp_connections_per_address"), std::string::npos);
}

// The test-only fixed seed (docs/protocol.md "How the promise is tested") is refused unless
// the server listens on loopback only, and must be 64 hex digits.
TEST(OperatorSurface, TheInsecureTestSeedIsRefusedOffLoopback) {
    const std::string seed(64, 'a');
    server::ServerConfig c;
    c.insecure_test_seed = seed;
    EXPECT_EQ(server::config_problem(c), "");  // default bind 127.0.0.1
    for (const char* bind : {"127.0.0.2", "::1", "localhost"}) {
        c.bind = bind;
        EXPECT_EQ(server::config_problem(c), "") << bind;
    }
    const std::string lan = umpire::testing::ipv4(0xC0A8010A);  // a private LAN address
    for (const std::string& bind : {std::string("0.0.0.0"), std::string("::"), lan,
                                    std::string("example.org"), "::ffff:" + lan}) {
        c.bind = bind;
        EXPECT_NE(server::config_problem(c).find("loopback"), std::string::npos) << bind;
    }
    c.bind = "127.0.0.1";
    c.admin_port = 9100;
    c.admin_bind = "0.0.0.0";
    EXPECT_NE(server::config_problem(c).find("loopback"), std::string::npos);
    c.admin_bind = "127.0.0.1";
    EXPECT_EQ(server::config_problem(c), "");
    c.insecure_test_seed = "abc";
    EXPECT_NE(server::config_problem(c).find("64 hex digits"), std::string::npos);
}

// A scenario that cannot be read: the GM is told so, without the server's folders.
TEST(OperatorSurface, ClientErrorsNameNoServerPaths) {
    TempDir dir;
    auto config = test_config(dir);
    const auto scenarios = dir.path / "scenarios";
    fs::create_directories(scenarios);
    {
        std::ofstream(scenarios / "broken.json") << "{\"id\": \"broken\", \"map\": ";
        std::ofstream(scenarios / "wrong.json") << "{\"id\": \"wrong\", \"ruleset\": \"nope\"}";
    }
    config.scenarios_dir = scenarios.string();
    RunningServer server(config, kDemoAccounts);
    TestClient gm(server.port());
    gm.hello_login("gm", "pw-gm");
    for (const std::string scenario : {"broken", "wrong", "missing", "../etc/passwd"}) {
        auto reply = gm.request({{"type", "create_campaign"}, {"scenario", scenario}});
        EXPECT_EQ(reply["type"], "error") << reply.dump();
        const auto text = reply.dump();
        EXPECT_EQ(text.find(dir.path.string()), std::string::npos) << text;
        EXPECT_EQ(text.find(kSource), std::string::npos) << text;
    }
}

}  // namespace
}  // namespace umpire::testing
