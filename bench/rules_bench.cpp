// Resolving one period with 10, 100, 1,000 and 10,000 forces on proportionally larger maps
// (about six hexes per force, so contacts stay as common as the force count grows), every
// contact decision answered by standing instructions. Goal (issue #8): 1,000 forces under
// 20 ms, time growing no faster than N log N (Google Benchmark fits the complexity).
// Baseline in the same run: writing the same state as a scenario document, which touches every
// force once; the report gives resolve time / baseline time per N.
//   build/<dir>/bench/rules_bench [--benchmark_min_time=0.2]
#include <benchmark/benchmark.h>

#include <map>
#include <stdexcept>

#include "generated_world.hpp"

#include "documents/ruleset_load.hpp"
#include "documents/scenario_io.hpp"
#include "documents/state_version.hpp"
#include "umpire/rules/dice.hpp"
#include "umpire/rules/period.hpp"
#include "umpire/rules/ruleset.hpp"
#include "umpire/rules/stream_dice.hpp"

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

// The generated world (bench/generated_world.hpp) as the engine takes it.
struct World {
    rules::CampaignState state;
    rules::PeriodOrders orders;
};

World make_world(int forces) {
    const auto generated = bench::generate_world(forces);
    rules::Problems problems;
    auto state = rules::read_scenario(generated.scenario, problems);
    if (!state) throw std::runtime_error(problems.to_text());
    World w{std::move(*state), {1, rules::PeriodKind::day, {}}};
    for (const auto& order : generated.orders) {
        rules::ForceOrder o;
        o.player = order["player"];
        o.force = order["force"];
        for (const auto& h : order["path"]) o.path.push_back({h[0].get<int>(), h[1].get<int>()});
        w.orders.orders.push_back(o);
    }
    return w;
}

const World& world(int forces) {
    static std::map<int, World> worlds;
    auto it = worlds.find(forces);
    if (it == worlds.end()) it = worlds.emplace(forces, make_world(forces)).first;
    return it->second;
}

// Resolves one period of `forces` forces with dice made by `make_dice` (a fresh source each time).
template <typename MakeDice>
void resolve_periods(benchmark::State& state, MakeDice make_dice) {
    const World& w = world(static_cast<int>(state.range(0)));
    // Storage hands the engine the start state's version, the keyed hash of the snapshot it
    // keeps of the period anyway (storage_bench times that path whole).
    const std::string version_key(64, 'v');
    const rules::PeriodInputs inputs{w.orders, {}, true,
                                     rules::state_version(w.state, version_key), version_key};
    std::size_t events = 0, contacts = 0;
    {
        // One period resolved before timing, as a server has (it resolves a period again for
        // every decision answered): a 10,000-force period takes one timed iteration, which
        // would otherwise be the process's first and pay for all its memory fresh.
        auto dice = make_dice();
        const auto warm = rules::resolve_period(w.state, ruleset(), inputs, dice);
        benchmark::DoNotOptimize(warm.events.size());
    }
    for (auto _ : state) {
        auto dice = make_dice();
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

// The server's dice: a stream per contact, purpose and subject
// (include/umpire/rules/stream_dice.hpp).
void BM_ResolvePeriod(benchmark::State& state) {
    resolve_periods(state, [] { return rules::StreamDice(std::string(64, 'd')); });
}
BENCHMARK(BM_ResolvePeriod)->RangeMultiplier(10)->Range(10, 10000)->Unit(benchmark::kMillisecond)
    ->Complexity(benchmark::oNLogN);

// The same periods with one dice sequence a period (the CLI's seeded dice, and the server's
// before issue 28): what the streams cost, beside it in the same run.
void BM_ResolvePeriodOneSequence(benchmark::State& state) {
    resolve_periods(state, [] { return rules::SeededDice(7); });
}
BENCHMARK(BM_ResolvePeriodOneSequence)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);

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
