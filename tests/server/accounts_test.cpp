// Accounts and seats on the real server (issue 30), where the command-line test cannot reach:
// invites that expire on the server's (injected) clock, sign-up attempts throttled like logins,
// a password change closing the account's other live connections, a freed seat's old holder cut
// off from the side's view at once, and seat commands audited with the GM who gave them but never
// shown to players.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>

#include "server_fixture.hpp"

namespace umpire::testing {
namespace {

using namespace std::chrono;

class Accounts : public ::testing::Test {
protected:
    std::atomic<long long> offset_ms{0};
    TempDir dir;
    RunningServer server{test_config(dir), kDemoAccounts, demo_campaign,
                         [this] { return system_clock::now() + milliseconds(offset_ms.load()); }};
    std::string gm_token = login("gm");

    std::string login(const std::string& name, const std::string& password = "") {
        auto [status, body] =
            server.api({{"type", "login"},
                        {"account", name},
                        {"password", password.empty() ? "pw-" + name : password}});
        EXPECT_EQ(status, 200) << body.dump();
        return body["messages"][0].value("token", "");
    }
    Json gm(Json command) {
        command["type"] = "gm";
        command["campaign"] = "raid";
        return server.api(command, gm_token).second["messages"][0];
    }
    Json sign_up(const std::string& code, const std::string& name) {
        return server
            .api({{"type", "sign_up"},
                  {"code", code},
                  {"account", name},
                  {"password", "a long passphrase"}})
            .second["messages"][0];
    }
    bool account_exists(const std::string& name) {
        bool exists = false;
        server.on_io_thread(
            [&] { exists = server.services().server->account_by_name(name).has_value(); });
        return exists;
    }
};

TEST_F(Accounts, AnInviteExpiresOnTheServersClockAndThenMakesNoAccount) {
    const Json made = gm({{"command", "invite"}, {"role", "observer"}, {"hours", 1}});
    ASSERT_EQ(made["type"], "gm_done") << made.dump();
    offset_ms = 61LL * 60 * 1000;
    const Json refused = sign_up(made["code"], "late");
    EXPECT_EQ(refused["code"], "invite_invalid") << refused.dump();
    EXPECT_FALSE(account_exists("late"));
    const Json listed = gm({{"command", "invites"}});
    ASSERT_EQ(listed["invites"].size(), 1u);
    EXPECT_EQ(listed["invites"][0]["state"], "expired");
    EXPECT_EQ(listed["invites"][0]["id"], made["invite"]);
    // Revoking an expired invite is refused: there is nothing left to revoke.
    EXPECT_EQ(gm({{"command", "revoke_invite"}, {"invite", made["invite"]}})["code"],
              "invalid_argument");
}

TEST_F(Accounts, GuessingInviteCodesIsThrottledLikePasswords) {
    Json last;
    for (int i = 0; i < 6; ++i) last = sign_up("guess" + std::to_string(i), "mallory");
    EXPECT_EQ(last["code"], "rate_limited") << last.dump();
    EXPECT_GT(last.value("retry_after_seconds", 0), 0);
    EXPECT_FALSE(account_exists("mallory"));
}

TEST_F(Accounts, AnAddressThatIsNoAddressIsRefusedAndNothingChanges) {
    const std::string anna = login("anna");
    EXPECT_EQ(server.api({{"type", "set_email"}, {"email", "anna@example.org"}}, anna)
                  .second["messages"][0]["email"],
              "anna@example.org");
    const Json refused = server.api({{"type", "set_email"}, {"email", "anna at example"}}, anna)
                             .second["messages"][0];
    EXPECT_EQ(refused["code"], "invalid_argument");
    EXPECT_EQ(refused["path"], "$.email");
    EXPECT_EQ(server.api({{"type", "get_account"}}, anna).second["messages"][0]["email"],
              "anna@example.org");
}

TEST_F(Accounts, AChangedPasswordClosesTheAccountsOtherConnections) {
    TestClient other(server.port());
    ASSERT_EQ(other.hello_login("anna", "pw-anna")["type"], "logged_in");
    ASSERT_EQ(other.request({{"type", "join"}, {"campaign", "raid"}})["type"], "snapshot");
    const std::string anna = login("anna");
    const Json changed = server
                             .api({{"type", "change_password"},
                                   {"password", "pw-anna"},
                                   {"new_password", "a new passphrase"}},
                                  anna)
                             .second["messages"][0];
    ASSERT_EQ(changed["type"], "password_changed") << changed.dump();
    EXPECT_EQ(changed["sessions_ended"], 1);  // the WebSocket one; the HTTP one that asked stays
    EXPECT_TRUE(other.wait_closed().has_value());
    EXPECT_EQ(server.api({{"type", "get_account"}}, anna).second["messages"][0]["type"], "account");
    EXPECT_FALSE(login("anna", "a new passphrase").empty());
}

// A seat moves by consent (issue 53): the GM frees it, and the account that takes it redeems a
// fresh invite. The old holder is cut off from the side's view at once.
TEST_F(Accounts, AFreedSeatsOldHolderStopsReceivingTheSidesView) {
    TestClient anna(server.port());
    ASSERT_EQ(anna.hello_login("anna", "pw-anna")["type"], "logged_in");
    ASSERT_EQ(anna.request({{"type", "join"}, {"campaign", "raid"}})["type"], "snapshot");
    const Json held = gm({{"command", "invite"}, {"role", "player"}, {"player", "anna"}});
    EXPECT_EQ(held["code"], "conflict") << "a held seat is not invited for: " << held.dump();
    ASSERT_EQ(gm({{"command", "remove"}, {"account", "anna"}, {"reason", "anna moved away"}})["type"],
              "gm_done");
    const Json notice = anna.wait_for("notice");
    EXPECT_EQ(notice["notice"]["kind"], "seat_changed");
    const Json invite = gm({{"command", "invite"}, {"role", "player"}, {"player", "anna"}});
    ASSERT_EQ(invite["type"], "gm_done") << invite.dump();
    const std::string olaf = login("olaf");
    ASSERT_EQ(server.api({{"type", "redeem_invite"}, {"code", invite["code"]}}, olaf)
                  .second["messages"][0]["player"],
              "anna");
    // The period moves on: anna's connection hears nothing more of the campaign.
    ASSERT_EQ(gm({{"command", "force_advance"}, {"period", 0}, {"reason", "on we go"}})["type"], "gm_done");
    EXPECT_EQ(server.api({{"type", "join"}, {"campaign", "raid"}}, olaf)
                  .second["messages"][0]["view"]["you"]["player"],
              "anna");
    while (auto m = anna.next(1000)) EXPECT_NE(m->value("campaign", ""), "raid") << m->dump();
    EXPECT_EQ(anna.request({{"type", "join"}, {"campaign", "raid"}})["code"], "unknown_campaign");
}

TEST_F(Accounts, SeatCommandsAreAuditedWithTheirGmButNotShownToPlayers) {
    ASSERT_EQ(gm({{"command", "invite"}, {"role", "player"}, {"player", "bertram"}})["type"],
              "gm_done");
    ASSERT_EQ(gm({{"command", "invite"}, {"role", "observer"}, {"reason", "watches"}})["type"],
              "gm_done");
    ASSERT_EQ(gm({{"command", "remove"}, {"account", "ingrid"}, {"reason", "left"}})["type"],
              "gm_done");
    std::vector<storage::GmActionRecord> actions;
    server.on_io_thread([&] { actions = server.services().campaigns->gm_actions("raid"); });
    std::vector<std::string> kinds;
    for (const auto& a : actions) {
        kinds.push_back(a.kind);
        EXPECT_EQ(Json::parse(a.details)["by"], "gm") << a.kind;
        EXPECT_EQ(a.details.find("code\""), std::string::npos)
            << "a code in the audit: " << a.details;
    }
    EXPECT_EQ(kinds, (std::vector<std::string>{"invite", "invite", "remove"}));
    const Json view =
        server.api({{"type", "join"}, {"campaign", "raid"}}, login("anna")).second["messages"][0];
    EXPECT_TRUE(view["view"]["notices"].empty()) << view["view"]["notices"].dump();
}

// Guessing invite codes through redeem_invite is as slow as guessing passwords (issue 53): the
// same throttle, by the guessing account and its address.
TEST_F(Accounts, GuessingInviteCodesByRedeemIsThrottledLikePasswords) {
    const std::string olaf = login("olaf");
    const int free = server.services().config.limits.login_free_per_account;
    std::vector<std::string> answers;
    for (int i = 0; i < 100; ++i)
        answers.push_back(server.api({{"type", "redeem_invite"}, {"code", "guess" + std::to_string(i)}},
                                     olaf).second["messages"][0].value("code", ""));
    for (int i = 0; i < free; ++i) EXPECT_EQ(answers[i], "invite_invalid") << "guess " << i;
    EXPECT_EQ(answers[free], "rate_limited") << "the free guesses, then delays";
    // The delays double (1, 2, 4, 8 s …): however slow this machine, few more guesses are counted.
    EXPECT_GE(std::count(answers.begin(), answers.end(), "rate_limited"), 100 - free - 4);
    // A real code waits too: guessing faster opens nothing.
    const Json invite = gm({{"command", "invite"}, {"role", "observer"}});
    EXPECT_EQ(server.api({{"type", "redeem_invite"}, {"code", invite["code"]}}, olaf)
                  .second["messages"][0]["code"],
              "rate_limited");
}

}  // namespace
}  // namespace umpire::testing
