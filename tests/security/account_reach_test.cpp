// A GM's reach ends at the campaign (issue 53, docs/security.md "Seats by consent"): every route
// by which a GM or a player could reach another account, tried on the real server. An account
// joins a campaign only by redeeming an invite it chose to redeem; no GM command names an account
// to seat or reset, and add_gm only promotes an observer who joined by invite; password resets are the administrator's (umpire-server admin,
// on the server's machine). Each refusal changes nothing: memberships, passwords and reset codes
// are compared before and after.
#include <gtest/gtest.h>

#include "server_fixture.hpp"
#include "storage/database.hpp"

namespace umpire::testing {
namespace {

// Campaign "raid" (GM gm; anna and ingrid play) and campaign "second" whose GM is olaf and where
// anna plays too: a player in two campaigns, one of whose GMs would reach her.
void two_campaigns(server::Hub& hub) {
    demo_campaign(hub);
    auto& store = *hub.services().server;
    hub.create_campaign(kSource + "/scenarios/valormr-demo.json", "second",
                        store.account_by_name("olaf")->id);
    store.put_membership({store.account_by_name("anna")->id, "second", "player", "anna"});
}

class AccountReach : public ::testing::Test {
protected:
    TempDir dir;
    RunningServer server{test_config(dir), kDemoAccounts, two_campaigns};
    std::map<std::string, std::string> tokens;

    void SetUp() override {
        for (const char* name : {"gm", "anna", "ingrid", "olaf"}) tokens[name] = login(name);
    }
    std::string login(const std::string& name, const std::string& password = "") {
        auto [status, body] = server.api({{"type", "login"},
                                          {"account", name},
                                          {"password", password.empty() ? "pw-" + name : password}});
        return status == 200 ? body["messages"][0].value("token", "") : "";
    }
    Json send(const std::string& who, const Json& message) {
        return server.api(message, tokens[who]).second["messages"][0];
    }
    Json gm(const std::string& who, const std::string& campaign, Json command) {
        command["type"] = "gm";
        command["campaign"] = campaign;
        if (!command.contains("reason")) command["reason"] = "test";
        return send(who, command);
    }
    // Everything an attack on an account could change: every membership, every password hash,
    // every reset code.
    std::string accounts_state() {
        std::string state;
        server.on_io_thread([&] {
            auto& store = *server.services().server;
            for (const char* name : {"gm", "anna", "ingrid", "olaf"}) {
                const auto a = store.account_by_name(name);
                state += std::string(name) + " " + a->password_hash.value_or("-") + "\n";
                for (const auto& m : store.memberships_of_account(a->id))
                    state += "  " + m.campaign_id + " " + m.role + " " + m.player.value_or("") + "\n";
            }
            state += "resets " + std::to_string(server.services().campaigns->database().query_int(
                                     "SELECT count(*) FROM password_resets"));
        });
        return state;
    }
};

TEST_F(AccountReach, NoGmCommandSeatsMakesACoGmOfOrResetsAnotherAccount) {
    const std::string before = accounts_state();
    for (const Json& command :
         {Json{{"command", "assign"}, {"account", "olaf"}, {"player", "erik"}},
          Json{{"command", "assign"}, {"account", "ingrid"}, {"player", "anna"}},
          Json{{"command", "reset_code"}, {"account", "anna"}},
          Json{{"command", "reset_code"}, {"account", "olaf"}}}) {
        const Json refused = gm("gm", "raid", command);
        EXPECT_EQ(refused["code"], "bad_message") << command.dump() << " " << refused.dump();
    }
    // add_gm joins nobody: only an observer who joined by their own invite is made a co-GM.
    EXPECT_EQ(gm("gm", "raid", {{"command", "add_gm"}, {"account", "olaf"}})["code"],
              "unknown_account");
    EXPECT_EQ(gm("gm", "raid", {{"command", "add_gm"}, {"account", "anna"}})["code"], "conflict");
    EXPECT_EQ(accounts_state(), before);
    EXPECT_FALSE(login("anna").empty()) << "anna's password still works";
}

TEST_F(AccountReach, AnInviteNamesNoAccountAndTakesNoHeldSeat) {
    const std::string before = accounts_state();
    // A held seat is not invited for: the holder keeps it.
    EXPECT_EQ(gm("gm", "raid", {{"command", "invite"}, {"role", "player"}, {"player", "anna"}})["code"],
              "conflict");
    // An invite for a free seat changes no account until one redeems it.
    const Json invite = gm("gm", "raid", {{"command", "invite"}, {"role", "player"}, {"player", "erik"}});
    ASSERT_EQ(invite["type"], "gm_done") << invite.dump();
    EXPECT_EQ(accounts_state(), before);
    // A player of the campaign cannot take a second seat with it; olaf, who chooses to, can.
    EXPECT_EQ(send("ingrid", {{"type", "redeem_invite"}, {"code", invite["code"]}})["code"], "conflict");
    EXPECT_EQ(accounts_state(), before);
    const Json redeemed = send("olaf", {{"type", "redeem_invite"}, {"code", invite["code"]}});
    EXPECT_EQ(redeemed["player"], "erik") << redeemed.dump();
}

// A co-GM of the campaign anna plays, and the GM of another campaign anna plays, reach her seat in
// their own campaign (remove) and nothing else: not her password, not her other campaign.
TEST_F(AccountReach, AGmOfACampaignAPlayerPlaysReachesOnlyHerSeatThere) {
    // olaf GMs "second" and becomes a co-GM of "raid": he redeems an observer's invite, and
    // the GM makes the observer a co-GM.
    const Json invite = gm("gm", "raid", {{"command", "invite"}, {"role", "observer"}});
    ASSERT_EQ(invite["type"], "gm_done") << invite.dump();
    const Json redeemed = send("olaf", {{"type", "redeem_invite"}, {"code", invite["code"]}});
    ASSERT_EQ(redeemed["role"], "observer") << redeemed.dump();
    ASSERT_EQ(gm("gm", "raid", {{"command", "add_gm"}, {"account", "olaf"}})["type"], "gm_done");
    const std::string before = accounts_state();
    for (const char* campaign : {"raid", "second"}) {
        SCOPED_TRACE(campaign);
        EXPECT_EQ(gm("olaf", campaign, {{"command", "reset_code"}, {"account", "anna"}})["code"],
                  "bad_message");
        EXPECT_EQ(gm("olaf", campaign, {{"command", "assign"}, {"account", "anna"}, {"player", "erik"}})["code"],
                  "bad_message");
    }
    EXPECT_EQ(accounts_state(), before);
    // A player is no GM of the campaign she plays.
    EXPECT_EQ(gm("anna", "raid", {{"command", "remove"}, {"account", "ingrid"}})["code"], "forbidden");
    // Removing anna from "second" leaves her seat in "raid" and her password alone.
    ASSERT_EQ(gm("olaf", "second", {{"command", "remove"}, {"account", "anna"}})["type"], "gm_done");
    const Json account = send("anna", {{"type", "get_account"}});
    ASSERT_EQ(account["memberships"].size(), 1u) << account.dump();
    EXPECT_EQ(account["memberships"][0]["campaign"], "raid");
    EXPECT_FALSE(login("anna").empty());
}

// The GM of one campaign is a stranger to another: it does not exist for them.
TEST_F(AccountReach, AGmIsAStrangerToACampaignTheyDoNotRun) {
    const std::string before = accounts_state();
    EXPECT_EQ(gm("olaf", "raid", {{"command", "remove"}, {"account", "anna"}})["code"],
              "unknown_campaign");
    EXPECT_EQ(gm("olaf", "raid", {{"command", "invite"}, {"role", "observer"}})["code"],
              "unknown_campaign");
    EXPECT_EQ(gm("gm", "second", {{"command", "remove"}, {"account", "anna"}})["code"],
              "unknown_campaign");
    EXPECT_EQ(accounts_state(), before);
}

// A reset code comes only from the administrator, on the server's machine: no message issues
// one, and reset_password without one is refused like a wrong password.
TEST_F(AccountReach, NoMessageIssuesAResetCode) {
    const std::string before = accounts_state();
    for (const char* who : {"gm", "olaf", "ingrid"}) {
        const Json reset = send(who, {{"type", "reset_password"},
                                      {"account", "anna"},
                                      {"code", "aaaaaaaaaa"},
                                      {"password", "taken over"}});
        EXPECT_EQ(reset["code"], "bad_credentials") << who << " " << reset.dump();
    }
    EXPECT_EQ(accounts_state(), before);
    EXPECT_FALSE(login("anna").empty());
}

}  // namespace
}  // namespace umpire::testing
