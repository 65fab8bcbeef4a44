// One WebSocket session over Beast's in-memory test stream: the handshake, hello and login, a
// bounded outbound queue (a client that does not read is closed with a reason), and a full
// snapshot again after a reconnect.
#include <boost/beast/_experimental/test/stream.hpp>
#include <boost/beast/http.hpp>

#include "hub_support.hpp"
#include "server/ws_session.hpp"

namespace umpire::testing {
namespace {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using TestStream = beast::test::stream;

struct SessionPair {
    net::io_context io;
    std::shared_ptr<server::WsSession<TestStream>> session;
    std::unique_ptr<websocket::stream<TestStream>> client;
    beast::flat_buffer buffer;

    explicit SessionPair(server::Hub& hub) {
        TestStream server_end(io), client_end(io);
        server_end.connect(client_end);
        client = std::make_unique<websocket::stream<TestStream>>(std::move(client_end));
        // The server reads the upgrade request, then hands the stream to the session.
        beast::flat_buffer request_buffer;
        beast::http::request<beast::http::string_body> request;
        bool read = false, shaken = false;
        beast::http::async_read(server_end, request_buffer, request,
                                [&](beast::error_code ec, std::size_t) { read = !ec; });
        client->async_handshake("localhost", "/ws", [&](beast::error_code ec) { shaken = !ec; });
        while (!(read && shaken) && io.run_one_for(std::chrono::milliseconds(200))) {
            if (read) break;
        }
        EXPECT_TRUE(read);
        io.restart();
        session = std::make_shared<server::WsSession<TestStream>>(std::move(server_end), hub, "mem");
        session->run(std::move(request));
        while (!shaken && io.run_one_for(std::chrono::milliseconds(200))) {
        }
        EXPECT_TRUE(shaken);
    }
    void send(const Json& m) {
        client->write(net::buffer(m.dump()));
        io.restart();
        io.poll();
    }
    // The next message, or nullopt when the server closed (reason in `closed_reason`).
    std::optional<Json> receive() {
        beast::error_code ec;
        bool done = false;
        client->async_read(buffer, [&](beast::error_code e, std::size_t) { ec = e; done = true; });
        io.restart();
        while (!done && io.run_one_for(std::chrono::milliseconds(500))) {
        }
        if (!done || ec) {
            closed_reason = std::string(client->reason().reason.c_str());
            return std::nullopt;
        }
        auto m = Json::parse(beast::buffers_to_string(buffer.data()));
        buffer.consume(buffer.size());
        return m;
    }
    std::string closed_reason;
};

class Session : public ::testing::Test {
protected:
    TempDir dir;
    HubHarness h{dir};
    void SetUp() override {
        for (const auto& [name, pw] : kDemoAccounts) h.hub->create_account(name, pw);
        demo_campaign(*h.hub);
    }
};

TEST_F(Session, HelloLoginJoinOverTheInMemoryStream) {
    SessionPair s(*h.hub);
    s.send({{"type", "hello"}, {"versions", {1}}, {"id", 1}});
    auto welcome = s.receive();
    ASSERT_TRUE(welcome);
    EXPECT_EQ((*welcome)["type"], "welcome");
    EXPECT_EQ((*welcome)["limits"]["max_message_bytes"], 64 * 1024);
    s.send({{"type", "login"}, {"account", "anna"}, {"password", "pw-anna"}});
    auto login = s.receive();
    ASSERT_TRUE(login);
    const std::string token = (*login)["token"];
    s.send({{"type", "join"}, {"campaign", "raid"}});
    auto snapshot = s.receive();
    ASSERT_TRUE(snapshot);
    EXPECT_EQ((*snapshot)["type"], "snapshot");
    EXPECT_EQ((*snapshot)["view"]["you"]["player"], "anna");

    // A second connection with the token gets the same full view.
    SessionPair again(*h.hub);
    again.send({{"type", "hello"}, {"versions", {1}}});
    again.receive();
    again.send({{"type", "login"}, {"token", token}});
    EXPECT_EQ((*again.receive())["type"], "logged_in");
    again.send({{"type", "join"}, {"campaign", "raid"}});
    EXPECT_EQ((*again.receive())["view"], (*snapshot)["view"]);
}

TEST_F(Session, AClientThatDoesNotReadIsClosedWithAReason) {
    h.services.config.limits.outbound_queue_messages = 3;
    SessionPair s(*h.hub);
    s.send({{"type", "hello"}, {"versions", {1}}});
    ASSERT_TRUE(s.receive());
    // Ten frames queued at once, more than the cap: the session closes rather than drop.
    for (int i = 0; i < 10; ++i) s.session->send(std::make_shared<const std::string>("{\"type\":\"pong\"}"));
    int received = 0;
    while (s.receive()) ++received;
    EXPECT_LE(received, 3);
    EXPECT_EQ(s.closed_reason, "outbound queue full: the client reads too slowly");
    EXPECT_EQ(h.metrics.text().find("umpire_closes_total{reason=\"outbound_queue\"} 1") != std::string::npos, true);
}

TEST_F(Session, BinaryFramesAreRefused) {
    SessionPair s(*h.hub);
    s.client->binary(true);
    s.send({{"type", "hello"}, {"versions", {1}}});
    EXPECT_FALSE(s.receive());
    EXPECT_EQ(s.closed_reason, "binary frames are not part of the protocol");
}

}  // namespace
}  // namespace umpire::testing
