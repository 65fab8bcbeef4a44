// The parts of webhook delivery on their own: the address classifier over a table of
// addresses, URL checks and redaction, the back-off schedule, and the worker's bounded queue
// and clean stop.
#include <gtest/gtest.h>
#include <netinet/in.h>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "address_literal.hpp"
#include "server/address_policy.hpp"
#include "server/webhook_signing.hpp"
#include "server/webhook_url.hpp"
#include "server/webhook_worker.hpp"

namespace umpire::server {
namespace {

using namespace std::chrono_literals;

using umpire::testing::ipv4;  // private and reserved addresses, written as numbers

TEST(AddressPolicy, ClassifiesATableOfAddresses) {
    const std::vector<std::pair<std::string, std::string>> table{
        {"127.0.0.1", "loopback"},        {"127.255.255.254", "loopback"},
        {ipv4(0xAC100001), "private"},    {ipv4(0xAC1FFFFF), "private"},  // first and last of 172.16/12
        {ipv4(0xAC200001), ""},          {ipv4(0xAC0FFFFF), ""},         // just after, just before
        {ipv4(0xC0A80001), "private"},   {"169.254.169.254", "link-local"},  // the first of 192.168/16
        {"100.64.0.1", "cgnat"},          {"100.127.255.255", "cgnat"},
        {"100.128.0.1", ""},              {"0.0.0.0", "unspecified"},
        {"0.1.2.3", "unspecified"},       {"224.0.0.1", "multicast"},
        {"239.255.255.250", "multicast"}, {"255.255.255.255", "reserved"},
        {"240.0.0.1", "reserved"},        {ipv4(0xC0000201), "reserved"},
        {"198.18.0.1", "reserved"},       {"8.8.8.8", ""},
        {"1.1.1.1", ""},                  {"93.184.216.34", ""},
        {"::", "unspecified"},            {"::1", "loopback"},
        {"[::1]", "loopback"},            {"fe80::1", "link-local"},
        {"febf::1", "link-local"},        {"fc00::1", "private"},
        {"fd12:3456::1", "private"},      {"fec0::1", "private"},
        {"ff02::1", "multicast"},         {"::ffff:127.0.0.1", "loopback"},
        {"::ffff:7f00:1", "loopback"},    {"::ffff:" + ipv4(0xC0A80101), "private"},
        {"::ffff:169.254.169.254", "link-local"}, {"::ffff:8.8.8.8", ""},
        {"::127.0.0.1", "loopback"},      {"64:ff9b::7f00:1", "loopback"},
        {"64:ff9b::808:808", ""},         {"2002:7f00:1::1", "loopback"},
        {"2001:db8::1", "reserved"},      {"2606:4700::1111", ""},
        {"2001:4860:4860::8888", ""},
    };
    for (const auto& [address, range] : table) {
        const auto got = restricted_range_of_ip(address);
        ASSERT_TRUE(got.has_value()) << address;
        EXPECT_EQ(*got, range) << address;
    }
    for (const char* not_ip : {"localhost", "example.com", "127.1", "1.2.3", "[::1", ""})
        EXPECT_FALSE(restricted_range_of_ip(not_ip).has_value()) << not_ip;
    sockaddr_in v4{};
    v4.sin_family = AF_INET;
    v4.sin_addr.s_addr = htonl(0x7f000001);
    EXPECT_EQ(restricted_range(reinterpret_cast<sockaddr*>(&v4)), "loopback");
    sockaddr unix_socket{};
    unix_socket.sa_family = AF_UNIX;
    EXPECT_EQ(restricted_range(&unix_socket), "reserved");
}

TEST(WebhookUrl, TakesHttpAndHttpsAndRefusesTheRest) {
    const auto ok = check_webhook_url("https://hooks.example.com/api/webhooks/123/tok?x=1", false);
    EXPECT_TRUE(ok.ok()) << ok.error;
    EXPECT_EQ(ok.url, "https://hooks.example.com/api/webhooks/123/tok?x=1");
    EXPECT_EQ(ok.host, "hooks.example.com");
    EXPECT_TRUE(check_webhook_url("http://127.0.0.1:9000/hook", true).ok());
    const std::vector<std::pair<std::string, std::string>> refused{
        {"http://127.0.0.1:9000/hook", "webhooks may not go to loopback addresses (the server does not allow private webhooks)"},
        {"http://a.example/x\r\nHost: b", "the webhook URL may not contain spaces or control characters"},
        {"http://a.example/ x", "the webhook URL may not contain spaces or control characters"},
        {"gopher://a.example/x", "a webhook URL must start with http:// or https://"},
        {"file:///etc/passwd", "a webhook URL must start with http:// or https://"},
        {"http://u:p@a.example/x", "a webhook URL may not carry a user name or password"},
        {"http://u@a.example/x", "a webhook URL may not carry a user name or password"},
        {"a.example/x", "the webhook URL is not a valid absolute URL"},
        {"http://[fe80::1%25eth0]/x", "a webhook URL may not name an IPv6 zone"},
    };
    for (const auto& [url, why] : refused) {
        const auto r = check_webhook_url(url, false);
        EXPECT_FALSE(r.ok()) << url;
        EXPECT_EQ(r.error, why) << url;
        EXPECT_TRUE(r.url.empty());
    }
}

TEST(WebhookUrl, RedactionKeepsOnlySchemeAndHost) {
    EXPECT_EQ(redact_url("https://discord.com/api/webhooks/1234/s3cr3t-token"), "https://discord.com/…");
    EXPECT_EQ(redact_url("http://127.0.0.1:9000/hook?token=abc"), "http://127.0.0.1/…");
    EXPECT_EQ(redact_url("gopher://x.example/abc"), "gopher://x.example/…");
    EXPECT_EQ(redact_url("not a url"), "(unparseable URL)");
}

TEST(WebhookSigning, SecretsAreFreshAndSignaturesKeyed) {
    const auto a = new_webhook_secret(), b = new_webhook_secret();
    EXPECT_EQ(a.size(), 64u);
    EXPECT_NE(a, b);
    EXPECT_EQ(new_delivery_id().size(), 32u);
    const auto sig = webhook_signature(a, 1700000000, "{}");
    EXPECT_EQ(sig.rfind("sha256=", 0), 0u);
    EXPECT_EQ(sig.size(), 7u + 64u);
    EXPECT_EQ(sig, webhook_signature(a, 1700000000, "{}"));
    EXPECT_NE(sig, webhook_signature(b, 1700000000, "{}"));
    EXPECT_NE(sig, webhook_signature(a, 1700000001, "{}"));
    EXPECT_THROW(webhook_signature("abc", 1, "{}"), std::invalid_argument);
    EXPECT_THROW(webhook_signature(std::string(64, 'z'), 1, "{}"), std::invalid_argument);
}

TEST(WebhookRetry, WaitsDoubleUpToTheCapWithBoundedJitter) {
    using std::chrono::milliseconds;
    const milliseconds base(100), cap(1000);
    EXPECT_EQ(webhook_retry_delay(1, base, cap, 0.0), milliseconds(100));
    EXPECT_EQ(webhook_retry_delay(2, base, cap, 0.0), milliseconds(200));
    EXPECT_EQ(webhook_retry_delay(3, base, cap, 0.0), milliseconds(400));
    EXPECT_EQ(webhook_retry_delay(5, base, cap, 0.0), milliseconds(1000));
    EXPECT_EQ(webhook_retry_delay(60, base, cap, 0.0), milliseconds(1000));
    EXPECT_EQ(webhook_retry_delay(1, base, cap, 1.0), milliseconds(125));
    // Even the longest first wait is shorter than the shortest second one.
    EXPECT_LT(webhook_retry_delay(1, base, cap, 0.999), webhook_retry_delay(2, base, cap, 0.0));
}

TEST(WebhookWorker, QueuesAtMostItsCapacityAndStopsInFlight) {
    std::mutex mutex;
    std::condition_variable changed;
    bool started = false;
    int results = 0;
    auto deliver = [&](const WebhookDelivery&, const WebhookTransport&,
                       const std::atomic<bool>* cancelled) {
        {
            std::lock_guard lock(mutex);
            started = true;
        }
        changed.notify_all();
        while (!cancelled->load()) std::this_thread::sleep_for(1ms);  // a receiver that hangs
        return WebhookResult{false, 0, "cancelled"};
    };
    WebhookWorker worker({}, 2, [&](std::function<void()> fn) { fn(); }, deliver);
    auto done = [&](const WebhookResult&) { ++results; };
    EXPECT_TRUE(worker.post({"http://x/", "", "{}", "1"}, done));
    {
        std::unique_lock lock(mutex);
        ASSERT_TRUE(changed.wait_for(lock, 5s, [&] { return started; }));
    }
    EXPECT_TRUE(worker.post({"http://x/", "", "{}", "2"}, done));
    EXPECT_TRUE(worker.post({"http://x/", "", "{}", "3"}, done));
    EXPECT_FALSE(worker.post({"http://x/", "", "{}", "4"}, done));  // full: the caller waits
    const auto began = std::chrono::steady_clock::now();
    worker.stop();
    EXPECT_LT(std::chrono::steady_clock::now() - began, 2s);
    EXPECT_EQ(results, 0);  // nobody is told after a stop
    EXPECT_FALSE(worker.post({"http://x/", "", "{}", "5"}, done));
}

}  // namespace
}  // namespace umpire::server
