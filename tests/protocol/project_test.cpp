// The one projection (protocol/project.hpp): every message the server sends about a campaign is
// made by an overload of protocol::project, and the server only routes what it returns. These
// tests check what each overload gives each viewer, and scan the server's sources for a message
// made, or a part of the projection called, anywhere else.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "documents/scenario_io.hpp"
#include "protocol/project.hpp"

namespace umpire::protocol {
namespace {

namespace fs = std::filesystem;
using rules::Json;

const std::string kDemo = std::string(UMPIRE_SOURCE_DIR) + "/scenarios/valormr-demo.json";
const std::string kCampaign = "c1";

const rules::CampaignState& demo_state() {
    static const rules::CampaignState state = [] {
        rules::Problems problems;
        auto loaded = rules::load_scenario_file(
            kDemo, {std::string(UMPIRE_SOURCE_DIR) + "/rulesets"}, problems);
        if (!loaded) throw std::runtime_error(problems.to_text());
        return loaded->state;
    }();
    return state;
}

CampaignFacts facts(std::vector<std::string> unplayed = {}) {
    return {kCampaign, demo_state(), {}, 3, std::move(unplayed)};
}

// anna and bertram are the realm, ingrid, erik and sven the raiders.
const Viewer kAnna = Viewer::of_player("anna");
const Viewer kIngrid = Viewer::of_player("ingrid");

TEST(OneProjection, ADecisionRequestGoesOnlyToWhoAnswersIt) {
    const DecisionFacts request{"anna", {{"id", "d1"}, {"kind", "engage_or_evade"}}};
    const auto to_anna = project(kAnna, facts(), request);
    ASSERT_TRUE(to_anna);
    EXPECT_EQ((*to_anna)["type"], "decision_request");
    EXPECT_EQ((*to_anna)["request"]["id"], "d1");
    EXPECT_FALSE(project(kIngrid, facts(), request));
    EXPECT_FALSE(project(Viewer::observer(), facts(), request));
    EXPECT_TRUE(project(Viewer::gm(), facts(), request));
}

TEST(OneProjection, TheViewShowsOwnOrdersOwnSidesFlagsAndOwnRequests) {
    ViewFacts view{.name = "Demo", .status = "active", .time_zone = "UTC", .seed_hash = "h"};
    view.orders = {{"anna", "submitted", "r-anna", "t", R"([{"force":"hadewych"}])"},
                   {"ingrid", "draft", "r-ingrid", "t", R"([{"force":"skoll","secret":1}])"}};
    view.pending = {{"anna", {{"id", "d-anna"}}}, {"ingrid", {{"id", "d-ingrid"}}}};
    const Json anna = project(kAnna, facts(), view);
    EXPECT_EQ(anna["my_orders"]["receipt"], "r-anna");
    ASSERT_EQ(anna["decisions"].size(), 1u);
    EXPECT_EQ(anna["decisions"][0]["id"], "d-anna");
    EXPECT_FALSE(anna.contains("waiting_for"));
    const std::string bytes = anna.dump();
    EXPECT_EQ(bytes.find("ingrid\",\"state"), std::string::npos) << "another side's order flag";
    EXPECT_EQ(bytes.find("secret"), std::string::npos);
    EXPECT_EQ(bytes.find("d-ingrid"), std::string::npos);
    const Json gm = project(Viewer::gm(), facts(), view);
    EXPECT_EQ(gm["decisions"].size(), 2u);
    EXPECT_EQ(gm["waiting_for"], Json::array({"anna", "ingrid"}));
}

TEST(OneProjection, AResolvedPeriodShowsTheSeedToTheGmAloneAndMissedOrdersOfOwnSide) {
    const std::vector<Json> events = {
        {{"type", "force_halted"}, {"audience", "all"}, {"force", "f"}},
        {{"type", "force_halted"}, {"audience", Json::array({"ingrid"})}, {"force", "hidden"}}};
    const PeriodFacts period{.index = 2,
                             .attempt = 1,
                             .seed_hash = "hash",
                             .seed = "the-seed",
                             .dice_key = "key",
                             .events = events,
                             .missed = {"bertram", "erik"}};
    for (auto kind : {PeriodMessage::resolved, PeriodMessage::report}) {
        const Json anna = project(kAnna, facts(), period, kind);
        EXPECT_EQ(anna["type"], kind == PeriodMessage::resolved ? "period_resolved" : "report");
        EXPECT_FALSE(anna.contains("seed"));
        EXPECT_EQ(anna["events"].size(), 1u);
        EXPECT_EQ(anna["missed_orders"], Json::array({"bertram"}));
        const Json gm = project(Viewer::gm(), facts(), period, kind);
        EXPECT_EQ(gm["seed"], "the-seed");
        EXPECT_EQ(gm["events"].size(), 2u);
        EXPECT_EQ(gm["missed_orders"], Json::array({"bertram", "erik"}));
    }
}

TEST(OneProjection, ATurnReportByWebhookIsMadeOfTheAccountsOwnReport) {
    const std::vector<Json> events = {{{"type", "force_halted"},
                                       {"audience", Json::array({"ingrid"})},
                                       {"force", "skoll-secret-halt"}}};
    const PeriodFacts period{.index = 2, .events = events};
    const ViewFacts view{.name = "Demo", .status = "active", .time_zone = "UTC"};
    const Json anna = project(kAnna, facts(), TurnReportFacts{2, &period, view});
    EXPECT_EQ(anna["type"], "period_resolved");
    EXPECT_EQ(anna["next_period_index"], 3);
    ASSERT_TRUE(anna.contains("report_text"));
    EXPECT_EQ(anna.dump().find("skoll-secret-halt"), std::string::npos);
    const Json rolled_back = project(kAnna, facts(), TurnReportFacts{2, nullptr, view});
    EXPECT_FALSE(rolled_back.contains("report_text"));
}

TEST(OneProjection, NoticesAndHistoryShowOnlyWhatTheViewerIsTold) {
    const GmAction invite{1, "invite", "", R"({"code_hash":"x"})", "t"};
    const GmAction pause{2, "pause", "lunch", R"({"remaining_minutes":5,"by":"gm1"})", "t"};
    EXPECT_FALSE(project(kAnna, facts(), invite, {invite}));
    const auto paused = project(kAnna, facts(), pause, {invite, pause});
    ASSERT_TRUE(paused);
    EXPECT_EQ((*paused)["notice"]["details"], (Json{{"remaining_minutes", 5}}));
    // Told at once to whom they concern, not kept in the audit.
    for (const char* kind : {"seat_changed", "campaign_deleted"})
        EXPECT_TRUE(project(kAnna, facts(), GmAction{0, kind, "why", "", "t"}, {})) << kind;
    const Json history =
        project(kAnna, facts(), {{1, 1, 1, "day", "h", "t", false}}, {invite, pause});
    EXPECT_EQ(history["type"], "history");
    EXPECT_EQ(history["periods"].size(), 1u);
    ASSERT_EQ(history["notices"].size(), 1u);
    EXPECT_EQ(history["notices"][0]["kind"], "pause");
}

TEST(OneProjection, ANoticesNumberCountsOnlyTheNoticesItsViewerIsShown) {
    // Issue 53: the audit's number 4 counts an invite, a reset code and the missed orders,
    // none of them anna's to know; she is shown the pause as her first notice and the
    // extension as her second, in the notice pushed and in the history alike.
    const std::vector<GmAction> audit{
        {1, "invite", "", R"({"code_hash":"x"})", "t"},
        {2, "reset_code", "", "{}", "t"},
        {3, "missed_orders", "", R"({"period_index":0,"attempt":0,"players":["erik"]})", "t"},
        {4, "pause", "lunch", R"({"remaining_minutes":5})", "t"},
        {5, "invite", "", R"({"code_hash":"y"})", "t"},
        {6, "extend", "", R"({"minutes":5,"due_at":"t"})", "t"}};
    const auto paused = project(kAnna, facts(), audit[3], audit);
    ASSERT_TRUE(paused);
    EXPECT_EQ((*paused)["notice"]["no"], 1);
    EXPECT_EQ((*project(kAnna, facts(), audit[5], audit))["notice"]["no"], 2);
    const std::vector<PeriodListing> no_periods;
    const Json history = project(kAnna, facts(), no_periods, audit);
    ASSERT_EQ(history["notices"].size(), 2u);
    EXPECT_EQ(history["notices"][0]["no"], 1);
    EXPECT_EQ(history["notices"][1]["no"], 2);
    // The same audit without the hidden actions numbers anna's notices the same.
    const std::vector<GmAction> shown{audit[3], audit[5]};
    EXPECT_EQ(project(kAnna, facts(), no_periods, shown)["notices"], history["notices"]);
}

TEST(OneProjection, ALobbyEntryCountsOnlyTheMissedOrdersOfTheViewersSide) {
    const LobbyFacts lobby{"Demo", "active", {{{"anna", "erik"}}, {{"erik"}}}};
    const Json anna = project(kAnna, facts(), lobby);
    EXPECT_EQ(anna["missed_orders"], (Json{{"anna", 1}}));
    EXPECT_EQ(anna["role"], "player");
    const Json gm = project(Viewer::gm(), facts(), lobby);
    EXPECT_EQ(gm["missed_orders"], (Json{{"anna", 1}, {"erik", 2}}));
    EXPECT_FALSE(project(Viewer::observer(), facts(), lobby).contains("missed_orders"));
}

// The server's sources: what is made where.
std::string read_all(const fs::path& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

// Press: a message from `from` to `to` in period 3, the `n`th of its channel.
PressFacts press(std::string from, std::vector<std::string> to, int n = 1, bool gm_reads = false) {
    return {n, 3, n, std::move(from), std::move(to), gm_reads, "text", "2026-12-05T10:00:00Z"};
}

std::vector<std::string> readers(const PressFacts& m, Visibility visibility = {}) {
    CampaignFacts campaign = facts();
    campaign.visibility = visibility;
    std::vector<std::string> out;
    for (const auto& [name, viewer] :
         std::vector<std::pair<std::string, Viewer>>{{"gm", Viewer::gm()},
                                                     {"anna", kAnna},
                                                     {"bertram", Viewer::of_player("bertram")},
                                                     {"ingrid", kIngrid},
                                                     {"observer", Viewer::observer()}})
        if (auto message = project(viewer, campaign, m)) {
            EXPECT_EQ((*message)["type"], "press");
            out.push_back(name);
        }
    return out;
}

TEST(OneProjection, PressGoesToItsSenderAndRecipientsAndToAllEveryone) {
    using V = std::vector<std::string>;
    EXPECT_EQ(readers(press("anna", {"ingrid"})), (V{"anna", "ingrid"}));
    EXPECT_EQ(readers(press("anna", {"bertram", "ingrid"})), (V{"anna", "bertram", "ingrid"}));
    EXPECT_EQ(readers(press("anna", {"gm"})), (V{"gm", "anna"}));
    EXPECT_EQ(readers(press("gm", {"ingrid"})), (V{"gm", "ingrid"}));
    EXPECT_EQ(readers(press("ingrid", {"all"})),
              (V{"gm", "anna", "bertram", "ingrid", "observer"}));
    // The GMs read private press only if the campaign said so when it was sent; observers who
    // see everything read what the GMs read.
    EXPECT_EQ(readers(press("anna", {"ingrid"}, 1, true)), (V{"gm", "anna", "ingrid"}));
    Visibility all;
    all.observers = Visibility::Observers::everything;
    EXPECT_EQ(readers(press("anna", {"ingrid"}), all), (V{"anna", "ingrid"}));
    EXPECT_EQ(readers(press("anna", {"ingrid"}, 1, true), all),
              (V{"gm", "anna", "ingrid", "observer"}));
    // Today's setting does not open a message written under another.
    Visibility gm_reads;
    gm_reads.press = Visibility::Press::gm_reads;
    EXPECT_EQ(readers(press("anna", {"ingrid"}), gm_reads), (V{"anna", "ingrid"}));
}

TEST(OneProjection, APressListCountsNothingTheViewerMayNotRead) {
    // sven writes to erik twice, then to everyone: anna reads one message, whose id counts
    // only its own channel (sven to all), not the two she may not read.
    const std::vector<PressFacts> all{press("sven", {"erik"}, 1), press("sven", {"erik"}, 2),
                                      press("sven", {"all"}, 1)};
    const Json to_anna = project(kAnna, facts(), all, PressList::newest, -1);
    EXPECT_EQ(to_anna["type"], "press_list");
    ASSERT_EQ(to_anna["messages"].size(), 1u);
    EXPECT_EQ(to_anna["messages"][0]["id"], "3.sven>all.p1");
    EXPECT_EQ(to_anna["messages"][0]["from"], "sven");
    EXPECT_EQ(to_anna["earlier"], false);
    EXPECT_EQ(to_anna["policy"], "private");
    const Json to_erik = project(Viewer::of_player("erik"), facts(), all, PressList::newest, -1);
    ASSERT_EQ(to_erik["messages"].size(), 3u);
    EXPECT_EQ(to_erik["messages"][1]["id"], "3.sven>erik.p2");
    // One period's: none of period 2.
    EXPECT_TRUE(
        project(Viewer::of_player("erik"), facts(), all, PressList::of_period, 2)["messages"]
            .empty());
    // The newest 200, and a word that there are earlier ones.
    std::vector<PressFacts> many;
    for (int i = 1; i <= 205; ++i) many.push_back(press("gm", {"all"}, i));
    const Json newest = project(kAnna, facts(), many, PressList::newest, -1);
    EXPECT_EQ(newest["messages"].size(), 200u);
    EXPECT_EQ(newest["messages"][0]["id"], "3.gm>all.p6");
    EXPECT_EQ(newest["earlier"], true);
}

// Who is told a notification: the names of the viewers whose projection is not empty.
std::vector<std::string> told(const NotificationFacts& what) {
    std::vector<std::string> out;
    for (const auto& [name, viewer] :
         std::vector<std::pair<std::string, Viewer>>{{"gm", Viewer::gm()},
                                                     {"anna", kAnna},
                                                     {"ingrid", kIngrid},
                                                     {"observer", Viewer::observer()}})
        if (project(viewer, facts(), what)) out.push_back(name);
    return out;
}

TEST(OneProjection, ANotificationTellsEachAccountOnlyItsOwnPart) {
    namespace n = notification;
    using V = std::vector<std::string>;
    EXPECT_EQ(told(n::DecisionNeeded{3, "d1", "anna", std::nullopt}), V{"anna"});
    EXPECT_EQ(told(n::DecisionNeeded{3, "d2", "gm", "2026-12-05T20:00:00Z"}), V{"gm"});
    EXPECT_EQ(told(n::DecisionLapsed{3, "d1", "ingrid"}), V{"ingrid"});
    EXPECT_EQ(told(n::DecisionAnsweredFor{3, "d1", "anna", "evade", "at sea"}), V{"anna"});
    EXPECT_EQ(told(n::DeadlineNear{3, "2026-12-05T20:00:00Z"}), (V{"anna", "ingrid"}));
    EXPECT_EQ(told(n::OrdersReopened{2}), (V{"anna", "ingrid"}));
    EXPECT_EQ(told(n::CampaignEnded{"peace"}), (V{"gm", "anna", "ingrid", "observer"}));
    EXPECT_EQ(told(n::WorldEdited{"fog", {{"anna", {"hadewych"}}}, false}), V{"anna"});
    EXPECT_EQ(told(n::WorldEdited{"a new road", {}, true}), (V{"anna", "ingrid"}));

    // Missed orders: the GM learns who; a player only that it missed, and what was done.
    const n::MissedOrders missed{3, {"anna", "sven"}};
    EXPECT_EQ(told(missed), (V{"gm", "anna"}));
    EXPECT_EQ((*project(Viewer::gm(), facts(), missed))["players"], Json({"anna", "sven"}));
    const Json to_anna = *project(kAnna, facts(), missed);
    EXPECT_EQ(to_anna["type"], "missed_orders");
    EXPECT_EQ(to_anna["players"], Json::array({"anna"}));
    EXPECT_EQ(to_anna["what_was_done"], kWhatWasDoneForMissedOrders);
    // A world edit names only the viewer's own forces.
    const Json edited =
        *project(kAnna, facts(),
                 n::WorldEdited{"fog", {{"anna", {"hadewych"}}, {"ingrid", {"ingegerd"}}}, false});
    EXPECT_EQ(edited["forces"], Json::array({"hadewych"}));
    EXPECT_EQ(edited["campaign"], kCampaign);
}

TEST(OneProjection, ASnapshotAndItsDeltasCarryTheViewersOwnViewAndCountFromOne) {
    const Json view = project(kAnna, facts(), ViewFacts{});
    const Json snapshot = project(kAnna, facts(), HeldView{view});
    EXPECT_EQ(snapshot["type"], "snapshot");
    EXPECT_EQ(snapshot["campaign"], kCampaign);
    EXPECT_EQ(snapshot["version"], 1);
    EXPECT_EQ(snapshot["view"], view);
    EXPECT_FALSE(snapshot.contains("viewing_as"));
    EXPECT_EQ(project(Viewer::of_player("anna"), facts(), HeldView{view, 1, "anna"})["viewing_as"],
              "anna");

    // Nothing changed for the viewer: no delta. Otherwise a patch that turns the held view into
    // the next one, numbered after it.
    EXPECT_FALSE(project(kAnna, facts(), HeldView{view, 3}, view));
    Json next = view;
    next["status"] = "paused";
    const auto delta = project(kAnna, facts(), HeldView{view, 3}, next);
    ASSERT_TRUE(delta);
    EXPECT_EQ((*delta)["type"], "view_delta");
    EXPECT_EQ((*delta)["version"], 4);
    EXPECT_EQ(view.patch((*delta)["patch"]), next);
}

TEST(OneProjection, AnErrorTellsOfItsRequestOnly) {
    const ProtocolError busy =
        ProtocolError(ErrorCode::unavailable, "storage is busy").with_retry_after(2);
    const Json error = project(ErrorFacts{busy, "storage is busy", 7});
    EXPECT_EQ(error, (Json{{"type", "error"},
                           {"code", "unavailable"},
                           {"message", "storage is busy"},
                           {"retry_after_seconds", 2},
                           {"re", 7}}));
    const ProtocolError bad(ErrorCode::bad_message, "not a hex", "$.orders[0].path[1]");
    const Json no_id = project(ErrorFacts{bad, "not a hex"});
    EXPECT_EQ(no_id["path"], "$.orders[0].path[1]");
    EXPECT_FALSE(no_id.contains("re"));
    EXPECT_FALSE(no_id.contains("error_id"));
}

TEST(OneProjection, TheServerRoutesWhatTheProjectionMakesAndMakesNoneOfItself) {
    // The parts project() is made of: the server calls none of them.
    const std::regex part(
        R"(\b(view_for|events_for|event_for|decision_visible|order_flags_for|missed_orders_for|)"
        R"(sees_waiting_list|notice_for|companion_for|dice_seeds_of|shown_period_seed|turn_report)\s*\()");
    // The messages project() makes: the server writes none of them.
    const std::regex message(
        R"re("type"\s*,\s*"(decision_request|period_resolved|report|notice|battle_companion|history|)re"
        R"re(press|press_list|decision_needed|decision_lapsed|decision_answered_for|)re"
        R"re(deadline_near|orders_reopened|missed_orders|campaign_ended|world_edited|)re"
        R"re(snapshot|view_delta|error)")re");
    const std::regex include(
        R"re(#include\s+"protocol/(projection|notices|dice_proofs|report_text)\.hpp")re");
    std::vector<std::string> found;
    int files = 0;
    for (const auto& entry : fs::directory_iterator(fs::path(UMPIRE_SOURCE_DIR) / "server")) {
        const auto ext = entry.path().extension();
        if (ext != ".cpp" && ext != ".hpp") continue;
        ++files;
        const std::string source = read_all(entry.path());
        for (const auto* re : {&part, &message, &include})
            for (std::sregex_iterator m(source.begin(), source.end(), *re), end; m != end; ++m)
                found.push_back(entry.path().filename().string() + ": " + m->str());
    }
    EXPECT_GT(files, 50);
    EXPECT_TRUE(found.empty()) << found.size() << " found, first: " << found.front();
}

}  // namespace
}  // namespace umpire::protocol
