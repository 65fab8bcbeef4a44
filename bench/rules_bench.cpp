// Resolving one period with 10, 100, 1,000 and 10,000 forces on proportionally larger maps
// (about six hexes per force, so contacts stay as common as the force count grows), every
// contact decision answered by standing instructions. Goal (issue #8): 1,000 forces under
// 20 ms, time growing no faster than N log N (Google Benchmark fits the complexity).
// Baseline in the same run: writing the same state as a scenario document, which touches every
// force once; the report gives resolve time / baseline time per N.
//   build/<dir>/bench/rules_bench [--benchmark_min_time=0.2]
#include <benchmark/benchmark.h>

#include <cmath>
#include <map>
#include <random>
#include <stdexcept>

#include "rules/dice.hpp"
#include "rules/period.hpp"
#include "rules/ruleset.hpp"
#include "rules/scenario_io.hpp"
#include "rules/stream_dice.hpp"

namespace {

using namespace umpire;
using rules::Json;

const rules::Ruleset& ruleset() {
    static const rules::Ruleset r = [] {
        rules::Problems problems;
        auto loaded = rules::load_ruleset_file(std::string(UMPIRE_SOURCE_DIR) +
                                                   "/rulesets/valormr-1.json", problems);
        if (!loaded) throw std::runtime_error(problems.to_text());
        return *loaded;
    }();
    return r;
}

// N forces, half a side each, scattered over a square map of clear, forest and hill, with
// standing instructions that answer every contact window.
struct World {
    rules::CampaignState state;
    rules::PeriodOrders orders;
};

World make_world(int forces) {
    const int side = std::max(6, static_cast<int>(std::ceil(std::sqrt(6.0 * forces))));
    std::mt19937_64 random(static_cast<std::uint64_t>(forces));
    Json rows = Json::array();
    const char terrain[] = "cccccfh";
    for (int r = 0; r < side; ++r) {
        std::string row;
        for (int q = 0; q < side; ++q) row += terrain[random() % 7];
        rows.push_back({{"r", r}, {"q", 0}, {"terrain", row}});
    }
    std::map<std::pair<int, int>, bool> taken;
    Json list = Json::array();
    const Json standing = {{"contact", {"evade_if_larger", "engage"}}, {"cards", "auto"},
                           {"losses", "proportional"}, {"pursuit", true}};
    for (int i = 0; i < forces; ++i) {
        int q, r;
        do {
            q = static_cast<int>(random() % side);
            r = static_cast<int>(random() % side);
        } while (taken[{q, r}]);
        taken[{q, r}] = true;
        const std::string id = "f" + std::to_string(100000 + i);
        list.push_back({{"id", id}, {"name", id}, {"player", i % 2 ? "p2" : "p1"},
                        {"hex", {q, r}}, {"general", {{"name", "G" + id}, {"leadership", 1}}},
                        {"camp", true}, {"standing_instructions", standing},
                        {"regiments", {{{"id", id + "a"}, {"name", id + "a"}, {"morale", 7},
                                        {"companies", {{{"type", "spearmen"}, {"figures", 20}},
                                                       {{"type", "archers"}, {"figures", 8}}}}},
                                       {{"id", id + "b"}, {"name", id + "b"}, {"morale", 7},
                                        {"companies", {{{"type", "knights"}, {"figures", 10}}}}}}}});
    }
    const Json doc = {{"format", "umpire-scenario/1"}, {"id", "bench"}, {"name", "bench"},
                      {"ruleset", {{"name", "valormr"}, {"version", "1"}}},
                      {"calendar", {{"start_date", "1205-06-01"}}},
                      {"map", {{"legend", {{"c", "clear"}, {"f", "forest"}, {"h", "hill"}}}, {"rows", rows}}},
                      {"sides", {{{"id", "north"}, {"name", "North"}}, {{"id", "south"}, {"name", "South"}}}},
                      {"players", {{{"id", "p1"}, {"name", "P1"}, {"side", "north"}},
                                   {{"id", "p2"}, {"name", "P2"}, {"side", "south"}}}},
                      {"forces", list}};
    rules::Problems problems;
    auto state = rules::read_scenario(doc, problems);
    if (!state) throw std::runtime_error(problems.to_text());
    World w{std::move(*state), {1, rules::PeriodKind::day, {}}};
    // Every force marches up to three hexes in one random direction.
    for (const auto& f : w.state.forces) {
        rules::ForceOrder o;
        o.player = f.player;
        o.force = f.id;
        const int dir = static_cast<int>(random() % 6);
        rules::Hex at = f.hex;
        for (int k = 0; k < 3; ++k) {
            at = rules::neighbours(at)[dir];
            if (at.q < 0 || at.r < 0 || at.q >= side || at.r >= side) break;
            o.path.push_back(at);
        }
        if (!o.path.empty()) w.orders.orders.push_back(o);
    }
    return w;
}

const World& world(int forces) {
    static std::map<int, World> worlds;
    auto it = worlds.find(forces);
    if (it == worlds.end()) it = worlds.emplace(forces, make_world(forces)).first;
    return it->second;
}

void BM_ResolvePeriod(benchmark::State& state) {
    const World& w = world(static_cast<int>(state.range(0)));
    // Storage hands the engine the start state's version, the keyed hash of the snapshot it
    // keeps of the period anyway (storage_bench times that path whole). The dice are the
    // server's: a stream per roll (rules/stream_dice.hpp).
    const std::string version_key(64, 'v'), dice_key(64, 'd');
    const rules::PeriodInputs inputs{w.orders, {}, true,
                                     rules::state_version(w.state, version_key), version_key};
    std::size_t events = 0, contacts = 0;
    {
        // One period resolved before timing, as a server has (it resolves a period again for
        // every decision answered): a 10,000-force period takes one timed iteration, which
        // would otherwise be the process's first and pay for all its memory fresh.
        rules::StreamDice dice(dice_key);
        const auto warm = rules::resolve_period(w.state, ruleset(), inputs, dice);
        benchmark::DoNotOptimize(warm.events.size());
    }
    for (auto _ : state) {
        rules::StreamDice dice(dice_key);
        const auto outcome = rules::resolve_period(w.state, ruleset(), inputs, dice);
        events = outcome.events.size();
        contacts = 0;
        for (const auto& e : outcome.events) contacts += e.type() == "contact_procedure";
        benchmark::DoNotOptimize(outcome.state.forces.data());
    }
    state.counters["events"] = static_cast<double>(events);
    state.counters["contacts"] = static_cast<double>(contacts);
    state.SetComplexityN(state.range(0));
}
BENCHMARK(BM_ResolvePeriod)->RangeMultiplier(10)->Range(10, 10000)->Unit(benchmark::kMillisecond)
    ->Complexity(benchmark::oNLogN);

// The baseline: the state written as a scenario document.
void BM_WriteState(benchmark::State& state) {
    const World& w = world(static_cast<int>(state.range(0)));
    for (auto _ : state) benchmark::DoNotOptimize(rules::write_scenario(w.state));
    state.SetComplexityN(state.range(0));
}
BENCHMARK(BM_WriteState)->RangeMultiplier(10)->Range(10, 10000)->Unit(benchmark::kMillisecond)
    ->Complexity(benchmark::oN);

}  // namespace

BENCHMARK_MAIN();
