// Password guessing is slowed down per account and per address (429 with Retry-After), and
// argon2id runs off the I/O thread: while a password is being checked, everyone else is served.
#include <future>

#include "raw_http.hpp"
#include "server/login_throttle.hpp"
#include "server_fixture.hpp"

namespace umpire::testing {
namespace {

using namespace std::chrono;

// The throttle keeps its counts in the database (several servers count the same guesses).
class LoginThrottle : public ::testing::Test {
protected:
    TempDir dir;
    server::Stores stores{(dir.path / "throttle.db").string(), [] {
                              storage::ConnectionOptions o;
                              o.create = true;
                              return o;
                          }()};
};

TEST_F(LoginThrottle, DelaysDoubleAfterTheFreeAttemptsAndASuccessResetsTheAccount) {
    server::LoginThrottle t({3, 100, 1, 8}, *stores.server);
    const server::LoginThrottle::TimePoint t0{};
    EXPECT_EQ(t.attempt("anna", "a", t0), 0);
    EXPECT_EQ(t.attempt("anna", "a", t0), 0);
    EXPECT_EQ(t.attempt("anna", "a", t0), 0);  // the third sets a 1 s delay
    EXPECT_EQ(t.attempt("anna", "a", t0), 1);
    EXPECT_EQ(t.attempt("anna", "a", t0 + milliseconds(999)), 1);
    EXPECT_EQ(t.attempt("anna", "a", t0 + seconds(1)), 0);   // counted: now 2 s
    EXPECT_EQ(t.attempt("anna", "a", t0 + seconds(2)), 1);
    EXPECT_EQ(t.attempt("anna", "a", t0 + seconds(3)), 0);   // now 4 s
    EXPECT_EQ(t.attempt("anna", "a", t0 + seconds(4)), 3);
    EXPECT_EQ(t.attempt("anna", "a", t0 + seconds(7)), 0);   // now 8 s: the cap
    EXPECT_EQ(t.attempt("anna", "a", t0 + seconds(15)), 0);  // still 8 s, not 16
    EXPECT_EQ(t.attempt("anna", "a", t0 + seconds(16)), 7);
    // Another account from another address is not held up by anna's.
    EXPECT_EQ(t.attempt("ingrid", "b", t0 + seconds(16)), 0);
    t.succeeded("anna", "c");
    EXPECT_EQ(t.attempt("anna", "c", t0 + seconds(16)), 0);
}

TEST_F(LoginThrottle, AnAddressGuessingAtManyAccountsIsSlowedToo) {
    server::LoginThrottle t({100, 4, 1, 900}, *stores.server);
    const server::LoginThrottle::TimePoint t0{};
    for (int i = 0; i < 4; ++i) EXPECT_EQ(t.attempt("name" + std::to_string(i), "x", t0), 0);
    EXPECT_EQ(t.attempt("another", "x", t0), 1);
    EXPECT_EQ(t.attempt("another", "y", t0), 0) << "other addresses go on";
}

TEST_F(LoginThrottle, GoodLoginsFromOneAddressAreNeverHeldUpButItsFailuresStillCount) {
    server::LoginThrottle t({100, 4, 1, 900}, *stores.server);
    const server::LoginThrottle::TimePoint t0{};
    for (int i = 0; i < 50; ++i) {
        const std::string account = "player" + std::to_string(i);
        ASSERT_EQ(t.attempt(account, "club", t0), 0) << "login " << i;
        t.succeeded(account, "club");
    }
    for (int i = 0; i < 4; ++i) EXPECT_EQ(t.attempt("guess" + std::to_string(i), "club", t0), 0);
    EXPECT_EQ(t.attempt("guess", "club", t0), 1) << "the four failures still count";
}

TEST_F(LoginThrottle, TwoServersOnOneDatabaseCountTheSameGuesses) {
    server::LoginThrottle first({4, 100, 1, 900}, *stores.server);
    server::Stores other_connection{(dir.path / "throttle.db").string()};
    server::LoginThrottle second({4, 100, 1, 900}, *other_connection.server);
    const server::LoginThrottle::TimePoint t0{};
    EXPECT_EQ(first.attempt("anna", "a", t0), 0);
    EXPECT_EQ(second.attempt("anna", "b", t0), 0);
    EXPECT_EQ(first.attempt("anna", "c", t0), 0);
    EXPECT_EQ(second.attempt("anna", "d", t0), 0);  // the fourth, on either: a 1 s delay
    EXPECT_EQ(first.attempt("anna", "e", t0), 1);
    EXPECT_EQ(second.attempt("anna", "f", t0), 1);
    second.succeeded("anna", "f");
    EXPECT_EQ(first.attempt("anna", "g", t0), 0) << "a success on one server resets both";
}

TEST_F(LoginThrottle, IdleCountsAreForgottenButDelaysAreKept) {
    server::LoginThrottle t({2, 1000, 10000, 100000}, *stores.server);
    const server::LoginThrottle::TimePoint t0 = server::LoginThrottle::TimePoint{} + hours(1000);
    for (int i = 0; i < 200; ++i) ASSERT_EQ(t.attempt("n" + std::to_string(i), "x", t0), 0);
    EXPECT_EQ(t.attempt("guessed", "y", t0), 0);
    EXPECT_EQ(t.attempt("guessed", "y", t0), 0);  // the second sets a 10,000 s delay
    auto& db = stores.campaigns->database();
    EXPECT_EQ(db.query_int("SELECT count(*) FROM login_throttle"), 203);
    // Two hours on, at the next attempt: the idle counts go, the running delay stays.
    EXPECT_EQ(t.attempt("late", "z", t0 + hours(2)), 0);
    EXPECT_EQ(db.query_int("SELECT count(*) FROM login_throttle"), 3);
    EXPECT_EQ(t.attempt("guessed", "q", t0 + hours(2)), 10000 - 7200);
}

class Logins : public ::testing::Test {
protected:
    TempDir dir;
    server::ServerConfig config = [this] {
        auto c = test_config(dir);
        c.limits.login_free_per_account = 5;
        return c;
    }();
};

TEST_F(Logins, SixtyWrongPasswordsAreThrottledWith429AndRetryAfter) {
    RunningServer server(config, kDemoAccounts, demo_campaign);
    const std::string body = Json{{"type", "login"}, {"account", "anna"}, {"password", "wrong"}}.dump();
    int unauthorized = 0, throttled = 0;
    std::string retry_after;
    for (int i = 0; i < 60; ++i) {
        const auto reply = raw_exchange(
            server.port(), "POST /api/v1/messages HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                           "Content-Length: " + std::to_string(body.size()) + "\r\nConnection: close\r\n\r\n" + body);
        const int status = status_of(reply);
        if (status == 401) ++unauthorized;
        if (status == 429) {
            ++throttled;
            retry_after = header_of(reply, "Retry-After");
            EXPECT_EQ(Json::parse(body_of(reply))["messages"][0]["code"], "rate_limited");
        }
    }
    EXPECT_EQ(unauthorized, 5) << "five free attempts, then delays";
    EXPECT_EQ(throttled, 55);
    EXPECT_GE(std::stoi(retry_after), 1);
    // Even the right password waits now; the account is not opened by guessing faster.
    auto [status, reply] = server.api({{"type", "login"}, {"account", "anna"}, {"password", "pw-anna"}});
    EXPECT_EQ(status, 429) << reply.dump();
    EXPECT_TRUE(reply["messages"][0].contains("retry_after_seconds"));
    // Other accounts log in as usual.
    auto [gm_status, gm_reply] = server.api({{"type", "login"}, {"account", "gm"}, {"password", "pw-gm"}});
    EXPECT_EQ(gm_status, 200) << gm_reply.dump();
}

TEST_F(Logins, WebSocketLoginsAreThrottledTooAndSayHowLongToWait) {
    RunningServer server(config, kDemoAccounts, demo_campaign);
    TestClient c(server.port());
    c.request({{"type", "hello"}, {"versions", {1}}});
    for (int i = 0; i < 5; ++i)
        EXPECT_EQ(c.request({{"type", "login"}, {"account", "ingrid"}, {"password", "no"}})["code"],
                  "bad_credentials");
    auto throttled = c.request({{"type", "login"}, {"account", "ingrid"}, {"password", "no"}});
    EXPECT_EQ(throttled["code"], "rate_limited") << throttled.dump();
    EXPECT_GE(throttled["retry_after_seconds"].get<int>(), 1);
}

// A password check held open in its worker (fault injection at "password_check") does not hold
// the I/O thread: health checks and other sessions are answered meanwhile.
TEST_F(Logins, APasswordCheckRunsOffTheIoThread) {
    std::promise<void> release;
    std::shared_future<void> released = release.get_future().share();
    std::atomic<int> checks{0};
    RunningServer server(config, kDemoAccounts, [&](server::Hub& hub) {
        demo_campaign(hub);
        hub.services().fault = [&, released](std::string_view site, std::string_view) {
            if (site == "password_check") {
                ++checks;
                released.wait();
            }
        };
    });
    auto login = std::async(std::launch::async, [&] {
        return server.api({{"type", "login"}, {"account", "anna"}, {"password", "pw-anna"}});
    });
    for (int i = 0; i < 100 && checks == 0; ++i) std::this_thread::sleep_for(milliseconds(20));
    ASSERT_EQ(checks.load(), 1);
    EXPECT_EQ(status_of(raw_exchange(server.port(), "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")), 200);
    TestClient other(server.port());
    EXPECT_EQ(other.request({{"type", "hello"}, {"versions", {1}}})["type"], "welcome");
    EXPECT_EQ(login.wait_for(milliseconds(0)), std::future_status::timeout) << "still checking";
    release.set_value();
    auto [status, reply] = login.get();
    EXPECT_EQ(status, 200) << reply.dump();
    EXPECT_EQ(reply["messages"][0]["type"], "logged_in");
}

// Messages sent right behind a login wait for it and are handled in order.
TEST_F(Logins, AMessageRightBehindALoginIsHandledAfterIt) {
    RunningServer server(config, kDemoAccounts, demo_campaign);
    TestClient anna(server.port());
    anna.request({{"type", "hello"}, {"versions", {1}}});
    anna.send({{"type", "login"}, {"id", 900}, {"account", "anna"}, {"password", "pw-anna"}});
    anna.send({{"type", "join"}, {"id", 901}, {"campaign", "raid"}});
    auto joined = anna.wait_for("snapshot");
    EXPECT_EQ(joined["re"], 901);
}

// The hash an unknown name is checked against exists before the first login, at the server's
// cost: the first unknown-name login does no argon2id work on the I/O thread (which stalled
// /healthz) and takes as long as a known name's (issue 53).
TEST_F(Logins, TheUnknownNamesHashIsMadeAtStartAtTheServersCost) {
    RunningServer server(config, kDemoAccounts, demo_campaign);
    std::string dummy, anna;
    server.on_io_thread([&] {
        dummy = server.hub().unknown_account_hash();
        anna = *server.services().server->account_by_name("anna")->password_hash;
    });
    ASSERT_EQ(config.password_cost, "min");
    EXPECT_EQ(dummy.rfind("$argon2id$v=19$m=8,t=1,p=1$", 0), 0u) << dummy;
    EXPECT_EQ(dummy.substr(0, dummy.rfind('$', dummy.rfind('$') - 1)),
              anna.substr(0, anna.rfind('$', anna.rfind('$') - 1)))
        << "the same parameters as an account's hash";
}

TEST_F(Logins, UnknownAccountsAndWrongPasswordsGetTheSameAnswer) {
    RunningServer server(config, kDemoAccounts, demo_campaign);
    auto [s1, unknown] = server.api({{"type", "login"}, {"account", "nobody"}, {"password", "x"}});
    auto [s2, wrong] = server.api({{"type", "login"}, {"account", "olaf"}, {"password", "x"}});
    EXPECT_EQ(s1, 401);
    EXPECT_EQ(s2, 401);
    EXPECT_EQ(unknown["messages"][0]["message"], wrong["messages"][0]["message"]);
}

}  // namespace
}  // namespace umpire::testing
