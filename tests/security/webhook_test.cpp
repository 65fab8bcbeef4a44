// A malicious or broken webhook receiver, and a member choosing a hostile webhook URL, against
// the real server on 127.0.0.1 (docs/protocol.md, "Notifications"). Each case asserts the exact
// refusal or recorded failure, and that the server still answers (/healthz and a login).
#include <gtest/gtest.h>
#include <sodium.h>
#include <spdlog/sinks/ostream_sink.h>
#include <spdlog/spdlog.h>

#include <chrono>
#include <set>
#include <sstream>
#include <thread>

#include "address_literal.hpp"
#include "hostile_receiver.hpp"
#include "server_fixture.hpp"

namespace umpire::testing {
namespace {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

// Test notifications stored before the server starts; setting a webhook sends them.
void with_notifications(server::Hub& hub, int count) {
    demo_campaign(hub);
    auto& store = *hub.services().server;
    const auto anna = store.account_by_name("anna")->id;
    for (int i = 0; i < count; ++i)
        store.add_notification({anna, "raid", "test:" + std::to_string(i),
                                R"({"type":"test","campaign":"raid"})",
                                "2025-01-01T00:00:" + std::string(i < 10 ? "0" : "") +
                                    std::to_string(i % 60) + ".000Z",
                                0});
}

class WebhookTest : public ::testing::Test {
protected:
    server::ServerConfig config(bool allow_private = true) {
        auto c = test_config(dir);
        c.allow_private_webhooks = allow_private;
        c.webhook_attempts = 1;
        c.webhook_connect_timeout_ms = 1000;
        c.webhook_timeout_ms = 2000;
        c.webhook_retry_base_ms = 50;
        c.webhook_retry_cap_ms = 1000;
        c.webhook_queue_retry_ms = 20;
        return c;
    }
    void start(const server::ServerConfig& c, int notifications = 0) {
        server = std::make_unique<RunningServer>(
            c, kDemoAccounts, [notifications](server::Hub& hub) {
                with_notifications(hub, notifications);
            });
    }
    // The first message of the reply to one API message.
    Json send(const std::string& token, const Json& message) {
        const auto [status, body] = server->api(message, token);
        if (!body.is_object() || !body.contains("messages") || body["messages"].empty())
            return Json{{"http_status", status}};
        return body["messages"][0];
    }
    std::string login(const std::string& account) {
        const Json r = send("", {{"type", "login"}, {"account", account}, {"password", "pw-" + account}});
        EXPECT_EQ(r.value("type", ""), "logged_in") << r.dump();
        return r.value("token", "");
    }
    Json set_webhook(const std::string& token, const std::string& url) {
        return send(token, {{"type", "set_webhook"}, {"campaign", "raid"}, {"url", url}});
    }
    Json deliveries(const std::string& token) {
        return send(token, {{"type", "get_webhook_deliveries"}, {"campaign", "raid"}});
    }
    // The delivery log once it has `n` entries (or as it is after `timeout`).
    Json wait_for_log(const std::string& token, std::size_t n, std::chrono::milliseconds timeout = 10s) {
        const auto until = Clock::now() + timeout;
        Json log;
        do {
            log = deliveries(token).value("deliveries", Json::array());
            if (log.size() >= n) return log;
            std::this_thread::sleep_for(20ms);
        } while (Clock::now() < until);
        return log;
    }
    void expect_alive() {
        const auto health = server::http_request("GET", server->url("/healthz"));
        EXPECT_EQ(health.status, 200) << health.error;
        EXPECT_EQ(health.body, R"({"status":"ok"})");
        EXPECT_FALSE(login("ingrid").empty());
    }

    TempDir dir;
    std::unique_ptr<RunningServer> server;
};

// Answers 204 to everything.
void accept_all(int fd, const ReceivedRequest&, int, const std::atomic<bool>&) {
    HostileReceiver::send_all(fd, HostileReceiver::response(204));
}

TEST_F(WebhookTest, BrokenChunkingIsAFailedDeliveryNotACrash) {
    static const std::vector<std::string> bodies{
        "zz\r\nhello\r\n0\r\n\r\n",                       // not hex
        "-1\r\nhello\r\n0\r\n\r\n",                       // negative
        "ffffffffffffffffffffffff\r\nhello\r\n0\r\n\r\n",  // overflows any size type
        "5\r\nhel",                                       // cut off
    };
    HostileReceiver receiver([](int fd, const ReceivedRequest&, int index, const std::atomic<bool>&) {
        HostileReceiver::send_all(fd, "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n"
                                      "Connection: close\r\n\r\n" +
                                          bodies[static_cast<std::size_t>(index) % bodies.size()]);
    });
    start(config(), static_cast<int>(bodies.size()));
    const auto anna = login("anna");
    ASSERT_EQ(set_webhook(anna, receiver.url())["type"], "webhook_set");
    const Json log = wait_for_log(anna, bodies.size());
    ASSERT_EQ(log.size(), bodies.size()) << log.dump();
    // Newest first: the cut-off body, then the three bad sizes.
    const std::vector<std::string> errors{"Transferred a partial file",
                                          "Failure when receiving data from the peer",
                                          "Failure when receiving data from the peer",
                                          "Failure when receiving data from the peer"};
    for (std::size_t i = 0; i < log.size(); ++i) {
        EXPECT_EQ(log[i]["outcome"], "failed") << log[i].dump();
        EXPECT_EQ(log[i]["http_status"], 200) << log[i].dump();
        EXPECT_EQ(log[i]["error"], errors[i]) << log[i].dump();
    }
    EXPECT_EQ(receiver.count(), bodies.size());
    expect_alive();
}

TEST_F(WebhookTest, ATenMiBResponseIsCutAtTheCap) {
    std::atomic<std::size_t> sent{0};
    HostileReceiver receiver([&](int fd, const ReceivedRequest&, int, const std::atomic<bool>&) {
        const std::size_t total = 10 * 1024 * 1024;
        if (!HostileReceiver::send_all(fd, "HTTP/1.1 200 OK\r\nContent-Length: " +
                                               std::to_string(total) + "\r\n\r\n"))
            return;
        const std::string block(64 * 1024, 'x');
        while (sent < total && HostileReceiver::send_all(fd, block)) sent += block.size();
    });
    start(config(), 1);
    const auto anna = login("anna");
    const auto began = Clock::now();
    ASSERT_EQ(set_webhook(anna, receiver.url())["type"], "webhook_set");
    const Json log = wait_for_log(anna, 1);
    ASSERT_EQ(log.size(), 1u);
    EXPECT_EQ(log[0]["outcome"], "failed");
    EXPECT_EQ(log[0]["error"], "the response was larger than 4096 bytes");
    EXPECT_LT(Clock::now() - began, 5s);
    receiver.stop();
    EXPECT_LT(sent.load(), 10u * 1024 * 1024);  // the server stopped reading long before the end
    expect_alive();
}

TEST_F(WebhookTest, AReceiverThatNeverAnswersTimesOut) {
    HostileReceiver receiver([](int, const ReceivedRequest&, int, const std::atomic<bool>& stopping) {
        while (!stopping) std::this_thread::sleep_for(10ms);  // reads, then says nothing
    });
    auto c = config();
    c.webhook_timeout_ms = 700;
    start(c, 1);
    const auto anna = login("anna");
    const auto began = Clock::now();
    ASSERT_EQ(set_webhook(anna, receiver.url())["type"], "webhook_set");
    const Json log = wait_for_log(anna, 1);
    const auto took = Clock::now() - began;
    ASSERT_EQ(log.size(), 1u);
    EXPECT_EQ(log[0]["outcome"], "failed");
    EXPECT_EQ(log[0]["error"], "timed out");
    EXPECT_EQ(log[0]["http_status"], nullptr);
    EXPECT_GE(took, 650ms);
    EXPECT_LT(took, 5s);
    expect_alive();
}

TEST_F(WebhookTest, ARedirectIsNotFollowed) {
    HostileReceiver second(accept_all);
    HostileReceiver first([&](int fd, const ReceivedRequest&, int, const std::atomic<bool>&) {
        HostileReceiver::send_all(fd, HostileReceiver::response(302, "", "Location: " + second.url() + "\r\n"));
    });
    start(config(), 1);
    const auto anna = login("anna");
    ASSERT_EQ(set_webhook(anna, first.url())["type"], "webhook_set");
    const Json log = wait_for_log(anna, 1);
    ASSERT_EQ(log.size(), 1u);
    EXPECT_EQ(log[0]["outcome"], "failed");
    EXPECT_EQ(log[0]["http_status"], 302);
    EXPECT_EQ(log[0]["error"], "HTTP 302: redirects are not followed");
    EXPECT_EQ(first.count(), 1u);
    EXPECT_FALSE(second.wait_for(1, 300ms));
    EXPECT_EQ(second.count(), 0u);
    expect_alive();
}

TEST_F(WebhookTest, UrlsWithLineBreaksSpacesOrControlCharactersAreRefusedAndChangeNothing) {
    HostileReceiver receiver(accept_all);
    start(config());
    const auto anna = login("anna");
    const auto gm = login("gm");
    ASSERT_EQ(set_webhook(anna, receiver.url("/kept"))["type"], "webhook_set");
    for (const std::string& bad : std::vector<std::string>
         {receiver.url("/x\r\nX-Injected: 1\r\n\r\nPOST /evil HTTP/1.1"), receiver.url("/x\nHost: evil"),
          receiver.url("/a b"), receiver.url("/a\tb"), receiver.url("/a\x01"), receiver.url("/a\x7f"),
          " " + receiver.url("/lead")}) {
        const Json r = set_webhook(anna, bad);
        EXPECT_EQ(r["type"], "error") << r.dump();
        EXPECT_EQ(r["code"], "invalid_argument");
        EXPECT_EQ(r["message"], "the webhook URL may not contain spaces or control characters");
        EXPECT_EQ(r["message"].get<std::string>().find("127.0.0.1"), std::string::npos);
    }
    // The webhook set first is the one that gets the next notification.
    ASSERT_EQ(send(gm, {{"type", "gm"}, {"campaign", "raid"}, {"command", "force_advance"},
                        {"period", 0}, {"reason", "test"}})["type"], "gm_done");
    ASSERT_TRUE(receiver.wait_for(1, 10s));
    std::this_thread::sleep_for(300ms);
    for (const auto& got : receiver.requests()) {
        EXPECT_EQ(got.target, "/kept");
        EXPECT_EQ(got.raw.find("X-Injected"), std::string::npos);
        EXPECT_EQ(got.raw.find("/evil"), std::string::npos);
    }
    expect_alive();
}

TEST_F(WebhookTest, SchemesOtherThanHttpAndCredentialsAreRefused) {
    start(config());
    const auto anna = login("anna");
    for (const std::string bad : {"file:///etc/passwd", "gopher://127.0.0.1:70/_SET%20x", "ftp://127.0.0.1/x",
                                  "dict://127.0.0.1:11211/stats", "ldap://127.0.0.1/x"}) {
        const Json r = set_webhook(anna, bad);
        EXPECT_EQ(r["code"], "invalid_argument") << bad;
        EXPECT_EQ(r["message"], "a webhook URL must start with http:// or https://") << bad;
    }
    for (const std::string bad : {"javascript:alert(1)", "127.0.0.1/hook", "http://", "//127.0.0.1/x"}) {
        const Json r = set_webhook(anna, bad);
        EXPECT_EQ(r["code"], "invalid_argument") << bad << " " << r.dump();
    }
    const Json r = set_webhook(anna, "http://user:pass@example.com/hook");
    EXPECT_EQ(r["code"], "invalid_argument");
    EXPECT_EQ(r["message"], "a webhook URL may not carry a user name or password");
    expect_alive();
}

TEST_F(WebhookTest, PrivateAndLoopbackLiteralsAreRefusedWithoutTheFlag) {
    start(config(false));
    const auto anna = login("anna");
    const std::vector<std::pair<std::string, std::string>> cases{
        {"http://127.0.0.1:8080/hook", "loopback"},
        {"http://169.254.169.254/latest/meta-data/", "link-local"},
        {"http://[::1]:8080/hook", "loopback"},
        {"http://[::ffff:127.0.0.1]/hook", "loopback"},
        {"http://0.0.0.0:8080/hook", "unspecified"},
        {"https://" + umpire::testing::ipv4(0xC0A80101) + "/hook", "private"},  // 192.168/16
        {"http://100.64.0.1/hook", "cgnat"},
        {"http://[fe80::1]/hook", "link-local"},
        {"http://224.0.0.1/hook", "multicast"},
    };
    for (const auto& [url, range] : cases) {
        const Json r = set_webhook(anna, url);
        EXPECT_EQ(r["code"], "invalid_argument") << url << " " << r.dump();
        EXPECT_EQ(r["message"], "webhooks may not go to " + range +
                                    " addresses (the server does not allow private webhooks)")
            << url;
    }
    // A name is taken (checked when connecting); .invalid never resolves, so even a delivery
    // could reach nothing outside this machine.
    EXPECT_EQ(set_webhook(anna, "https://umpire-test.invalid/hook")["type"], "webhook_set");
    expect_alive();
}

TEST_F(WebhookTest, ANameResolvingToLoopbackIsRefusedWhenConnecting) {
    HostileReceiver receiver(accept_all);
    start(config(false), 1);
    const auto anna = login("anna");
    const Json set = set_webhook(anna, "http://localhost:" + std::to_string(receiver.port()) + "/hook");
    ASSERT_EQ(set["type"], "webhook_set") << set.dump();
    const Json log = wait_for_log(anna, 1);
    ASSERT_EQ(log.size(), 1u);
    EXPECT_EQ(log[0]["outcome"], "failed");
    EXPECT_EQ(log[0]["http_status"], nullptr);
    const std::string error = log[0]["error"];
    EXPECT_EQ(error.rfind("refused to connect to ", 0), 0u) << error;
    EXPECT_NE(error.find(": a loopback address (the server does not allow private webhooks)"),
              std::string::npos) << error;
    EXPECT_FALSE(receiver.wait_for(1, 200ms));
    expect_alive();
}

TEST_F(WebhookTest, HttpsToAPlainReceiverFailsAsATlsFailureInTheLog) {
    HostileReceiver receiver(accept_all);
    start(config(), 1);
    const auto anna = login("anna");
    const std::string url = "https://127.0.0.1:" + std::to_string(receiver.port()) + "/hook";
    ASSERT_EQ(set_webhook(anna, url)["type"], "webhook_set");
    const Json log = wait_for_log(anna, 1);
    ASSERT_EQ(log.size(), 1u);
    EXPECT_EQ(log[0]["outcome"], "failed");
    EXPECT_EQ(log[0]["http_status"], nullptr);
    EXPECT_EQ(log[0]["error"].get<std::string>().rfind("TLS/certificate failure: ", 0), 0u)
        << log[0].dump();
    ASSERT_EQ(receiver.count(), 1u);  // attempted: a TLS ClientHello (0x16) arrived
    EXPECT_EQ(static_cast<unsigned char>(receiver.requests()[0].raw.at(0)), 0x16);
    expect_alive();
}

TEST_F(WebhookTest, TheSignatureVerifiesAndASuccessIsNotSentAgain) {
    HostileReceiver receiver(accept_all);
    start(config());
    const auto anna = login("anna");
    const auto gm = login("gm");
    const Json set = set_webhook(anna, receiver.url("/signed"));
    ASSERT_EQ(set["type"], "webhook_set");
    const std::string secret = set["secret"];
    ASSERT_EQ(secret.size(), 64u);
    ASSERT_EQ(send(gm, {{"type", "gm"}, {"campaign", "raid"}, {"command", "force_advance"},
                        {"period", 0}, {"reason", "test"}})["type"], "gm_done");
    // The period's resolution; other notifications (decisions) may follow it.
    auto resolved = [&] {
        std::vector<ReceivedRequest> out;
        for (const auto& r : receiver.requests())
            if (Json::parse(r.body, nullptr, false).value("key", "") == "resolved:0.0") out.push_back(r);
        return out;
    };
    const auto until = Clock::now() + 10s;
    while (resolved().empty() && Clock::now() < until) std::this_thread::sleep_for(10ms);
    ASSERT_EQ(resolved().size(), 1u);
    const auto request = resolved()[0];
    EXPECT_EQ(request.method, "POST");
    EXPECT_EQ(request.target, "/signed");
    EXPECT_EQ(request.headers.at("user-agent"), "umpire/0.1");
    EXPECT_EQ(request.headers.at("content-type"), "application/json");
    EXPECT_EQ(Json::parse(request.body)["key"], "resolved:0.0");
    // The receiver's check, with libsodium directly: HMAC-SHA256 over "<timestamp>.<body>".
    const std::string timestamp = request.headers.at("x-umpire-timestamp");
    EXPECT_LE(std::abs(std::stoll(timestamp) - static_cast<long long>(std::time(nullptr))), 60);
    unsigned char key[crypto_auth_hmacsha256_KEYBYTES];
    ASSERT_EQ(sodium_hex2bin(key, sizeof key, secret.data(), secret.size(), nullptr, nullptr, nullptr), 0);
    const std::string text = timestamp + "." + request.body;
    unsigned char mac[crypto_auth_hmacsha256_BYTES];
    crypto_auth_hmacsha256(mac, reinterpret_cast<const unsigned char*>(text.data()), text.size(), key);
    char hex[2 * sizeof mac + 1];
    sodium_bin2hex(hex, sizeof hex, mac, sizeof mac);
    EXPECT_EQ(request.headers.at("x-umpire-signature"), std::string("sha256=") + hex);
    // A forged body does not verify.
    const std::string forged = timestamp + "." + request.body + " ";
    crypto_auth_hmacsha256(mac, reinterpret_cast<const unsigned char*>(forged.data()), forged.size(), key);
    sodium_bin2hex(hex, sizeof hex, mac, sizeof mac);
    EXPECT_NE(request.headers.at("x-umpire-signature"), std::string("sha256=") + hex);

    std::this_thread::sleep_for(500ms);
    EXPECT_EQ(resolved().size(), 1u);  // no second request after a success
    Json entries = Json::array();
    for (const auto& entry : wait_for_log(anna, receiver.count()))
        if (entry["key"] == "resolved:0.0") entries.push_back(entry);
    ASSERT_EQ(entries.size(), 1u);
    EXPECT_EQ(entries[0]["outcome"], "delivered");
    EXPECT_EQ(entries[0]["http_status"], 204);
    EXPECT_EQ(entries[0]["attempt"], 1);
    EXPECT_EQ(entries[0]["error"], "");
    EXPECT_EQ(entries[0]["delivery_id"], request.headers.at("x-umpire-delivery"));
    expect_alive();
}

TEST_F(WebhookTest, FailuresAreRetriedWithGrowingWaitsUpToTheAttempts) {
    HostileReceiver receiver([](int fd, const ReceivedRequest&, int, const std::atomic<bool>&) {
        HostileReceiver::send_all(fd, HostileReceiver::response(500, "no"));
    });
    auto c = config();
    c.webhook_attempts = 4;
    c.webhook_retry_base_ms = 100;  // waits of 100-125, 200-250, 400-500 ms
    start(c, 1);
    const auto anna = login("anna");
    ASSERT_EQ(set_webhook(anna, receiver.url())["type"], "webhook_set");
    ASSERT_TRUE(receiver.wait_for(4, 10s));
    EXPECT_FALSE(receiver.wait_for(5, 800ms));  // given up after webhook_attempts
    const auto got = receiver.requests();
    ASSERT_EQ(got.size(), 4u);
    std::vector<std::chrono::milliseconds> gaps;
    for (std::size_t i = 1; i < got.size(); ++i)
        gaps.push_back(std::chrono::duration_cast<std::chrono::milliseconds>(got[i].at - got[i - 1].at));
    EXPECT_GE(gaps[0], 95ms);
    EXPECT_GT(gaps[1], gaps[0]);
    EXPECT_GT(gaps[2], gaps[1]);
    EXPECT_GE(gaps[2], 395ms);
    const Json log = wait_for_log(anna, 4);
    ASSERT_EQ(log.size(), 4u);
    for (int i = 0; i < 4; ++i) {
        EXPECT_EQ(log[i]["attempt"], 4 - i);  // newest first
        EXPECT_EQ(log[i]["outcome"], "failed");
        EXPECT_EQ(log[i]["http_status"], 500);
        EXPECT_EQ(log[i]["error"], "HTTP 500");
    }
    expect_alive();
}

TEST_F(WebhookTest, AFloodThroughASmallQueueArrivesInFullOneAtATime) {
    // Deliveries waiting for their answer at once: a second worker would make this 2.
    std::atomic<int> waiting{0}, most_waiting{0};
    HostileReceiver receiver([&](int fd, const ReceivedRequest&, int, const std::atomic<bool>&) {
        const int now = ++waiting;
        int seen = most_waiting;
        while (now > seen && !most_waiting.compare_exchange_weak(seen, now)) {
        }
        std::this_thread::sleep_for(3ms);  // parallel deliveries would overlap here
        --waiting;  // before the answer: the next delivery cannot start before it
        HostileReceiver::send_all(fd, HostileReceiver::response(204));
    });
    auto c = config();
    c.webhook_queue_capacity = 2;
    const int flood = 40;
    start(c, flood);
    const auto anna = login("anna");
    ASSERT_EQ(set_webhook(anna, receiver.url())["type"], "webhook_set");
    ASSERT_TRUE(receiver.wait_for(flood, 20s)) << receiver.count();
    EXPECT_FALSE(receiver.wait_for(flood + 1, 300ms));
    std::set<std::string> keys;
    for (const auto& r : receiver.requests()) keys.insert(Json::parse(r.body)["key"].get<std::string>());
    EXPECT_EQ(keys.size(), static_cast<std::size_t>(flood));
    EXPECT_EQ(most_waiting.load(), 1);  // one worker
    const Json log = wait_for_log(anna, flood);
    ASSERT_EQ(log.size(), static_cast<std::size_t>(flood));
    for (const auto& entry : log) EXPECT_EQ(entry["outcome"], "delivered");
    expect_alive();
}

TEST_F(WebhookTest, AnotherAccountCannotReadYourDeliveryLog) {
    HostileReceiver receiver(accept_all);
    start(config(), 1);
    const auto anna = login("anna");
    ASSERT_EQ(set_webhook(anna, receiver.url())["type"], "webhook_set");
    ASSERT_EQ(wait_for_log(anna, 1).size(), 1u);
    const Json ingrids = deliveries(login("ingrid"));
    EXPECT_EQ(ingrids["type"], "webhook_deliveries");
    EXPECT_EQ(ingrids["deliveries"], Json::array());
    const Json olafs = deliveries(login("olaf"));  // not a member
    EXPECT_EQ(olafs["type"], "error");
    EXPECT_EQ(olafs["code"], "unknown_campaign");
    EXPECT_EQ(send("", {{"type", "get_webhook_deliveries"}, {"campaign", "raid"}})["code"],
              "not_logged_in");
    expect_alive();
}

TEST_F(WebhookTest, TheUrlIsNeverLogged) {
    std::ostringstream captured;
    auto sink = std::make_shared<spdlog::sinks::ostream_sink_mt>(captured);
    auto logger = spdlog::default_logger();
    logger->sinks().push_back(sink);
    HostileReceiver receiver([](int fd, const ReceivedRequest&, int, const std::atomic<bool>&) {
        HostileReceiver::send_all(fd, HostileReceiver::response(500));
    });
    auto c = config();
    c.log_level = "debug";
    c.webhook_attempts = 2;
    start(c, 1);
    const auto anna = login("anna");
    const std::string secret_url = receiver.url("/hooks/T0KEN-sekrit-path?token=QUERY-sekrit");
    ASSERT_EQ(set_webhook(anna, secret_url)["type"], "webhook_set");
    ASSERT_EQ(wait_for_log(anna, 2).size(), 2u);
    EXPECT_EQ(set_webhook(anna, "")["type"], "webhook_set");
    EXPECT_EQ(set_webhook(anna, "http://127.0.0.1:1/bad path-sekrit")["code"], "invalid_argument");
    server.reset();
    logger->sinks().pop_back();
    spdlog::set_level(spdlog::level::warn);
    const std::string text = captured.str();
    EXPECT_NE(text.find("http://127.0.0.1/…"), std::string::npos) << text;  // the redacted form
    EXPECT_NE(text.find("failed, attempt 2 of 2: HTTP 500"), std::string::npos) << text;
    EXPECT_EQ(text.find("sekrit"), std::string::npos) << text;
    EXPECT_EQ(text.find("T0KEN"), std::string::npos) << text;
}

}  // namespace
}  // namespace umpire::testing
