// The end of a campaign and its co-GMs (issue 30) on the real server. A GM makes an observer (who
// joined by invite) a co-GM, who may then do all a GM does; a player cannot become one; a GM
// may remove a co-GM but not themselves. `end` finishes the campaign: players are told (a notice
// and a notification), orders, answers and turn commands are refused, while history, reports,
// seats and the name stay the GM's to read and keep. The GM answers for an absent player with a
// reason the player is told, and takes the whole campaign as an archive. An ended campaign is
// deleted, confirmed by its id, with its archive kept beside the database for the operator.
#include <gtest/gtest.h>

#include <sys/stat.h>

#include <fstream>
#include <iterator>

#include "http_campaign.hpp"
#include "server/deadlines.hpp"
#include "storage/archive.hpp"
#include "storage/sqlite_store.hpp"
#include "test_client.hpp"

namespace umpire::testing {
namespace {

using CampaignEnd = HttpCampaign;

TEST_F(CampaignEnd, ACoGmDoesWhatTheGmDoesUntilRemoved) {
    EXPECT_EQ(gm({{"command", "pause"}}, "olaf")["code"], "unknown_campaign")
        << "olaf is no member yet";
    // A co-GM is an observer who joined by their own invite (issue 53): add_gm joins nobody.
    EXPECT_EQ(gm({{"command", "add_gm"}, {"account", "olaf"}})["code"], "unknown_account");
    const Json player = gm({{"command", "add_gm"}, {"account", "anna"}});
    EXPECT_EQ(player["code"], "conflict")
        << "a player would see the enemy as GM: " << player.dump();
    EXPECT_EQ(gm({{"command", "add_gm"}, {"account", "nobody"}})["code"], "unknown_account");

    ASSERT_EQ(join_by_invite("olaf", "observer")["role"], "observer");
    ASSERT_EQ(
        gm({{"command", "add_gm"}, {"account", "olaf"}, {"reason", "shares the work"}})["type"],
        "gm_done");
    const Json view = send("olaf", {{"type", "join"}})["view"];
    EXPECT_EQ(view["world"]["role"], "gm") << view["world"].dump().substr(0, 300);
    EXPECT_EQ(gm({{"command", "pause"}}, "olaf")["type"], "gm_done");
    EXPECT_EQ(gm({{"command", "resume"}}, "olaf")["type"], "gm_done");
    EXPECT_EQ(gm({{"command", "remove"}, {"account", "olaf"}}, "olaf")["code"], "conflict")
        << "a GM removing themselves could leave the campaign without one";

    // The audit names who did what.
    bool audited = false;
    server.on_io_thread([&] {
        for (const auto& a : server.services().campaigns->gm_actions("raid"))
            if (a.kind == "add_gm")
                audited = Json::parse(a.details) == Json{{"account", "olaf"}, {"by", "gm"}};
    });
    EXPECT_TRUE(audited);

    ASSERT_EQ(gm({{"command", "remove"}, {"account", "olaf"}})["type"], "gm_done");
    EXPECT_EQ(gm({{"command", "pause"}}, "olaf")["code"], "unknown_campaign");
}

TEST_F(CampaignEnd, AnEndedCampaignTakesNoMoreTurnsAndKeepsItsHistory) {
    ASSERT_EQ(send("anna", {{"type", "set_webhook"}, {"url", "http://127.0.0.1:9/hook"}})["type"],
              "webhook_set");
    ASSERT_EQ(
        send("anna",
             {{"type", "submit_orders"}, {"period_index", 0}, {"orders", Json::array()}})["type"],
        "receipt");
    for (const char* who : {"anna", "ingrid"})
        ASSERT_EQ(send(who, {{"type", "confirm_orders"}, {"period_index", 0}})["type"], "receipt");
    ASSERT_TRUE(period_becomes(1));
    ASSERT_EQ(gm({{"command", "set_deadline"},
                  {"deadline", {{"kind", "duration"}, {"minutes", 60}}}})["type"],
              "gm_done");

    EXPECT_EQ(gm({{"command", "end"}, {"reason", ""}})["code"], "bad_message")
        << "an end needs a reason";
    EXPECT_EQ(gm({{"command", "end"}}, "anna")["code"], "forbidden");
    ASSERT_EQ(gm({{"command", "end"}, {"reason", "the war is over"}})["type"], "gm_done");

    const Json view = send("anna", {{"type", "join"}})["view"];
    EXPECT_EQ(view["status"], "finished");
    EXPECT_TRUE(view["period"]["deadline"].is_null()) << "an ended campaign has no deadline";
    EXPECT_EQ(view["notices"].back()["kind"], "end");
    EXPECT_EQ(view["notices"].back()["reason"], "the war is over");
    EXPECT_EQ(campaign_entry("anna")["status"], "finished");
    EXPECT_EQ(notifications()["anna"]["ended:raid"]["type"], "campaign_ended");

    const Json orders =
        send("anna", {{"type", "submit_orders"}, {"period_index", 1}, {"orders", Json::array()}});
    EXPECT_EQ(orders["code"], "conflict") << orders.dump();
    EXPECT_NE(orders.value("message", "").find("ended"), std::string::npos) << orders.dump();
    EXPECT_EQ(send("ingrid", {{"type", "confirm_orders"}, {"period_index", 1}})["code"],
              "conflict");
    for (const char* command : {"pause", "resolve", "force_advance", "end"})
        EXPECT_EQ(gm({{"command", command}, {"period", 1}})["code"], "conflict") << command;
    EXPECT_EQ(gm({{"command", "rollback"}, {"period", 1}, {"to_period", 0}})["code"], "conflict");
    EXPECT_EQ(period(), 1);

    // What stays: the history, the reports, the name and the seats.
    EXPECT_EQ(send("anna", {{"type", "get_history"}})["periods"].size(), 1u);
    EXPECT_EQ(send("anna", {{"type", "get_report"}, {"period_index", 0}})["type"], "report");
    EXPECT_EQ(gm({{"command", "edit"}, {"changes", {{"name", "The Raid (1419)"}}}})["type"],
              "gm_done");
    EXPECT_EQ(gm({{"command", "invites"}})["type"], "gm_done");
}

TEST_F(CampaignEnd, TheGmAnswersForAnAbsentPlayerAndTakesAnArchive) {
    ASSERT_EQ(send("anna", {{"type", "set_webhook"}, {"url", "http://127.0.0.1:9/hook"}})["type"],
              "webhook_set");
    march_into_contact();
    const Json asked = send("anna", {{"type", "get_decisions"}});
    ASSERT_FALSE(asked["decisions"].empty());
    const Json request = asked["decisions"][0];
    const Json no_reason = gm({{"command", "answer_for"},
                               {"decision", request["id"]},
                               {"answer", request["default"]},
                               {"reason", ""}});
    EXPECT_EQ(no_reason["code"], "invalid_argument") << no_reason.dump();
    const Json done = gm({{"command", "answer_for"},
                          {"decision", request["id"]},
                          {"answer", request["default"]},
                          {"reason", "anna is at sea"}});
    ASSERT_EQ(done["type"], "gm_done") << done.dump();
    const auto kept = notifications();
    bool told = false;
    for (const auto& [key, payload] : kept.at("anna"))
        if (key.rfind("answered_for:0:" + request["id"].get<std::string>(), 0) == 0)
            told = payload["type"] == "decision_answered_for" &&
                   payload["reason"] == "anna is at sea" && payload["answer"] == request["default"];
    EXPECT_TRUE(told) << "anna was not told what the GM answered for her";

    EXPECT_EQ(gm({{"command", "archive"}}, "anna")["code"], "forbidden");
    const Json archived = gm({{"command", "archive"}, {"reason", "a backup"}});
    ASSERT_EQ(archived["type"], "gm_done");
    const Json& a = archived["archive"];
    EXPECT_EQ(a["format"], "umpire-archive/1");
    EXPECT_EQ(a["campaign"]["id"], "raid");
    EXPECT_EQ(a["members"].size(), 3u) << a["members"].dump();  // gm, anna, ingrid
    EXPECT_FALSE(a["open_period"]["sealed_seed"].get<std::string>().empty());
}

TEST_F(CampaignEnd, AnEndedCampaignIsDeletedAndItsArchiveKept) {
    const Json first = gm({{"command", "delete"}, {"confirm", "raid"}});
    EXPECT_EQ(first["code"], "conflict") << "a running campaign is ended first: " << first.dump();
    ASSERT_EQ(gm({{"command", "end"}, {"reason", "peace"}})["type"], "gm_done");
    EXPECT_EQ(gm({{"command", "delete"}})["code"], "bad_message") << "it needs \"confirm\"";
    EXPECT_EQ(gm({{"command", "delete"}, {"confirm", "Raid"}})["code"], "invalid_argument");
    EXPECT_EQ(gm({{"command", "delete"}, {"confirm", "raid"}}, "anna")["code"], "forbidden");

    TestClient anna(server.port());
    ASSERT_EQ(anna.hello_login("anna", "pw-anna")["type"], "logged_in");
    ASSERT_EQ(anna.request({{"type", "join"}, {"campaign", "raid"}})["type"], "snapshot");
    const Json done =
        gm({{"command", "delete"}, {"confirm", "raid"}, {"reason", "the group moved on"}});
    ASSERT_EQ(done["type"], "gm_done") << done.dump();
    const Json notice = anna.wait_for("notice");
    EXPECT_EQ(notice["notice"]["kind"], "campaign_deleted");
    EXPECT_EQ(notice["notice"]["reason"], "the group moved on");

    // Gone for everyone: no view, no lobby entry, no GM command.
    EXPECT_EQ(anna.request({{"type", "join"}, {"campaign", "raid"}})["code"], "unknown_campaign");
    EXPECT_EQ(send("ingrid", {{"type", "get_history"}})["code"], "unknown_campaign");
    EXPECT_EQ(gm({{"command", "invites"}})["code"], "unknown_campaign");
    EXPECT_TRUE(server.api({{"type", "list_campaigns"}}, tokens["gm"])
                    .second["messages"][0]["campaigns"]
                    .empty());

    // The archive: beside the database, the owner's alone, whole, with who deleted it and why.
    const std::string file = done["archive"];
    EXPECT_EQ(file.rfind("deleted-campaigns/raid-", 0), 0u) << file;
    const auto path = dir.path / file;  // the database is dir.path / "server.db"
    struct stat info {};
    ASSERT_EQ(::stat(path.c_str(), &info), 0) << path;
    EXPECT_EQ(info.st_mode & 0777, 0600u);
    std::ifstream in(path);
    const Json archive = Json::parse(std::string(std::istreambuf_iterator<char>(in), {}));
    storage::SqliteCampaignStore restored((dir.path / "restored.db").string());
    EXPECT_EQ(storage::import_campaign(restored, archive), "raid");
    const auto actions = restored.gm_actions("raid");
    ASSERT_FALSE(actions.empty());
    EXPECT_EQ(actions.back().kind, "delete");
    EXPECT_EQ(actions.back().reason, "the group moved on");
    EXPECT_EQ(Json::parse(actions.back().details)["by"], "gm");
}

TEST_F(CampaignEnd, EveryGmActionNamesTheGmWhoGaveIt) {
    ASSERT_EQ(join_by_invite("olaf", "observer")["role"], "observer");
    ASSERT_EQ(gm({{"command", "add_gm"}, {"account", "olaf"}})["type"], "gm_done");
    ASSERT_EQ(gm({{"command", "force_advance"}, {"period", 0}}, "olaf")["type"], "gm_done");
    ASSERT_TRUE(period_becomes(1));
    ASSERT_EQ(gm({{"command", "rollback"}, {"period", 1}, {"to_period", 0}}, "olaf")["type"],
              "gm_done");
    ASSERT_EQ(gm({{"command", "edit_world"},
                  {"edits", Json::parse(R"([{"op": "set_terrain", "hex": [4, 4],
                                             "terrain": "forest"}])")}})["type"],
              "gm_done");
    ASSERT_EQ(gm({{"command", "pause"}}, "olaf")["type"], "gm_done");
    std::vector<std::string> audit;
    server.on_io_thread([&] {
        for (const auto& a : server.services().campaigns->gm_actions("raid"))
            audit.push_back(a.kind + " by " + Json::parse(a.details).value("by", "nobody"));
    });
    // The missed orders of the forced period are the server's own record: no GM gave it.
    EXPECT_EQ(audit, (std::vector<std::string>{"invite by gm", "add_gm by gm", "force_advance by olaf",
                                               "missed_orders by nobody", "rollback by olaf",
                                               "world_edit by gm", "pause by olaf"}));
}

TEST_F(CampaignEnd, ACampaignWhoseArchiveCannotBeKeptIsNotDeleted) {
    ASSERT_EQ(gm({{"command", "end"}, {"reason", "peace"}})["type"], "gm_done");
    std::ofstream(dir.path / "deleted-campaigns") << "a file where the folder would be\n";
    const Json refused = gm({{"command", "delete"}, {"confirm", "raid"}});
    EXPECT_EQ(refused["code"], "unavailable") << refused.dump();
    EXPECT_EQ(refused["message"].get<std::string>().find(dir.path.string()), std::string::npos)
        << "the server's folders are not for clients: " << refused.dump();
    EXPECT_EQ(send("anna", {{"type", "join"}})["type"], "snapshot") << "deleted without archive";
    bool audited = false;
    server.on_io_thread([&] {
        for (const auto& a : server.services().campaigns->gm_actions("raid"))
            audited = audited || a.kind == "delete";
    });
    EXPECT_FALSE(audited) << "the refused delete left its GM action";
}

TEST_F(CampaignEnd, AnEarlierArchiveOfTheSameNameIsNeverReplaced) {
    ASSERT_EQ(gm({{"command", "end"}, {"reason", "peace"}})["type"], "gm_done");
    // Archives of an earlier "raid" for every second around now, as a clock stepped back or a
    // second delete within one second would meet.
    std::filesystem::create_directories(dir.path / "deleted-campaigns");
    std::vector<std::filesystem::path> earlier;
    const auto now = std::chrono::system_clock::now();
    for (int s = -2; s <= 20; ++s) {
        std::string iso = server::iso_utc(now + std::chrono::seconds(s)).substr(0, 19);
        std::erase(iso, '-');
        std::erase(iso, ':');
        earlier.push_back(dir.path / "deleted-campaigns" / ("raid-" + iso + "Z.json"));
        std::ofstream(earlier.back()) << "an earlier archive\n";
    }
    const Json done = gm({{"command", "delete"}, {"confirm", "raid"}, {"reason", "again"}});
    ASSERT_EQ(done["type"], "gm_done") << done.dump();
    const std::string file = done["archive"];
    EXPECT_EQ(file.substr(file.size() - 7), "-2.json") << file;
    for (const auto& path : earlier) {
        std::ifstream in(path);
        EXPECT_EQ(std::string(std::istreambuf_iterator<char>(in), {}), "an earlier archive\n")
            << path;
    }
    std::ifstream in(dir.path / file);
    EXPECT_EQ(Json::parse(std::string(std::istreambuf_iterator<char>(in), {}))["campaign"]["id"],
              "raid");
}

}  // namespace
}  // namespace umpire::testing
