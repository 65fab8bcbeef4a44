// Audiences (R-11.1): the players a list of forces or a side comes to, distinct and sorted, as a
// JSON list and its text; made once per thread and shared after
// (include/umpire/rules/audience.hpp).
#include <gtest/gtest.h>

#include <thread>

#include "retreat_fixture.hpp"
#include "umpire/rules/audience.hpp"
#include "umpire/rules/events.hpp"

namespace umpire::rules {
namespace {

using namespace rout_test;

CampaignState three_players() {
    CampaignState s = world(rhombus(6, 6));
    add_force(s, "f1", "red1", Hex{0, 0});
    add_force(s, "f2", "blue2", Hex{1, 0});
    add_force(s, "f3", "blue1", Hex{2, 0});
    add_force(s, "f4", "blue2", Hex{3, 0});
    return s;
}

TEST(Audience, IsTheDistinctPlayersSortedAsAListAndItsText) {
    const CampaignState s = three_players();
    const Audience owners = forces_audience(s, {"f4", "f1", "f2", "nobody"});
    EXPECT_EQ(owners->players, (std::vector<std::string>{"blue2", "red1"}));
    EXPECT_EQ(owners->text, R"(["blue2","red1"])");
    const Audience blue = side_audience(s, *s.find_force("f2"));
    EXPECT_EQ(blue->players, (std::vector<std::string>{"blue1", "blue2"}));
    EXPECT_EQ(blue->text, Json(blue->players).dump());
    EXPECT_EQ(AudienceText({"a\"b"}).text, R"(["a\"b"])");  // escaped as JSON
    EXPECT_EQ(player_audience("red1")->text, R"(["red1"])");
    EXPECT_EQ(forces_audience(s, {})->text, "[]");
}

TEST(Audience, TheSameListIsMadeOnceAndShared) {
    const CampaignState s = three_players();
    const Audience a = forces_audience(s, {"f2", "f3"});
    const Audience b = side_audience(s, *s.find_force("f4"));  // blue1, blue2 again
    EXPECT_EQ(a.get(), b.get());
    EXPECT_NE(a.get(), forces_audience(s, {"f2"}).get());
    // Another thread makes its own, with the same text.
    Audience other;
    std::thread([&] { other = forces_audience(s, {"f3", "f2"}); }).join();
    EXPECT_NE(other.get(), a.get());
    EXPECT_EQ(other->text, a->text);
}

TEST(Audience, AnAudienceOutlivesTheCacheDroppingIt) {
    const Audience first = player_audience("someone");
    for (int i = 0; i < 200; ++i) player_audience("player" + std::to_string(i));  // past the cache
    EXPECT_EQ(first->text, R"(["someone"])");
    EXPECT_NE(player_audience("someone").get(), first.get());  // made again once dropped
}

TEST(Audience, WritesIntoAnEventAsItsText) {
    const CampaignState s = three_players();
    EventLog log;
    log.add("spotted", Fields{{"force", "f1"}}, forces_audience(s, {"f1", "f3"}));
    const EventList events = log.take();
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events.begin()->text(),
              R"({"audience":["blue1","red1"],"force":"f1","type":"spotted"})");
    EXPECT_EQ(events.begin()->audience(), R"(["blue1","red1"])");
}

}  // namespace
}  // namespace umpire::rules
