// Deadlines with a manual clock: a duration or a wall-clock time in an IANA zone, resolution at
// the deadline, pause and resume, capped idempotent extensions, extension after downtime, and
// deduplicated webhook notifications.
#include "hub_support.hpp"

namespace umpire::testing {
namespace {

using namespace std::chrono;
using server::iso_utc;
using server::parse_iso_utc;

TEST(DeadlinePolicy, DurationsAndWallClockInATimeZone) {
    const auto opened = *parse_iso_utc("2025-03-29T19:30:00.000Z");
    EXPECT_EQ(iso_utc(*server::due_time({{"kind", "duration"}, {"minutes", 90}}, opened)),
              "2025-03-29T21:00:00.000Z");
    // 20:00 in Oslo on 29 March is 19:00 UTC (winter time): already past, so the next day,
    // when summer time has begun: 18:00 UTC.
    const Json oslo{{"kind", "wall_clock"}, {"time", "20:00"}, {"time_zone", "Europe/Oslo"}};
    EXPECT_EQ(server::deadline_policy_problem(oslo), "");
    EXPECT_EQ(iso_utc(*server::due_time(oslo, opened)), "2025-03-30T18:00:00.000Z");
    // 02:30 does not exist in Oslo on 30 March: the moment the clocks jump (01:00 UTC).
    const Json gap{{"kind", "wall_clock"}, {"time", "02:30"}, {"time_zone", "Europe/Oslo"}};
    EXPECT_EQ(iso_utc(*server::due_time(gap, *parse_iso_utc("2025-03-29T22:00:00.000Z"))),
              "2025-03-30T01:00:00.000Z");
    EXPECT_FALSE(server::due_time({{"kind", "manual"}}, opened));
    EXPECT_NE(server::deadline_policy_problem({{"kind", "wall_clock"}, {"time", "20:00"},
                                               {"time_zone", "Europe/Atlantis"}}), "");
    EXPECT_NE(server::deadline_policy_problem({{"kind", "duration"}, {"minutes", 0}}), "");
    EXPECT_NE(server::deadline_policy_problem({{"kind", "sometime"}}), "");
}

// Each schedule across both daylight-saving changes, north and south of the equator.
std::string due(const Json& policy, const char* opened, const std::string& zone = "UTC") {
    const auto d = server::due_time(policy, *parse_iso_utc(opened), zone);
    return d ? iso_utc(*d) : "none";
}

TEST(DeadlinePolicy, WeeklyTurnsKeepTheirLocalTimeAcrossDaylightSaving) {
    const Json sunday{
        {"kind", "weekly"}, {"days", {"sun"}}, {"time", "20:00"}, {"time_zone", "Europe/Berlin"}};
    EXPECT_EQ(server::deadline_policy_problem(sunday), "");
    // Saturday 29 March 2025, winter time; Sunday is already summer time (UTC+2).
    EXPECT_EQ(due(sunday, "2025-03-29T19:30:00.000Z"), "2025-03-30T18:00:00.000Z");
    // Opened at that deadline: a week on, not the same moment.
    EXPECT_EQ(due(sunday, "2025-03-30T18:00:00.000Z"), "2025-04-06T18:00:00.000Z");
    // Back to winter time on 26 October (UTC+1).
    EXPECT_EQ(due(sunday, "2025-10-25T12:00:00.000Z"), "2025-10-26T19:00:00.000Z");
    // Two days a week; Sydney leaves summer time on 6 April and enters it on 5 October.
    const Json sydney{{"kind", "weekly"},
                      {"days", {"mon", "thu"}},
                      {"time", "09:00"},
                      {"time_zone", "Australia/Sydney"}};
    EXPECT_EQ(due(sydney, "2025-04-04T00:00:00.000Z"), "2025-04-06T23:00:00.000Z");  // Mon, UTC+10
    EXPECT_EQ(due(sydney, "2025-10-03T00:00:00.000Z"), "2025-10-05T22:00:00.000Z");  // Mon, UTC+11
    EXPECT_EQ(due(sydney, "2025-10-05T22:00:00.000Z"), "2025-10-08T22:00:00.000Z");  // then Thu
}

TEST(DeadlinePolicy, EveryNDaysCountsLocalDaysFromTheOpeningDay) {
    const Json two{
        {"kind", "every_days"}, {"days", 2}, {"time", "08:00"}, {"time_zone", "America/New_York"}};
    EXPECT_EQ(server::deadline_policy_problem(two), "");
    // Saturday 8 March 2025 09:00 EST → Monday 08:00 EDT (the clocks sprang forward on Sunday).
    EXPECT_EQ(due(two, "2025-03-08T14:00:00.000Z"), "2025-03-10T12:00:00.000Z");
    // Saturday 1 November 08:00 EDT → Monday 08:00 EST.
    EXPECT_EQ(due(two, "2025-11-01T12:00:00.000Z"), "2025-11-03T13:00:00.000Z");
}

TEST(DeadlinePolicy, AMinimumKeepsAnEarlyFinishFromSqueezingTheNextTurn) {
    // A "20:00 daily" group that finishes at 19:30 Berlin time.
    const Json daily{{"kind", "wall_clock"}, {"time", "20:00"}, {"time_zone", "Europe/Berlin"}};
    EXPECT_EQ(due(daily, "2025-06-10T17:30:00.000Z"), "2025-06-10T18:00:00.000Z");  // 30 minutes
    Json with_minimum = daily;
    with_minimum["min_minutes"] = 12 * 60;
    EXPECT_EQ(server::deadline_policy_problem(with_minimum), "");
    EXPECT_EQ(due(with_minimum, "2025-06-10T17:30:00.000Z"), "2025-06-11T18:00:00.000Z");
    EXPECT_EQ(due(with_minimum, "2025-06-10T05:00:00.000Z"),
              "2025-06-10T18:00:00.000Z");  // 13 h: enough
}

TEST(DeadlinePolicy, DatesAndTheCampaignsZone) {
    // 02:30 on 26 October happens twice in Berlin: the later one (CET, 01:30 UTC).
    const Json dates{{"kind", "dates"},
                     {"at", {"2025-11-02T20:00", "2025-10-26T02:30"}},
                     {"time_zone", "Europe/Berlin"}};
    EXPECT_EQ(server::deadline_policy_problem(dates), "");
    EXPECT_EQ(due(dates, "2025-10-20T00:00:00.000Z"), "2025-10-26T01:30:00.000Z");
    EXPECT_EQ(due(dates, "2025-10-26T01:30:00.000Z"), "2025-11-02T19:00:00.000Z");
    EXPECT_EQ(due(dates, "2025-11-02T19:00:00.000Z"), "none");  // the list has run out
    // Without a zone of its own a schedule is in the campaign's.
    const Json daily{{"kind", "wall_clock"}, {"time", "20:00"}};
    EXPECT_EQ(due(daily, "2025-06-10T00:00:00.000Z", "Asia/Tokyo"), "2025-06-10T11:00:00.000Z");
    EXPECT_EQ(due(daily, "2025-06-10T00:00:00.000Z"), "2025-06-10T20:00:00.000Z");
}

TEST(DeadlinePolicy, MalformedSchedulesSayWhatIsWrong) {
    for (const Json& bad :
         {Json{{"kind", "weekly"}, {"days", {"monday"}}, {"time", "20:00"}},
          Json{{"kind", "weekly"}, {"days", Json::array()}, {"time", "20:00"}},
          Json{{"kind", "weekly"}, {"time", "20:00"}},
          Json{{"kind", "every_days"}, {"days", 0}, {"time", "20:00"}},
          Json{{"kind", "every_days"}, {"days", 2}, {"time", "25:00"}},
          Json{{"kind", "dates"}, {"at", {"2025-13-01T20:00"}}},
          Json{{"kind", "dates"}, {"at", {"tomorrow"}}},
          Json{{"kind", "wall_clock"}, {"time", "20:00"}, {"min_minutes", -1}},
          Json{{"kind", "wall_clock"}, {"time", "20:00"}, {"tz", "UTC"}}, Json{{"kind", 7}}})
        EXPECT_NE(server::deadline_policy_problem(bad), "") << bad.dump();
}

class Deadlines : public ::testing::Test {
protected:
    TempDir dir;
    std::unique_ptr<HubHarness> h = make();
    std::shared_ptr<FakePeer> gm, anna;

    std::unique_ptr<HubHarness> make(server::TimePoint at = {}) {
        auto harness = std::make_unique<HubHarness>(dir, at);
        return harness;
    }
    void SetUp() override {
        for (const auto& [name, pw] : kDemoAccounts) h->hub->create_account(name, pw);
        demo_campaign(*h->hub);
        gm = h->peer("gm");
        anna = h->peer("anna");
        ASSERT_EQ(h->send(anna, {{"type", "join"}, {"campaign", "raid"}})["type"], "snapshot");
    }
    Json gm_command(Json m) {
        m["type"] = "gm";
        m["campaign"] = "raid";
        return h->send(gm, m);
    }
    int period() { return h->hub->find_room("raid")->campaign().period_index(); }
};

TEST_F(Deadlines, TheDeadlineResolvesThePeriod) {
    ASSERT_EQ(gm_command({{"command", "set_deadline"},
                          {"deadline", {{"kind", "duration"}, {"minutes", 60}}}})["type"], "gm_done");
    h->scheduler.advance(minutes(59));
    EXPECT_EQ(period(), 0);
    h->scheduler.advance(minutes(2));
    EXPECT_EQ(period(), 1);  // missing orders held, decisions settled
    EXPECT_EQ(anna->of_type("period_resolved").size(), 1u);
    // The next period has its own deadline, an hour after it opened.
    const auto d = h->stores.server->deadline("raid", 1);
    ASSERT_TRUE(d && d->due_at);
    EXPECT_EQ(*parse_iso_utc(*d->due_at), h->scheduler.time + minutes(60));
}

TEST_F(Deadlines, PauseStopsTheClockExtendIsIdempotentAndCapped) {
    gm_command({{"command", "set_deadline"}, {"deadline", {{"kind", "duration"}, {"minutes", 60}}}});
    h->scheduler.advance(minutes(30));
    ASSERT_EQ(gm_command({{"command", "pause"}, {"reason", "a player is ill"}})["type"], "gm_done");
    h->scheduler.advance(minutes(600));
    EXPECT_EQ(period(), 0);
    auto e1 = gm_command({{"command", "extend"}, {"minutes", 15}, {"key", "k1"}, {"reason", "post"}});
    auto e2 = gm_command({{"command", "extend"}, {"minutes", 15}, {"key", "k1"}, {"reason", "post"}});
    EXPECT_EQ(e1["type"], "gm_done");
    EXPECT_EQ(e2.value("repeated", false), true);
    auto capped = gm_command({{"command", "extend"}, {"minutes", 5000}, {"key", "k2"}, {"reason", "x"}});
    EXPECT_EQ(capped["code"], "invalid_argument");
    ASSERT_EQ(gm_command({{"command", "resume"}, {"reason", "better"}})["type"], "gm_done");
    // 30 minutes were left, plus 15 once.
    h->scheduler.advance(minutes(44));
    EXPECT_EQ(period(), 0);
    h->scheduler.advance(minutes(2));
    EXPECT_EQ(period(), 1);
    // Players saw each GM action as a notice with its reason.
    std::vector<std::string> kinds;
    for (const auto& n : anna->of_type("notice")) kinds.push_back(n["notice"]["kind"]);
    EXPECT_EQ(kinds, (std::vector<std::string>{"set_deadline", "pause", "extend", "resume"}));
    // Each with what changed (issue 30), and never the extension's idempotency key or the GM.
    const auto notices = anna->of_type("notice");
    EXPECT_TRUE(notices[0]["notice"]["details"].contains("due_at"));
    EXPECT_EQ(notices[0]["notice"]["details"]["deadline"]["minutes"], 60);
    EXPECT_EQ(notices[1]["notice"]["details"]["remaining_minutes"], 30);
    EXPECT_EQ(notices[2]["notice"]["details"]["minutes"], 15);
    EXPECT_FALSE(notices[2]["notice"]["details"].contains("key"));
    EXPECT_FALSE(notices[2]["notice"]["details"].contains("by"));
    const auto resumed = parse_iso_utc(notices[3]["notice"]["details"]["due_at"]);
    ASSERT_TRUE(resumed);
    // Resumed at 630 minutes with 45 left (30 + 15): due at 675; the clock now reads 676.
    EXPECT_EQ(*resumed, h->scheduler.time - minutes(1));
}

TEST_F(Deadlines, DowntimeExtendsInsteadOfResolving) {
    gm_command({{"command", "set_deadline"}, {"deadline", {{"kind", "duration"}, {"minutes", 60}}}});
    const auto stopped_at = h->scheduler.time;
    gm.reset();
    anna.reset();
    h.reset();  // the server goes down for a day
    h = make(stopped_at + hours(24));
    h->hub->start();
    EXPECT_EQ(period(), 0);
    const auto d = h->stores.server->deadline("raid", 0);
    EXPECT_EQ(*parse_iso_utc(*d->due_at), h->scheduler.time + minutes(15));
    const auto actions = h->stores.campaigns->gm_actions("raid");
    EXPECT_EQ(actions.back().kind, "downtime_extension");
    h->scheduler.advance(minutes(16));
    EXPECT_EQ(period(), 1);
}

TEST_F(Deadlines, NotificationsAreSentOncePerKey) {
    ASSERT_EQ(h->send(anna, {{"type", "set_webhook"}, {"campaign", "raid"},
                             {"url", "http://127.0.0.1:9/hook"}})["type"], "webhook_set");
    gm_command({{"command", "set_deadline"}, {"deadline", {{"kind", "duration"}, {"minutes", 120}}}});
    h->scheduler.advance(minutes(61));  // the warning an hour before
    h->scheduler.advance(minutes(60));  // the deadline
    std::vector<std::string> keys;
    for (const auto& [url, body] : h->webhooks.posts) keys.push_back(body["key"]);
    // anna gave no orders: she is told she missed the period (issue 30), then of the period.
    ASSERT_EQ(keys.size(), 3u) << Json(keys).dump();
    EXPECT_EQ(keys[0].rfind("deadline:0:", 0), 0u);
    EXPECT_EQ(keys[1], "missed_orders:0.0");
    EXPECT_EQ(keys[2], "resolved:0.0");
    // The same notification triggered again is not sent again.
    h->hub->find_room("raid");
    const auto n = h->webhooks.posts.size();
    storage::NotificationRecord again{h->stores.server->account_by_name("anna")->id, "raid",
                                      "resolved:0.0", "{}", "t", 0};
    EXPECT_FALSE(h->stores.server->add_notification(again));
    EXPECT_EQ(h->webhooks.posts.size(), n);
}

}  // namespace
}  // namespace umpire::testing
