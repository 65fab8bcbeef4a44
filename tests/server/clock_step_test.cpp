// The real server's deadlines while its wall clock steps (issue 29, finding 5). Before, a steady
// timer fired at the monotonic deadline: with the clock set back it fired early, found the wall
// clock before the deadline and never fired again, so the period never resolved; with the clock
// set forward past the deadline, orders were refused at once but the period waited for the
// monotonic timer. The clock here is injected (libfaketime deadlocks on this machine).
#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "server_fixture.hpp"

namespace umpire::testing {
namespace {

using namespace std::chrono;

class ClockSteps : public ::testing::Test {
protected:
    std::atomic<long long> offset_ms{0};
    TempDir dir;
    RunningServer server{test_config(dir), kDemoAccounts, demo_campaign,
                         [this] { return system_clock::now() + milliseconds(offset_ms.load()); }};
    std::string token = login("gm");

    std::string login(const std::string& name) {
        auto [status, body] = server.api({{"type", "login"}, {"account", name}, {"password", "pw-" + name}});
        EXPECT_EQ(status, 200);
        return body["messages"][0]["token"];
    }
    Json gm(Json command) {
        command["type"] = "gm";
        command["campaign"] = "raid";
        return server.api(command, token).second["messages"][0];
    }
    int period() {
        int index = -1;
        server.on_io_thread([&] { index = server.hub().find_room("raid")->campaign().period_index(); });
        return index;
    }
    // Polls for up to `limit` (the server wakes its timers at least every second).
    bool resolves_within(milliseconds limit) {
        for (auto waited = milliseconds(0); waited < limit; waited += milliseconds(100)) {
            if (period() == 1) return true;
            std::this_thread::sleep_for(milliseconds(100));
        }
        return period() == 1;
    }
};

TEST_F(ClockSteps, SetBackTheDeadlineWaitsForTheWallClockAndThenResolves) {
    ASSERT_EQ(gm({{"command", "set_deadline"}, {"reason", "quick"},
                  {"deadline", {{"kind", "duration"}, {"seconds", 2}}}})["type"], "gm_done");
    offset_ms = -30'000;  // the wall clock is set back 30 s
    std::this_thread::sleep_for(milliseconds(3500));  // the monotonic deadline has passed
    EXPECT_EQ(period(), 0) << "resolved before its deadline by the wall clock";
    // Orders are still taken: by the wall clock the period is open.
    const std::string anna = login("anna");
    auto [status, body] = server.api({{"type", "submit_orders"}, {"campaign", "raid"},
                                      {"period_index", 0}, {"state", "draft"},
                                      {"orders", Json::array()}}, anna);
    EXPECT_EQ(body["messages"][0]["type"], "receipt") << body.dump();
    offset_ms = 0;  // the clock is put right: the deadline has passed
    EXPECT_TRUE(resolves_within(seconds(10))) << "the deadline never fired";
}

TEST_F(ClockSteps, SetForwardPastTheDeadlineResolvesAtOnce) {
    ASSERT_EQ(gm({{"command", "set_deadline"}, {"reason", "an hour"},
                  {"deadline", {{"kind", "duration"}, {"minutes", 60}}}})["type"], "gm_done");
    offset_ms = 61 * 60'000;  // the wall clock jumps an hour and a minute on
    EXPECT_TRUE(resolves_within(seconds(10))) << "waits for the monotonic hour";
}

}  // namespace
}  // namespace umpire::testing
