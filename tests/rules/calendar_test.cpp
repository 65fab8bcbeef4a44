#include <gtest/gtest.h>

#include "umpire/rules/calendar.hpp"
#include "umpire/rules/hex.hpp"

namespace umpire::rules {
namespace {

TEST(Calendar, PeriodsAlternateDayAndNight) {
    Calendar c{"1205-06-01", 1, PeriodKind::day};
    advance(c);
    EXPECT_EQ(c.day, 1);
    EXPECT_EQ(c.period, PeriodKind::night);
    advance(c);
    EXPECT_EQ(c.day, 2);
    EXPECT_EQ(c.period, PeriodKind::day);
}

TEST(Calendar, HalfPeriodsOfEachPeriod) {
    EXPECT_EQ(half_periods_of(PeriodKind::day)[0], HalfPeriod::morning);
    EXPECT_EQ(half_periods_of(PeriodKind::day)[1], HalfPeriod::afternoon);
    EXPECT_EQ(half_periods_of(PeriodKind::night)[0], HalfPeriod::evening);
    EXPECT_EQ(half_periods_of(PeriodKind::night)[1], HalfPeriod::night);
}

TEST(Calendar, HoursOfTheRulebook) {
    Ruleset ruleset;  // defaults mirror
    EXPECT_EQ(end_hour(ruleset, HalfPeriod::morning), 6);
    EXPECT_EQ(end_hour(ruleset, HalfPeriod::afternoon), 12);
    EXPECT_EQ(end_hour(ruleset, HalfPeriod::evening), 18);
    EXPECT_EQ(end_hour(ruleset, HalfPeriod::night), 24);
    EXPECT_EQ(start_hour(ruleset, PeriodKind::day), 0);
    EXPECT_EQ(start_hour(ruleset, PeriodKind::night), 12);
}

TEST(Calendar, DatesOfCampaignDays) {
    EXPECT_EQ(date_of_day("1205-06-01", 1), "1205-06-01");
    EXPECT_EQ(date_of_day("1205-06-01", 31), "1205-07-01");
    EXPECT_EQ(date_of_day("1204-02-28", 2), "1204-02-29");  // leap year
    EXPECT_EQ(date_of_day("1300-02-28", 2), "1300-03-01");  // not a leap year
    EXPECT_EQ(date_of_day("2026-12-31", 2), "2027-01-01");
    EXPECT_EQ(date_of_day("not a date", 2), "");
}

TEST(Calendar, IsoDates) {
    EXPECT_TRUE(is_iso_date("1205-06-01"));
    EXPECT_FALSE(is_iso_date("1205-02-30"));
    EXPECT_FALSE(is_iso_date("1205-13-01"));
    EXPECT_FALSE(is_iso_date("1205-6-1"));
    EXPECT_FALSE(is_iso_date("12a5-06-01"));
}

TEST(Hex, DistanceAndNeighbours) {
    EXPECT_EQ(hex_distance({0, 0}, {3, 0}), 3);
    EXPECT_EQ(hex_distance({0, 0}, {2, -1}), 2);
    EXPECT_EQ(hex_distance({0, 0}, {-2, 3}), 3);
    EXPECT_EQ(hex_distance({1, 2}, {1, 2}), 0);
    for (Hex n : neighbours({4, -2})) EXPECT_TRUE(adjacent({4, -2}, n));
    EXPECT_FALSE(adjacent({0, 0}, {1, 1}));  // not a neighbour in axial coordinates
    EXPECT_TRUE(adjacent({0, 0}, {1, -1}));
    EXPECT_EQ(HexEdge::between({2, 0}, {1, 0}), HexEdge::between({1, 0}, {2, 0}));
}

}  // namespace
}  // namespace umpire::rules
