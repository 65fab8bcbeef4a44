// What verify checks, every GM command keeps (issue 53, item 12): a campaign that went through
// every kind of GM command (the list is the dispatch's, protocol::gm_commands(): a new kind this
// test does not run fails it) still passes `umpire verify`, and `backup`/`restore`, `copy-db`
// (to a second SQLite file, and to PostgreSQL when the test cluster runs) and `export`/`import`
// take it; so does the archive of a campaign deleted by its GM. Before, a rollback with
// `reopen_orders` left the reopened orders with the confirmation's receipt, and verify (and so
// restore, copy-db and import) refused the campaign from then on.
#include <gtest/gtest.h>

#include <cstdlib>
#include <set>

#include "hub_support.hpp"
#include "pg_test_database.hpp"
#include "protocol/messages.hpp"

namespace umpire::testing {
namespace {

// The CLI's exit code, its output in `out`.
int cli(const std::string& args, std::string* out = nullptr) {
    const std::string command = std::string(UMPIRE_CLI) + " " + args + " 2>&1";
    FILE* pipe = ::popen(command.c_str(), "r");
    std::string text;
    char buffer[4096];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) text.append(buffer, n);
    const int status = ::pclose(pipe);
    if (out) *out = text;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

void expect_cli(const std::string& args) {
    std::string out;
    EXPECT_EQ(cli(args, &out), 0) << "umpire " << args << ":\n" << out;
}

class EveryGmKind : public ::testing::Test {
protected:
    void SetUp() override {
        for (const auto& [name, pw] : kDemoAccounts) h.hub->create_account(name, pw);
        demo_campaign(*h.hub);
        h.hub->create_campaign(kSource + "/scenarios/valormr-demo.json", "gone",
                               h.services.server->account_by_name("gm")->id);
        gm = h.peer("gm");
        anna = h.peer("anna");
        ingrid = h.peer("ingrid");
        for (const auto& p : {gm, anna, ingrid})
            ASSERT_EQ(h.send(p, {{"type", "join"}, {"campaign", "raid"}})["type"], "snapshot");
    }

    // Runs one GM command that must succeed, and counts its kind as run.
    Json gm_command(Json command, const std::string& campaign = "raid") {
        command["type"] = "gm";
        command["campaign"] = campaign;
        if (!command.contains("reason")) command["reason"] = "every kind";
        const Json reply = h.send(gm, command);
        EXPECT_EQ(reply["type"], "gm_done") << command.dump() << " -> " << reply.dump();
        if (reply["type"] == "gm_done") run.insert(command["command"].get<std::string>());
        return reply;
    }

    void order(const std::shared_ptr<FakePeer>& who, const char* force, const char* path) {
        const Json orders = Json::array({{{"force", force}, {"path", Json::parse(path)}}});
        const Json receipt =
            h.send(who, {{"type", "submit_orders"}, {"campaign", "raid"}, {"period_index", 0}, {"orders", orders}});
        ASSERT_EQ(receipt["type"], "receipt") << receipt.dump();
        ASSERT_EQ(h.send(who, {{"type", "confirm_orders"}, {"campaign", "raid"}, {"period_index", 0}})["type"], "receipt");
    }

    TempDir dir;
    HubHarness h{dir};
    std::shared_ptr<FakePeer> gm, anna, ingrid;
    std::set<std::string> run;
};

TEST_F(EveryGmKind, LeavesACampaignThatVerifiesRestoresCopiesAndImports) {
    const std::string db = h.services.config.database;
    // Seats and invites.
    gm_command({{"command", "invite"}, {"role", "observer"}});
    const Json invites = gm_command({{"command", "invites"}});
    ASSERT_FALSE(invites["invites"].empty()) << invites.dump();
    gm_command({{"command", "revoke_invite"}, {"invite", invites["invites"][0]["id"]}});
    // A co-GM: an observer by its own invite, then made a GM (no command seats an account).
    const Json observer = gm_command({{"command", "invite"}, {"role", "observer"}});
    const Json redeemed = h.send(h.peer("olaf"), {{"type", "redeem_invite"}, {"code", observer["code"]}});
    ASSERT_EQ(redeemed["type"], "invite_redeemed") << redeemed.dump();
    gm_command({{"command", "add_gm"}, {"account", "olaf"}});
    gm_command({{"command", "remove"}, {"account", "olaf"}});
    // Time.
    gm_command({{"command", "set_deadline"}, {"deadline", {{"kind", "duration"}, {"minutes", 60}}}});
    gm_command({{"command", "pause"}});
    gm_command({{"command", "resume"}});
    gm_command({{"command", "extend"}, {"minutes", 15}, {"key", "k1"}});
    gm_command({{"command", "edit"}, {"changes", {{"name", "The Raid"}}}});
    // A world edit that leaves the orders below valid: a force renamed.
    gm_command({{"command", "edit_world"},
                {"edits", Json::parse(R"([{"op": "set_force", "force": "hadewych", "set": {"name": "Hadewych's column"}}])")}});
    // Play into contact: the period waits for decisions; the GM answers one and resolves.
    order(anna, "hadewych", "[[3,3],[4,3],[5,3]]");
    order(ingrid, "ingegerd", "[[6,2],[5,2],[4,2]]");
    const Json asked = h.send(anna, {{"type", "get_decisions"}, {"campaign", "raid"}});
    ASSERT_FALSE(asked["decisions"].empty()) << asked.dump();
    const Json request = asked["decisions"][0];
    gm_command({{"command", "answer_for"}, {"decision", request["id"]}, {"answer", request["default"]}});
    gm_command({{"command", "resolve"}, {"period", 0}});
    // The resolution still waits for a decision: the GM forces the period on.
    gm_command({{"command", "force_advance"}, {"period", 0}});
    // The rollback that reopens the confirmed orders (the receipt verify checks), and play on.
    const Json reopened = gm_command({{"command", "rollback"}, {"period", 1}, {"to_period", 0}, {"reopen_orders", true}});
    EXPECT_EQ(reopened["orders_reopened"], 2) << reopened.dump();
    // The reopened orders stay as they are (submitted, not confirmed again) and the period is
    // played on with them.
    gm_command({{"command", "force_advance"}, {"period", 0}});
    gm_command({{"command", "archive"}});
    gm_command({{"command", "end"}});
    // Deleted: its archive is kept beside the database.
    gm_command({{"command", "end"}}, "gone");
    gm_command({{"command", "delete"}, {"confirm", "gone"}}, "gone");

    for (const auto& kind : protocol::gm_commands())
        EXPECT_TRUE(run.contains(kind)) << "GM command \"" << kind << "\" is not run by this test";
    h.hub.reset();

    const std::string work = dir.path.string();
    expect_cli("verify " + db + " raid");
    expect_cli("backup " + db + " " + work + "/backup.db");
    expect_cli("restore " + work + "/backup.db " + work + "/restored.db");
    expect_cli("verify " + work + "/restored.db raid");
    expect_cli("copy-db " + db + " " + work + "/copy.db");
    expect_cli("verify " + work + "/copy.db raid");
    expect_cli("export " + db + " raid --out " + work + "/raid.json");
    expect_cli("import " + work + "/imported.db " + work + "/raid.json");
    expect_cli("verify " + work + "/imported.db raid");
    int deleted = 0;
    for (const auto& entry : fs::directory_iterator(dir.path / "deleted-campaigns")) {
        expect_cli("import " + work + "/imported.db " + entry.path().string());
        ++deleted;
    }
    EXPECT_EQ(deleted, 1);
    expect_cli("verify " + work + "/imported.db gone");
    if (pg_test_url().empty()) {
        std::cout << "no PostgreSQL test cluster: copy-db to PostgreSQL not tried\n";
        return;
    }
    PgTestDatabase pg("gmkinds");
    expect_cli("copy-db " + db + " " + pg.url());
    expect_cli("verify " + pg.url() + " raid");
}

}  // namespace
}  // namespace umpire::testing
