// The commit of a resolved period of a 1,000-force campaign (periods committed one after
// another, each starting where the one before ended), against a baseline measured in the same
// run on the same kind of file: one transaction inserting a period's bytes (both snapshots, the
// order set and the events) as a single blob (WAL, synchronous=FULL). Also: the engine alone,
// resolve + commit as the service does it, and the bytes one period adds to the file.
//   build/<dir>/bench/storage_bench [--benchmark_min_time=1]
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>

#include "bench/times_reporter.hpp"
#include "documents/ruleset_load.hpp"
#include "documents/scenario_io.hpp"
#include "storage/campaign_service.hpp"
#include "storage/engine_call.hpp"
#include "storage/period_codec.hpp"
#include "storage/seeds.hpp"
#include "storage/server_store.hpp"
#include "storage/postgres/open_store.hpp"
#include "storage/sqlite_store.hpp"
#include "umpire/rules/ruleset.hpp"

namespace {

namespace fs = std::filesystem;
using namespace umpire;
using rules::Json;

// Any fixed seed: the benchmark measures work, not luck.
const storage::PeriodDice kBenchDice{std::string(64, '7')};
constexpr int kForces = 1000;
constexpr int kColumns = 50;

// 1,000 forces of three regiments on a 50 x 50 map of clear hexes, north and south far apart.
Json scenario() {
    Json rows = Json::array();
    for (int r = 0; r < kColumns; ++r)
        rows.push_back({{"r", r}, {"q", 0}, {"terrain", std::string(kColumns, 'c')}});
    Json forces = Json::array();
    for (int i = 0; i < kForces; ++i) {
        const bool north = i < kForces / 2;
        const int k = north ? i : i - kForces / 2;
        const std::string id = std::string("f").append(std::to_string(1000 + i));
        Json regiments = Json::array();
        for (const char* role : {"a", "b", "c"})
            regiments.push_back(
                {{"id", id + role},
                 {"name", "Regiment " + id + role},
                 {"morale", 7},
                 {"companies", {{{"type", "spearmen"}, {"figures", 24}},
                                {{"type", "archers"}, {"figures", 12}}}}});
        forces.push_back({{"id", id},
                          {"name", "Force " + id},
                          {"player", north ? "p1" : "p2"},
                          {"hex", {2 * (k % 25), (north ? 0 : 30) + k / 25}},
                          {"general", {{"name", "General " + id}, {"leadership", 1}}},
                          {"camp", true},
                          {"regiments", regiments}});
    }
    return {{"format", "umpire-scenario/1"},
            {"id", "bench"},
            {"name", "A thousand forces"},
            {"ruleset", {{"name", "valormr"}, {"version", "1"}}},
            {"calendar", {{"start_date", "1205-06-01"}}},
            {"map", {{"legend", {{"c", "clear"}}}, {"rows", rows}}},
            {"sides", {{{"id", "north"}, {"name", "North"}}, {{"id", "south"}, {"name", "South"}}}},
            {"players", {{{"id", "p1"}, {"name", "P1"}, {"side", "north"}},
                         {{"id", "p2"}, {"name", "P2"}, {"side", "south"}}}},
            {"forces", forces}};
}

// Every force of `player` marches one hex east (step 1) or west (step -1).
std::vector<rules::ForceOrder> march(const rules::CampaignState& state, const char* player,
                                     int step) {
    std::vector<rules::ForceOrder> mine;
    for (const auto& f : state.forces) {
        if (f.player != player) continue;
        rules::ForceOrder order;
        order.player = player;
        order.force = f.id;
        order.path = {{f.hex().q + step, f.hex().r}};
        mine.push_back(order);
    }
    return mine;
}

// One resolved period from `before`, every force marching `step`: an order result and
// movement for each.
storage::PeriodRecord resolve_march(const rules::CampaignState& before,
                                    const rules::Ruleset& ruleset, int step) {
    rules::PeriodOrders orders{before.calendar.day, before.calendar.period, {}};
    for (const char* player : {"p1", "p2"}) {
        const auto mine = march(before, player, step);
        orders.orders.insert(orders.orders.end(), mine.begin(), mine.end());
    }
    const auto outcome = storage::run_engine(before, ruleset, orders, kBenchDice);
    storage::PeriodRecord period;
    period.campaign_id = "bench";
    period.state_before = storage::snapshot_text(before);
    period.state_after = storage::snapshot_text(outcome.state);
    period.orders = storage::period_orders_text(orders);
    period.events = storage::event_records(outcome.events);
    period.draws = static_cast<std::int64_t>(outcome.draws);
    period.seed = kBenchDice.sealed_seed;
    period.opened_at = period.committed_at = "2025-03-01T00:00:00.000Z";
    return period;
}

struct Fixture {
    fs::path dir;
    std::unique_ptr<storage::SqlCampaignStore> store;
    std::unique_ptr<storage::Campaign> campaign;
    // Two resolved periods, east then back west: committed in turn, each starts where the one
    // before ended, as in a campaign.
    storage::PeriodRecord periods[2];
    std::size_t payload = 0;  // the bytes of one: snapshots, orders and event bodies

    // On a SQLite file of its own, or on the PostgreSQL database `url` names.
    explicit Fixture(const std::string& url = "") {
        dir = fs::temp_directory_path() / ("umpire-bench-" + std::to_string(::getpid()));
        fs::remove_all(dir);
        fs::create_directories(dir);
        rules::Problems problems;
        auto ruleset = rules::load_ruleset_file(std::string(UMPIRE_SOURCE_DIR) +
                                                    "/rulesets/valormr-1.json",
                                                problems);
        auto state = rules::read_scenario(scenario(), problems);
        if (!ruleset || !state) throw std::runtime_error(problems.to_text());
        store = storage::open_campaign_store(url.empty() ? (dir / "bench.db").string() : url);
        campaign = std::make_unique<storage::Campaign>(
            storage::Campaign::create(*store, std::move(*state), std::move(*ruleset)));
        periods[0] = resolve_march(campaign->state(), campaign->ruleset(), 1);
        periods[1] = resolve_march(storage::parse_snapshot(periods[0].state_after, "east"),
                                   campaign->ruleset(), -1);
        // Back west ends where east began (calendar aside, which storage does not read), so the
        // pair repeats: every commit starts where the one before ended.
        periods[1].state_after = periods[0].state_before;
        const auto& p = periods[0];
        payload = p.state_before.size() + p.state_after.size() + p.orders.size();
        for (const auto& e : p.events) payload += e.body.size();
    }
    ~Fixture() {
        campaign.reset();
        store.reset();
        fs::remove_all(dir);
    }
};

Fixture& fixture() {
    static Fixture f;
    return f;
}

// The campaign on PostgreSQL (UMPIRE_BENCH_PG_URL: scripts/bench starts a durable throwaway
// cluster on this machine), or null without one.
Fixture* postgres_fixture() {
    const char* url = std::getenv("UMPIRE_BENCH_PG_URL");
    if (!url || !*url) return nullptr;
    static Fixture f(url);
    return &f;
}

std::int64_t file_bytes(storage::Database& database) {
    auto& db = static_cast<storage::Connection&>(database);
    db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    return db.query_int("PRAGMA page_count") * db.query_int("PRAGMA page_size");
}

// The next commit of the fixture's campaign: the stored period for its open period and the
// period it opens.
std::pair<storage::PeriodRecord, storage::OpenPeriodRecord> next_commit(Fixture& f) {
    auto open = *f.store->open_period("bench");
    storage::PeriodRecord period = f.periods[open.index % 2];
    period.index = open.index;
    period.day = open.day;
    period.kind = open.kind;
    period.seed_hash = open.seed_hash;
    period.seed = open.sealed_seed;
    period.order_receipts.clear();
    for (const auto& o : f.store->orders("bench", open.index))
        period.order_receipts.push_back(o.receipt);
    const auto seed = storage::draw_seed();
    storage::OpenPeriodRecord next{"bench", open.index + 1, open.day, open.kind,
                                   seed.hash, seed.secret, period.committed_at};
    return {std::move(period), std::move(next)};
}

void BM_CommitPeriod(benchmark::State& state) {
    auto& f = fixture();
    auto& db = f.store->database();
    const auto bytes_before = file_bytes(db);
    std::int64_t commits = 0;
    for (auto _ : state) {
        state.PauseTiming();
        auto [period, next] = next_commit(f);
        state.ResumeTiming();
        f.store->commit_period(period, next);
        ++commits;
    }
    const auto& p = f.periods[0];
    state.counters["events"] = static_cast<double>(p.events.size());
    state.counters["payload_bytes"] = static_cast<double>(f.payload);
    state.counters["snapshot_bytes"] = static_cast<double>(p.state_after.size());
    state.counters["event_bytes"] = static_cast<double>(f.payload - p.state_before.size() -
                                                        p.state_after.size() - p.orders.size());
    state.counters["file_bytes_per_period"] =
        static_cast<double>(file_bytes(db) - bytes_before) / static_cast<double>(commits);
}

// The same commits on PostgreSQL (issue 33): the store several servers share. Durable as SQLite's
// (fsync and synchronous_commit on), over a TCP connection to a server on the same machine.
void BM_CommitPeriodPostgres(benchmark::State& state) {
    Fixture* f = postgres_fixture();
    if (!f) {
        state.SkipWithError("UMPIRE_BENCH_PG_URL is not set (scripts/bench sets it)");
        return;
    }
    for (auto _ : state) {
        state.PauseTiming();
        auto [period, next] = next_commit(*f);
        state.ResumeTiming();
        f->store->commit_period(period, next);
    }
}

// The same period committed as the server's force_advance does since issue 29: inside one
// command's transaction (the period's own transaction a savepoint in it), with the GM action and
// the next period's deadline.
void BM_CommitPeriodInACommand(benchmark::State& state) {
    auto& f = fixture();
    storage::ServerStore server(f.store->database());
    for (auto _ : state) {
        state.PauseTiming();
        auto [period, next] = next_commit(f);
        state.ResumeTiming();
        storage::Transaction command(f.store->database());
        server.add_gm_action({"bench", 0, "force_advance", "bench", "{}", period.committed_at});
        f.store->commit_period(period, next);
        server.put_deadline({"bench", next.index, "2025-03-02T00:00:00.000Z", std::nullopt, 0});
        command.commit();
    }
}

// A GM command's writes (pause: the campaign, the deadline, the GM action), in one transaction
// as now, and as the three commits they were before issue 29 (the baseline).
void gm_command_writes(storage::ServerStore& server, std::int64_t n) {
    const std::string status = n % 2 ? "paused" : "active";
    server.update_campaign("bench", "A thousand forces", "{}", R"({"kind":"manual"})", status);
    server.put_deadline({"bench", 0, std::nullopt, 3'600'000 + n, 0});
    server.add_gm_action({"bench", 0, n % 2 ? "pause" : "resume", "bench", "{}",
                          "2025-03-01T00:00:00.000Z"});
}

// The same inside a command that writes nothing else: what the outer transaction alone costs.
void BM_CommitPeriodInAnEmptyCommand(benchmark::State& state) {
    auto& f = fixture();
    for (auto _ : state) {
        state.PauseTiming();
        auto [period, next] = next_commit(f);
        state.ResumeTiming();
        storage::Transaction command(f.store->database());
        f.store->commit_period(period, next);
        command.commit();
    }
}

void BM_GmCommandOneCommit(benchmark::State& state) {
    auto& f = fixture();
    storage::ServerStore server(f.store->database());
    std::int64_t n = 0;
    for (auto _ : state) {
        storage::Transaction command(f.store->database());
        gm_command_writes(server, ++n);
        command.commit();
    }
}

void BM_GmCommandThreeCommits(benchmark::State& state) {
    auto& f = fixture();
    storage::ServerStore server(f.store->database());
    std::int64_t n = 0;
    for (auto _ : state) gm_command_writes(server, ++n);
}

void BM_BaselineOneBlobInsert(benchmark::State& state) {
    auto& f = fixture();
    storage::Connection db((f.dir / "baseline.db").string());
    db.exec("PRAGMA journal_mode = WAL");
    db.exec("PRAGMA synchronous = FULL");
    db.exec("CREATE TABLE IF NOT EXISTS blobs (id INTEGER PRIMARY KEY, data BLOB NOT NULL)");
    const std::string bytes(f.payload, 'x');
    for (auto _ : state) {
        storage::Transaction transaction(db);
        db.prepare("INSERT INTO blobs (data) VALUES (?)")
            .bind_blob(1, bytes.data(), bytes.size())
            .run();
        transaction.commit();
    }
    state.counters["payload_bytes"] = static_cast<double>(f.payload);
}

void BM_EngineOnly(benchmark::State& state) {
    auto& f = fixture();
    const auto before = storage::parse_snapshot(f.periods[0].state_before, "before");
    const auto orders = storage::parse_period_orders(f.periods[0].orders, "orders");
    for (auto _ : state)
        benchmark::DoNotOptimize(storage::run_engine(before, f.campaign->ruleset(), orders, kBenchDice));
}

// What the service does per period: orders in (two commits), engine, snapshots, the commit.
// A campaign of its own, since BM_CommitPeriod moved the first one's open period on.
void BM_ResolveAndCommit(benchmark::State& state) {
    auto& f = fixture();
    storage::CreateOptions options;
    static int runs = 0;  // the framework calls this once per trial
    options.id = "bench-live-" + std::to_string(++runs);
    auto campaign = storage::Campaign::create(
        *f.store, storage::parse_snapshot(f.periods[0].state_before, "scenario"),
        f.campaign->ruleset(), options);
    for (auto _ : state) {
        // East on even periods, back west on odd ones: every force moves every period.
        const int step = campaign.period_index() % 2 == 0 ? 1 : -1;
        for (const char* player : {"p1", "p2"})
            campaign.submit_orders(player, march(campaign.state(), player, step));
        benchmark::DoNotOptimize(campaign.resolve_period(/*settle_missing=*/true));
    }
}

BENCHMARK(BM_BaselineOneBlobInsert)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_CommitPeriod)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_CommitPeriodPostgres)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_CommitPeriodInACommand)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_CommitPeriodInAnEmptyCommand)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_GmCommandThreeCommits)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_GmCommandOneCommit)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_EngineOnly)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_ResolveAndCommit)->Unit(benchmark::kMillisecond)->UseRealTime();

// The console report, plus the ratio of each run to the baseline.
class RatioReporter : public TimesReporter {
public:
    void Finalize() override {
        ConsoleReporter::Finalize();
        const auto base = time_of("BM_BaselineOneBlobInsert/real_time");
        if (!base) return;
        std::cout << "\nratio to the baseline (one blob of the same bytes in one transaction):\n";
        for (const auto& [name, time] : times_) std::cout << "  " << name << ": " << time / *base << "x\n";
        // Issue 29: what one transaction per command costs, each against its same-run baseline.
        std::cout << "\none transaction per command (issue 29):\n";
        ratio("a 1,000-force period committed inside a force_advance command",
              "BM_CommitPeriodInACommand/real_time", "BM_CommitPeriod/real_time");
        ratio("a GM command's writes in one commit, against three commits",
              "BM_GmCommandOneCommit/real_time", "BM_GmCommandThreeCommits/real_time");
    }

private:
    void ratio(const char* what, const std::string& run, const std::string& baseline) const {
        const auto a = time_of(run), b = time_of(baseline);
        if (a && b) std::cout << "  " << what << ": " << *a / *b << "x\n";
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
