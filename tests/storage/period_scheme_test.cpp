// Each period is resolved and replayed with the dice scheme it was opened under (schema v9,
// issue 28): new periods draw a stream per roll and key their state versions; a period that was
// open when the server was upgraded keeps the one dice sequence and counted contact ids its
// decisions were asked under, and both replay byte for byte.
#include <gtest/gtest.h>

#include <map>

#include "storage/engine_call.hpp"
#include "storage/replay.hpp"
#include "storage/sqlite_connection.hpp"
#include "test_support.hpp"
#include "umpire/rules/stream_dice.hpp"

namespace umpire::storage::testing {
namespace {

std::vector<rules::Json> events_of(const PeriodRecord& period) {
    std::vector<rules::Json> out;
    for (const auto& e : period.events) out.push_back(rules::Json::parse(e.body));
    return out;
}

TEST(PeriodScheme, NewPeriodsDrawAStreamPerRollAndAnUpgradedOpenPeriodKeepsItsSequence) {
    TempDir dir;
    const std::string path = dir.file("c.db");
    {
        SqliteCampaignStore store(path);
        create_demo(store);
        ASSERT_EQ(store.open_period("demo")->scheme, kCurrentScheme);
    }
    {
        // As a database upgraded from version 8 holds its open period.
        Connection raw(path);
        raw.exec("UPDATE open_periods SET scheme = 1");
    }
    SqliteCampaignStore store(path);
    auto campaign = Campaign::open(store, "demo");
    play_period(campaign);  // period 0, under scheme 1
    EXPECT_EQ(store.open_period("demo")->scheme, kCurrentScheme);
    play_period(campaign);  // period 1, under scheme 2
    play_period(campaign);  // period 2

    const auto old_period = store.load_period("demo", {0, 0});
    EXPECT_EQ(old_period.scheme, 1);
    int old_rolls = 0, new_rolls = 0;
    for (const auto& e : events_of(old_period)) {
        if (e["type"] == "dice_roll") {
            ++old_rolls;
            EXPECT_FALSE(e.contains("stream"));
        }
        if (e["type"] == "contact_procedure") {
            EXPECT_EQ(e["contact"].get<std::string>().rfind("1.day.", 0), 0u) << e.dump();
        }
    }
    EXPECT_GT(old_rolls, 0);
    for (int index : {1, 2}) {
        const auto period = store.load_period("demo", {index, 0});
        EXPECT_EQ(period.scheme, 2);
        const rules::HmacSha256 dice_key(dice_key_of(period.seed));
        std::map<std::string, rules::DerivedStream> streams;
        int rolls = 0;
        for (const auto& e : events_of(period)) {
            if (e["type"] != "dice_roll") continue;
            ++rolls;
            // Each roll is the next of its stream, from the stream's derived seed.
            const std::string name = e["stream"];
            auto it = streams.try_emplace(name, dice_key.digest(name)).first;
            const int sides = std::stoi(e["die"].get<std::string>().substr(1));
            EXPECT_EQ(e["value"].get<int>(), it->second.roll(sides)) << e.dump();
        }
        EXPECT_EQ(period.draws, rolls);
        new_rolls += rolls;
    }
    EXPECT_GT(new_rolls, 0);

    const auto report = verify_campaign(store, "demo");
    EXPECT_TRUE(report.ok()) << report.mismatches.front();
    EXPECT_EQ(report.periods_checked, 3);
}

}  // namespace
}  // namespace umpire::storage::testing
