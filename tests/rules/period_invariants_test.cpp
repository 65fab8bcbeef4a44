// Property test: random orders on the demo map, answered by random standing instructions, over
// many seeds. Whatever happens, a period completes and the world stays legal.
#include <gtest/gtest.h>

#include <map>
#include <random>

#include "documents/scenario_io.hpp"
#include "documents/standing_instructions_json.hpp"
#include "event_schemas.hpp"
#include "rules/movement/movement_costs.hpp"
#include "umpire/rules/period.hpp"

namespace umpire::rules {
namespace {

constexpr int kSeeds = 150;
constexpr int kPeriods = 8;

std::vector<Hex> random_path(const CampaignState& state, const Ruleset& ruleset, Hex from,
                             std::mt19937_64& rng) {
    std::vector<Hex> path;
    const int length = static_cast<int>(bounded_uniform(rng, 6));
    for (int i = 0; i < length; ++i) {
        const Hex next = neighbours(from)[bounded_uniform(rng, 6)];
        if (step_cost(state.map, ruleset, from, next) < 0) break;
        path.push_back(next);
        from = next;
    }
    return path;
}

Json random_instructions(std::mt19937_64& rng) {
    static const char* kChoices[] = {"rest", "engage", "evade", "evade_if_larger", "avoid",
                                     "delay"};
    Json contact = Json::array();
    for (int i = 0; i < 3; ++i) contact.push_back(kChoices[bounded_uniform(rng, 6)]);
    auto flip = [&] { return bounded_uniform(rng, 2) == 1; };
    return Json{{"contact", contact},         {"separate_engagements", flip()},
                {"rearguard", flip()},        {"pursuit", flip()},
                {"maneuver", flip()},         {"support", flip()},
                {"relief", flip()},           {"reinforce", flip()}};
}

void expect_legal(const CampaignState& state, const Ruleset& ruleset, const std::string& where) {
    std::map<Hex, std::string> held;
    for (const auto& f : state.forces) {
        ASSERT_FALSE(f.regiments.empty()) << where << ": eliminated force " << f.id << " kept";
        const MapHex* cell = state.map.at(f.hex());
        ASSERT_NE(cell, nullptr) << where << ": " << f.id << " off the map";
        EXPECT_TRUE(ruleset.find_terrain(cell->terrain)->passable) << where << ": " << f.id;
        EXPECT_TRUE(held.emplace(f.hex(), f.id).second)
            << where << ": " << f.id << " shares " << to_string(f.hex()) << " with "
            << held[f.hex()];
        EXPECT_GE(f.saved_points, 0);
        EXPECT_LE(f.saved_points, ruleset.movement.max_saved_points);
        for (const auto& r : f.regiments)
            for (const auto& c : r.companies) EXPECT_GT(c.figures, 0) << where << ": " << f.id;
    }
}

TEST(PeriodInvariants, RandomOrdersAndInstructionsKeepTheWorldLegal) {
    Problems problems;
    auto demo = load_scenario_file(std::string(UMPIRE_SOURCE_DIR) + "/scenarios/valormr-demo.json",
                                   {std::string(UMPIRE_SOURCE_DIR) + "/rulesets"}, problems);
    ASSERT_TRUE(demo) << problems.to_text();
    int contacts = 0, disengagements = 0, battles = 0;
    for (int seed = 0; seed < kSeeds; ++seed) {
        std::mt19937_64 rng(static_cast<std::uint64_t>(seed));
        CampaignState state = demo->state;
        for (int period = 0; period < kPeriods; ++period) {
            PeriodOrders orders{state.calendar.day, state.calendar.period, {}};
            for (const auto& f : state.forces) {
                ForceOrder o;
                o.player = f.player;
                o.force = f.id;
                o.path = random_path(state, demo->ruleset, f.hex(), rng);
                o.hold = o.path.empty();
                Problems problems;
                o.standing_instructions =
                    read_standing_instructions(random_instructions(rng), "$", problems);
                ASSERT_TRUE(o.standing_instructions) << problems.to_text();
                orders.orders.push_back(o);
            }
            SeededDice dice(period_seed(static_cast<std::uint64_t>(seed), period));
            const std::string where =
                "seed " + std::to_string(seed) + " period " + std::to_string(period);
            PeriodOutcome out = resolve_period(state, demo->ruleset, {orders, {}, true}, dice);
            ASSERT_TRUE(out.complete) << where;
            for (const Event& event : out.events) {
                const Json e = event.json();
                contacts += e["type"] == "contact_procedure";
                disengagements += e["type"] == "disengagement";
                battles += e["type"] == "battle";
                ASSERT_TRUE(e.contains("audience")) << where << ": " << e.dump();
                ASSERT_EQ(testing::event_mismatch(e), "") << where;  // as the catalogue declares
                // Events are written as text directly: the very bytes nlohmann::json writes
                // for the same object, and the type and audience read back from them.
                ASSERT_EQ(event.text(), e.dump()) << where;
                ASSERT_EQ(event.type(), e["type"].get<std::string>()) << where;
                ASSERT_EQ(event.audience(), e["audience"].dump()) << where;
            }
            state = std::move(out.state);
            expect_legal(state, demo->ruleset, where);
            // The state written and read back is the same state.
            Problems p;
            auto again = read_scenario(write_scenario(state), p);
            ASSERT_TRUE(again) << where << ": " << p.to_text();
            EXPECT_EQ(write_scenario(*again), write_scenario(state)) << where;
        }
    }
    // The random play did exercise the procedure.
    RecordProperty("contacts", contacts);
    RecordProperty("disengagements", disengagements);
    RecordProperty("battles", battles);
    EXPECT_GT(contacts, 50);
    EXPECT_GT(disengagements, 10);
    EXPECT_GT(battles, 5);
}

}  // namespace
}  // namespace umpire::rules
