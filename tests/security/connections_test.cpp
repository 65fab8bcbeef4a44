// Connections: every TCP connection counts against its address (not only WebSockets), so one
// address cannot take the server's file descriptors; behind a trusted proxy the client's own
// address (X-Forwarded-For, Forwarded) is what WebSocket caps and login throttling count.
#include <memory>

#include "address_literal.hpp"
#include "raw_http.hpp"
#include "server/client_address.hpp"
#include "server_fixture.hpp"

namespace umpire::testing {
namespace {

const std::string kUpgrade =
    "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
    "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n";

TEST(Connections, IdleTcpConnectionsPastTheCapAreClosedAndTheRestServed) {
    TempDir dir;
    auto config = test_config(dir);
    config.limits.tcp_connections_per_address = 8;
    config.admin_port = 0;
    RunningServer server(config, kDemoAccounts, demo_campaign);
    std::vector<std::unique_ptr<RawConnection>> idle;
    // Eight kept-alive connections, each surely accepted (it was answered), then one more.
    for (int i = 0; i < 8; ++i) {
        idle.push_back(std::make_unique<RawConnection>(server.port()));
        idle.back()->send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n");
        ASSERT_EQ(status_of(idle.back()->read_head()), 200);
    }
    RawConnection extra(server.port());
    extra.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n");
    EXPECT_TRUE(extra.closed_by_server(3000));
    const auto metrics = body_of(raw_exchange(server.admin_port(), "GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n"));
    EXPECT_NE(metrics.find("umpire_connections_refused_total 1"), std::string::npos) << metrics;
    // Closing some makes room again.
    idle.resize(4);
    std::string reply;
    for (int i = 0; i < 50 && status_of(reply) != 200; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        reply = raw_exchange(server.port(), "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n");
    }
    EXPECT_EQ(status_of(reply), 200);
}

TEST(Connections, WebSocketsCountAgainstTheTcpCapToo) {
    TempDir dir;
    auto config = test_config(dir);
    config.limits.tcp_connections_per_address = 3;
    config.limits.connections_per_address = 100;
    RunningServer server(config, kDemoAccounts, demo_campaign);
    std::vector<std::unique_ptr<TestClient>> open;
    for (int i = 0; i < 3; ++i) open.push_back(std::make_unique<TestClient>(server.port()));
    EXPECT_THROW(TestClient(server.port()), std::exception);
    open.pop_back();
    std::unique_ptr<TestClient> again;
    for (int i = 0; i < 50 && !again; ++i) {
        try {
            again = std::make_unique<TestClient>(server.port());
        } catch (const std::exception&) {
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
    }
    ASSERT_TRUE(again);
    EXPECT_EQ(again->request({{"type", "hello"}, {"versions", {1}}})["type"], "welcome");
}

// Keeps an upgraded WebSocket open with the headers given; returns its status.
struct HeldUpgrade {
    RawConnection connection;
    int status = 0;
    HeldUpgrade(int port, const std::string& headers) : connection(port) {
        connection.send(kUpgrade + headers + "\r\n");
        status = status_of(connection.read_head(3000));
    }
};

TEST(Connections, BehindATrustedProxyEachClientHasItsOwnWebSocketCap) {
    TempDir dir;
    auto config = test_config(dir);
    config.limits.connections_per_address = 2;
    config.trusted_proxies = {"127.0.0.0/8"};
    RunningServer server(config, kDemoAccounts, demo_campaign);
    HeldUpgrade a1(server.port(), "X-Forwarded-For: 203.0.113.5\r\n");
    HeldUpgrade a2(server.port(), "X-Forwarded-For: 198.51.100.1, 203.0.113.5\r\n");
    HeldUpgrade a3(server.port(), "X-Forwarded-For: 203.0.113.5\r\n");
    EXPECT_EQ(a1.status, 101);
    EXPECT_EQ(a2.status, 101);
    EXPECT_EQ(a3.status, 429) << "a third from the same client";
    HeldUpgrade b1(server.port(), "Forwarded: for=\"[2001:db8::7]:4711\";proto=https\r\n");
    HeldUpgrade c1(server.port(), "X-Forwarded-For: 203.0.113.6\r\n");
    EXPECT_EQ(b1.status, 101);
    EXPECT_EQ(c1.status, 101) << "another client behind the same proxy is not locked out";
}

TEST(Connections, WithoutATrustedProxyForwardedHeadersAreIgnored) {
    TempDir dir;
    auto config = test_config(dir);
    config.limits.connections_per_address = 2;
    RunningServer server(config, kDemoAccounts, demo_campaign);
    HeldUpgrade a1(server.port(), "X-Forwarded-For: 203.0.113.1\r\n");
    HeldUpgrade a2(server.port(), "X-Forwarded-For: 203.0.113.2\r\n");
    HeldUpgrade a3(server.port(), "X-Forwarded-For: 203.0.113.3\r\n");
    EXPECT_EQ(a1.status, 101);
    EXPECT_EQ(a2.status, 101);
    EXPECT_EQ(a3.status, 429) << "a client cannot name itself someone else";
}

TEST(ClientAddress, TheRightmostUntrustedHopIsTheClient) {
    const std::string proxy = ipv4(0xC0000201), not_a_proxy = ipv4(0xC0000202);
    const server::TrustedProxies proxies({"127.0.0.0/8", proxy, "2001:db8::/32"});
    EXPECT_EQ(proxies.client_address("198.51.100.9", "", "1.2.3.4"), "198.51.100.9");
    EXPECT_EQ(proxies.client_address("127.1.2.3", "", "1.2.3.4"), "1.2.3.4");
    EXPECT_EQ(proxies.client_address("127.1.2.3", "", "6.6.6.6, 1.2.3.4, 127.9.9.9"), "1.2.3.4");
    EXPECT_EQ(proxies.client_address("127.1.2.3", "", ""), "127.1.2.3");
    EXPECT_EQ(proxies.client_address("127.1.2.3", "", "garbage"), "127.1.2.3");
    EXPECT_EQ(proxies.client_address("::ffff:127.1.2.3", "", "1.2.3.4:5678"), "1.2.3.4");
    const std::string documented = ipv4(0xC000023C);  // in the documentation range 192.0.2/24
    EXPECT_EQ(proxies.client_address(
                  "2001:db8::1",
                  "for=" + documented + ";proto=http, for=\"[2001:db8:cafe::17]:4711\"", ""),
              documented);
    EXPECT_EQ(proxies.client_address(proxy, "For=\"_hidden\"", "1.2.3.4"), proxy);
    EXPECT_TRUE(proxies.contains("127.255.255.255"));
    EXPECT_FALSE(proxies.contains("128.0.0.0"));
    EXPECT_FALSE(proxies.contains(not_a_proxy));
    EXPECT_TRUE(proxies.contains("2001:db8:ffff::1"));
    EXPECT_THROW(server::TrustedProxies({"127.0.0.0/x"}), std::invalid_argument);
    EXPECT_THROW(server::TrustedProxies({"example.com"}), std::invalid_argument);
}

}  // namespace
}  // namespace umpire::testing
