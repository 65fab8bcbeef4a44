// A whole campaign as a play-by-e-mail group runs it (issue 30), on the real server over its
// HTTP API and with the `umpire client` commands, the wall clock moved by the test through the
// end of summer time in Berlin (2026-10-25, 03:00 CEST -> 02:00 CET):
//   - accounts from scratch: the operator's one account; every player signs up with an invite
//     (anna with the CLI);
//   - a weekly deadline (Sundays 18:00 Berlin) across the change;
//   - asynchronous decisions through a contact: four hours each; anna answers one, the rest lapse
//     window by window, and the period completes days before its deadline;
//   - an NMR (olaf left a draft), and a replaced player (olga takes olaf's seat);
//   - a daily deadline (20:00 Berlin, at least 12 hours on) across the change;
//   - a rollback that reopens orders; the end of the campaign; status, history and the report
//     with the CLI.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <atomic>
#include <cstdio>
#include <fstream>
#include <thread>

#include "http_campaign.hpp"
#include "server/deadlines.hpp"

namespace umpire::testing {
namespace {

using namespace std::chrono;

// The server as a fresh install has it: the operator's one account, no campaign yet.
class PbemCampaign : public ClockedServer {
protected:
    PbemCampaign() : ClockedServer({{"gm", "pw-gm"}}, {}) {}

    // The server's clock reads `iso` (UTC) from now on, and goes on from there.
    void at(const std::string& iso) {
        const auto when = server::parse_iso_utc(iso);
        ASSERT_TRUE(when) << iso;
        offset_ms = duration_cast<milliseconds>(*when - system_clock::now()).count();
    }
    void later(minutes m) { offset_ms += duration_cast<milliseconds>(m).count(); }
    std::string now() {
        return server::iso_utc(system_clock::now() + milliseconds(offset_ms.load()));
    }
    std::string deadline(const std::string& who) {
        const Json d = send(who, {{"type", "join"}})["view"]["period"]["deadline"];
        return d.is_string() ? d.get<std::string>() : "none";
    }
    // `umpire client …` as anna (or `who`, with its own session file): its exit code and what it
    // printed.
    std::pair<int, std::string> cli(const std::string& args, const std::string& who = "anna") {
        const std::string command = std::string(UMPIRE_CLI) + " client --session " +
                                    (dir.path / (who + ".json")).string() + " " + args + " 2>&1";
        std::string out;
        FILE* pipe = popen(command.c_str(), "r");
        if (!pipe) return {-1, ""};
        char buffer[4096];
        while (std::size_t n = fread(buffer, 1, sizeof buffer, pipe)) out.append(buffer, n);
        const int status = pclose(pipe);
        return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
    }
    Json orders(const char* force, const char* path) {
        return Json::array({{{"force", force}, {"path", Json::parse(path)}}});
    }
};

TEST_F(PbemCampaign, AGroupPlaysAWholeCampaignByEmail) {
    at("2026-10-19T09:00:00.000Z");  // a Monday, summer time (UTC+2)

    // --- Accounts from scratch: the operator's account starts the campaign and invites.
    auto [status, in] = server.api({{"type", "login"}, {"account", "gm"}, {"password", "pw-gm"}});
    ASSERT_EQ(status, 200);
    tokens["gm"] = in["messages"][0]["token"];
    ASSERT_EQ(send("gm", {{"type", "create_campaign"},
                          {"scenario", "valormr-demo"},
                          {"time_zone", "Europe/Berlin"}})["type"],
              "campaign_created");
    std::map<std::string, std::string> codes;
    for (const auto& [account, player] : std::vector<std::pair<std::string, std::string>>{
             {"anna", "anna"}, {"ingrid", "ingrid"}, {"olaf", "bertram"}, {"olga", ""}}) {
        Json invite{{"command", "invite"}, {"role", player.empty() ? "observer" : "player"}};
        if (!player.empty()) invite["player"] = player;
        const Json done = gm(invite);
        ASSERT_EQ(done["type"], "gm_done") << done.dump();
        codes[account] = done["code"];
    }
    {
        std::ofstream(dir.path / "anna.pw") << "anna's long passphrase\n";
        const auto [code, out] =
            cli("signup --server " + server.url("") + " --code " + codes["anna"] +
                " --account anna --password-file " + (dir.path / "anna.pw").string());
        ASSERT_EQ(code, 0) << out;
        std::ifstream session(dir.path / "anna.json");
        tokens["anna"] = Json::parse(session)["token"];
    }
    for (const char* who : {"ingrid", "olaf", "olga"}) {
        const auto [s, body] = server.api({{"type", "sign_up"},
                                           {"code", codes[who]},
                                           {"account", who},
                                           {"password", std::string(who) + "'s long passphrase"}});
        ASSERT_EQ(s, 200) << body.dump();
        tokens[who] = body["messages"][0]["token"];
        EXPECT_EQ(body["messages"][1]["type"], "invite_redeemed");
    }

    // --- A weekly turn, Sundays 18:00 in Berlin: this Sunday is after the change, so UTC+1.
    ASSERT_EQ(
        gm({{"command", "set_deadline"},
            {"deadline", {{"kind", "weekly"}, {"days", {"sun"}}, {"time", "18:00"}}}})["type"],
        "gm_done");
    EXPECT_EQ(deadline("anna"), "2026-10-25T17:00:00.000Z");
    ASSERT_EQ(
        gm({{"command", "edit"}, {"changes", {{"settings", {{"decision_hours", 4}}}}}})["type"],
        "gm_done");

    // --- Period 0: anna and ingrid march into each other; olaf leaves only a draft.
    ASSERT_EQ(send("anna", {{"type", "submit_orders"},
                            {"period_index", 0},
                            {"orders", orders("hadewych", "[[3,3],[4,3],[5,3]]")}})["type"],
              "receipt");
    ASSERT_EQ(send("ingrid", {{"type", "submit_orders"},
                              {"period_index", 0},
                              {"orders", orders("ingegerd", "[[6,2],[5,2],[4,2]]")}})["type"],
              "receipt");
    ASSERT_EQ(send("olaf", {{"type", "submit_orders"},
                            {"period_index", 0},
                            {"state", "draft"},
                            {"orders", Json::array({{{"force", "anselm"},
                                                     {"hold", true},
                                                     {"standing_instructions",
                                                      {{"contact", {"evade"}}}}}})}})["type"],
              "receipt");
    for (const char* who : {"anna", "ingrid"})
        ASSERT_EQ(send(who, {{"type", "confirm_orders"}, {"period_index", 0}})["type"], "receipt");
    ASSERT_EQ(gm({{"command", "resolve"}, {"period", 0}})["type"], "gm_done");  // olaf is not waited for

    // Decisions by e-mail: anna answers her first request; nobody answers the rest, and each
    // window lapses four hours after it was asked.
    bool answered = false;
    int windows = 0;
    while (period() == 0 && windows < 25) {
        const Json asked = send("anna", {{"type", "get_decisions"}});
        for (const auto& r : asked["decisions"])
            if (!answered) {
                EXPECT_TRUE(r.contains("deadline")) << r.dump();
                const Json a = send(
                    "anna", {{"type", "answer"}, {"decision", r["id"]}, {"answer", r["default"]}});
                EXPECT_EQ(a["type"], "answer_accepted") << a.dump();
                answered = true;
            }
        later(minutes(4 * 60 + 1));
        ++windows;
        for (int i = 0; i < 40 && period() == 0; ++i) std::this_thread::sleep_for(milliseconds(50));
    }
    ASSERT_TRUE(period_becomes(1)) << "the contact's windows did not lapse";
    EXPECT_TRUE(answered) << "anna was asked nothing";
    EXPECT_LT(now(), "2026-10-25T17:00:00.000Z")
        << "the weekly deadline resolved it, not the lapses";
    const Json report = send("anna", {{"type", "get_report"}, {"period_index", 0}});
    std::set<std::string> by;
    for (const auto& e : report["events"])
        if (e["type"] == "decision") by.insert(e["by"].get<std::string>());
    EXPECT_TRUE(by.count("player")) << report.dump().substr(0, 2000);
    EXPECT_TRUE(by.count("default") || by.count("standing_instruction"));

    // --- The NMR: olaf's draft was not orders. The GM sees it; olaf is told and counted.
    EXPECT_EQ(send("gm", {{"type", "get_report"}, {"period_index", 0}})["missed_orders"],
              Json::array({"bertram"}));
    const Json olafs =
        server.api({{"type", "list_campaigns"}}, tokens["olaf"]).second["messages"][0];
    EXPECT_EQ(olafs["campaigns"][0]["missed_orders"], Json({{"bertram", 1}}));

    // --- olaf leaves; olga, who was watching, takes his seat. A seat moves by consent: the GM
    // frees it and olga's watching ends (removes), and olga redeems an invite for it.
    EXPECT_EQ(gm({{"command", "invite"}, {"role", "player"}, {"player", "bertram"}})["code"],
              "conflict")
        << "a held seat is not invited for";
    for (const char* who : {"olaf", "olga"})
        ASSERT_EQ(gm({{"command", "remove"}, {"account", who}})["type"], "gm_done");
    const Json invite = gm({{"command", "invite"}, {"role", "player"}, {"player", "bertram"}});
    ASSERT_EQ(invite["type"], "gm_done") << invite.dump();
    const Json redeemed =
        server.api({{"type", "redeem_invite"}, {"code", invite["code"]}}, tokens["olga"])
            .second["messages"][0];
    ASSERT_EQ(redeemed["type"], "invite_redeemed") << redeemed.dump();
    EXPECT_EQ(send("olaf", {{"type", "join"}})["code"], "unknown_campaign");
    EXPECT_EQ(send("olga", {{"type", "join"}})["view"]["you"]["player"], "bertram");

    // --- A daily turn at 20:00 Berlin, at least 12 hours on: on Saturday at 14:00 (summer
    // time) that is Sunday 20:00, after the change: 19:00 UTC, not 18:00.
    ASSERT_LT(now(), "2026-10-24T12:00:00.000Z") << "the test's clock would go back";
    at("2026-10-24T12:00:00.000Z");
    ASSERT_EQ(gm({{"command", "set_deadline"},
                  {"deadline",
                   {{"kind", "wall_clock"}, {"time", "20:00"}, {"min_minutes", 720}}}})["type"],
              "gm_done");
    EXPECT_EQ(deadline("olga"), "2026-10-25T19:00:00.000Z");
    for (const char* who : {"anna", "ingrid", "olga"})
        ASSERT_EQ(send(who, {{"type", "submit_orders"},
                             {"period_index", 1},
                             {"orders", Json::array()}})["type"],
                  "receipt");
    for (const char* who : {"anna", "olga"})
        ASSERT_EQ(send(who, {{"type", "confirm_orders"}, {"period_index", 1}})["type"], "receipt");
    at("2026-10-25T18:59:00.000Z");
    std::this_thread::sleep_for(milliseconds(300));
    EXPECT_EQ(period(), 1) << "resolved at 18:00 UTC: the deadline ignored the change";
    at("2026-10-25T19:01:00.000Z");
    ASSERT_TRUE(period_becomes(2)) << "the daily deadline did not resolve period 1";

    // --- The GM puts period 1 right: confirmed orders open again and players are told.
    const Json back = gm({{"command", "rollback"},
                          {"period", 2},
                          {"to_period", 1},
                          {"reopen_orders", true},
                          {"reason", "ingrid's orders were lost in the post"}});
    ASSERT_EQ(back["type"], "gm_done") << back.dump();
    EXPECT_EQ(back["orders_reopened"], 2);
    EXPECT_EQ(period(), 1);
    const Json anna_view = send("anna", {{"type", "join"}})["view"];
    EXPECT_EQ(anna_view["my_orders"]["state"], "submitted");
    EXPECT_EQ(anna_view["notices"].back()["kind"], "reopen_orders");
    for (const char* who : {"anna", "ingrid", "olga"})
        ASSERT_EQ(send(who, {{"type", "confirm_orders"}, {"period_index", 1}})["type"], "receipt");
    for (int round = 0; round < 20 && period() == 1; ++round) {  // any decisions lapse too
        later(minutes(4 * 60 + 1));
        for (int i = 0; i < 40 && period() == 1; ++i) std::this_thread::sleep_for(milliseconds(50));
    }
    ASSERT_TRUE(period_becomes(2));

    // --- The GM, from a shell, edits the world between periods: Eldholm grows into a town.
    std::ofstream(dir.path / "gm.pw") << "pw-gm\n";
    const auto [gl, gm_login] = cli("login --server " + server.url("") +
                                        " --account gm --password-file " +
                                        (dir.path / "gm.pw").string(),
                                    "gm");
    ASSERT_EQ(gl, 0) << gm_login;
    std::ofstream(dir.path / "edit.json")
        << R"([{"op": "set_dwelling", "hex": [3, 5], "kind": "town", "name": "Eldholm"}])";
    const auto [ge, edited] = cli("gm --campaign raid edit_world --edits @" +
                                      (dir.path / "edit.json").string() +
                                      " --reason \"the fair brought settlers\"",
                                  "gm");
    ASSERT_EQ(ge, 0) << edited;
    EXPECT_NE(edited.find("the map or the sides changed"), std::string::npos) << edited;
    const Json edited_view = send("anna", {{"type", "join"}})["view"];
    EXPECT_EQ(edited_view["notices"].back()["kind"], "world_edit");
    EXPECT_EQ(edited_view["notices"].back()["reason"], "the fair brought settlers");

    // --- The end.
    ASSERT_EQ(gm({{"command", "end"}, {"reason", "peace at Valormr"}})["type"], "gm_done");
    EXPECT_EQ(
        send("anna",
             {{"type", "submit_orders"}, {"period_index", 2}, {"orders", Json::array()}})["code"],
        "conflict");

    // --- anna reads it all with the CLI.
    const auto [s1, status_text] = cli("status --campaign raid");
    EXPECT_EQ(s1, 0) << status_text;
    EXPECT_NE(status_text.find("· finished · you are player anna"), std::string::npos)
        << status_text;
    EXPECT_NE(status_text.find("end ("), std::string::npos) << status_text;
    const auto [s2, history] = cli("history --campaign raid");
    EXPECT_EQ(s2, 0) << history;
    EXPECT_NE(history.find("(rolled back)"), std::string::npos) << history;
    EXPECT_NE(history.find("reopen_orders"), std::string::npos) << history;
    const auto [s3, text] = cli("report --campaign raid --period 0");
    EXPECT_EQ(s3, 0) << text;
    EXPECT_NE(text.find("the report for anna"), std::string::npos) << text;
    EXPECT_NE(text.find("(player)"), std::string::npos) << "anna's own answer is in her report";
    EXPECT_NE(text.find("The campaign has ended."), std::string::npos) << text;

    // --- The GM deletes it; its archive stays with the server for the operator.
    const auto [gd, deleted] =
        cli("gm --campaign raid delete --confirm raid --reason \"the group moved on\"", "gm");
    ASSERT_EQ(gd, 0) << deleted;
    EXPECT_NE(deleted.find("archive deleted-campaigns/raid-"), std::string::npos) << deleted;
    const auto [s4, gone] = cli("status --campaign raid");
    EXPECT_NE(s4, 0) << gone;
    EXPECT_NE(gone.find("unknown_campaign"), std::string::npos) << gone;
}

}  // namespace
}  // namespace umpire::testing
