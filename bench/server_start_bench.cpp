// The restart of a server with 100 campaigns (issue 29): open the database and start the hub —
// every campaign's room loaded from its last commit, its deadline checked and its timers set —
// against a baseline measured in the same run, the same restart with one campaign. The network
// listener is left out (binding a port is the same for both).
//   build/<dir>/bench/server_start_bench [--benchmark_min_time=1]
#include <benchmark/benchmark.h>

#include <filesystem>
#include <iostream>
#include <map>
#include <unistd.h>

#include "bench/times_reporter.hpp"
#include "server/hub.hpp"
#include "server/services.hpp"

namespace {

namespace fs = std::filesystem;
using namespace umpire;

// Timers are set but never fire: the benchmark stops at a started hub.
class IdleScheduler final : public server::Scheduler {
public:
    server::TimePoint now() const override { return std::chrono::system_clock::now(); }
    void at(const std::string&, server::TimePoint, std::function<void()>) override {}
    void cancel(const std::string&) override {}
};

server::ServerConfig config_for(const fs::path& db) {
    server::ServerConfig c;
    c.database = db.string();
    c.scenarios_dir = std::string(UMPIRE_SOURCE_DIR) + "/scenarios";
    c.ruleset_dirs = {std::string(UMPIRE_SOURCE_DIR) + "/rulesets"};
    c.password_cost = "min";
    return c;
}

struct Started {
    IdleScheduler scheduler;
    server::Metrics metrics;
    server::Services services;
    server::Stores stores;
    std::unique_ptr<server::Hub> hub;
    explicit Started(const fs::path& db) : services{config_for(db)}, stores(db.string()) {
        stores.wire(services);
        services.scheduler = &scheduler;
        services.metrics = &metrics;
        hub = std::make_unique<server::Hub>(services);
    }
};

// A database with `campaigns` demo campaigns, made once per size.
fs::path database_with(int campaigns) {
    static std::map<int, fs::path> made;
    if (auto it = made.find(campaigns); it != made.end()) return it->second;
    const fs::path dir = fs::temp_directory_path() /
                         ("umpire-start-bench-" + std::to_string(::getpid()) + "-" + std::to_string(campaigns));
    fs::remove_all(dir);
    fs::create_directories(dir);
    const fs::path db = dir / "server.db";
    {
        Started s(db);
        const auto gm = s.hub->create_account("gm", "a password for the benchmark");
        for (int i = 0; i < campaigns; ++i)
            s.hub->create_campaign(std::string(UMPIRE_SOURCE_DIR) + "/scenarios/valormr-demo.json",
                                   "campaign-" + std::to_string(i), gm);
    }
    return made[campaigns] = db;
}

void restart(benchmark::State& state) {
    const fs::path db = database_with(static_cast<int>(state.range(0)));
    for (auto _ : state) {
        Started s(db);
        s.hub->start();
        benchmark::DoNotOptimize(s.hub.get());
    }
    state.counters["campaigns"] = static_cast<double>(state.range(0));
}

void BM_RestartBaselineOneCampaign(benchmark::State& state) { restart(state); }
void BM_Restart(benchmark::State& state) { restart(state); }

BENCHMARK(BM_RestartBaselineOneCampaign)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_Restart)->Arg(100)->Unit(benchmark::kMillisecond)->UseRealTime();

class RatioReporter : public TimesReporter {
public:
    void Finalize() override {
        ConsoleReporter::Finalize();
        const auto one = time_of("BM_RestartBaselineOneCampaign/1/real_time");
        const auto hundred = time_of("BM_Restart/100/real_time");
        if (!one || !hundred) return;
        std::cout << "\nrestart with 100 campaigns: " << *hundred << " ms, " << *hundred / *one
                  << "x the restart with one\n";
    }
};

}  // namespace

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    RatioReporter reporter;
    benchmark::RunSpecifiedBenchmarks(&reporter);
    benchmark::Shutdown();
    return 0;
}
