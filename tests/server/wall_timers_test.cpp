// Deadlines kept by the wall clock while it steps (issue 29, finding 5): a timer fires when the
// wall clock reaches its time, whatever a monotonic timer would say, and the scheduler never
// sleeps longer than its nap, so a step forward is noticed at once and a step back is waited
// out.
#include <gtest/gtest.h>

#include "server/wall_timers.hpp"

namespace umpire::server {
namespace {

using namespace std::chrono;

struct SteppedClock {
    TimePoint time = *parse_iso_utc("2026-03-01T12:00:00.000Z");
    WallClock clock() {
        return [this] { return time; };
    }
};

TEST(WallTimers, AClockSetBackDoesNotFireEarlyAndTheTimerStillFiresLater) {
    SteppedClock wall;
    WallTimers timers;
    int fired = 0;
    timers.at("deadline", wall.time + seconds(10), [&] { ++fired; });
    // A monotonic 10 s pass, but the wall clock was set back 30 s meanwhile: 20 s early.
    wall.time += seconds(10) - seconds(30);
    auto nap = timers.fire_due(wall.clock(), seconds(1));
    EXPECT_EQ(fired, 0);
    ASSERT_TRUE(nap);
    EXPECT_EQ(*nap, seconds(1));  // checks again within the nap, not after 30 s
    wall.time += seconds(29);
    timers.fire_due(wall.clock(), seconds(1));
    EXPECT_EQ(fired, 0);
    wall.time += seconds(1);  // now the deadline by the wall clock
    EXPECT_FALSE(timers.fire_due(wall.clock(), seconds(1)));
    EXPECT_EQ(fired, 1);
}

TEST(WallTimers, AClockSetForwardFiresAtTheNextWake) {
    SteppedClock wall;
    WallTimers timers;
    int fired = 0;
    timers.at("deadline", wall.time + minutes(30), [&] { ++fired; });
    EXPECT_EQ(timers.fire_due(wall.clock(), seconds(1)), seconds(1));  // naps no more than 1 s
    wall.time += hours(1);  // stepped forward past the deadline
    EXPECT_FALSE(timers.fire_due(wall.clock(), seconds(1)));
    EXPECT_EQ(fired, 1);
}

TEST(WallTimers, FiresInTimeOrderAndSeesTimersScheduledWhileFiring) {
    SteppedClock wall;
    WallTimers timers;
    std::vector<std::string> order;
    timers.at("b", wall.time + seconds(2), [&] { order.push_back("b"); });
    timers.at("a", wall.time + seconds(1), [&] {
        order.push_back("a");
        timers.at("c", wall.time + seconds(5), [&] { order.push_back("c"); });
    });
    timers.at("gone", wall.time, [&] { order.push_back("gone"); });
    timers.cancel("gone");
    wall.time += seconds(3);
    const auto nap = timers.fire_due(wall.clock(), seconds(10));
    EXPECT_EQ(order, (std::vector<std::string>{"a", "b"}));
    ASSERT_TRUE(nap);
    EXPECT_EQ(*nap, seconds(5));  // c, scheduled while a fired, is due 5 s from now
}

}  // namespace
}  // namespace umpire::server
