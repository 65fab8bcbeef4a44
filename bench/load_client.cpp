// The server load benchmark's client (scripts/bench, issue #8). Against umpire-server or the
// bare echo server (bench/echo_server.cpp), on 127.0.0.1 only, one thread:
//   1. connections held: opens connections in steps (each does hello + token login), reads the
//      server's RSS, then times `ping` round trips on connections drawn at random from all those
//      held, at a modest rate; held = the largest step whose p99 is within the goal;
//   2. memory per idle connection: the RSS growth from no connections to the largest step;
//   3. throughput: a few connections each keep a window of pings in flight for a few rounds of
//      fixed length; replies received per second in the best round, and the server's CPU time
//      per reply.
// Every loop is bounded in count and time. Writes one JSON file for scripts/bench_report.py.
// `--phase steps` runs 1 and 2 only, `--phase throughput` 3 only: scripts/bench_server
// alternates throughput rounds between umpire-server and the echo server, so both meet the
// machine in the same state.
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <ctime>
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>
#include <thread>

#include "load_conn.hpp"

namespace {

using namespace load;
using Json = nlohmann::json;
using Conns = std::vector<std::shared_ptr<Conn>>;

struct Options {
    std::string target;  // umpire or echo
    std::string host = "127.0.0.1";
    int port = 0;
    int server_pid = 0;
    std::string logins;  // umpire: the demo logins file (<db>.demo-logins.json)
    std::vector<int> steps{500, 1000, 2000, 3000, 4000, 5000};
    int samples = 500;           // round trips timed per step
    double sample_rate = 250;    // of them a second
    double goal_p99_ms = 50;
    int throughput_connections = 100;
    int window = 16;             // pings in flight per connection
    double throughput_seconds = 2;  // a round
    int throughput_rounds = 3;
    double time_budget = 180;    // seconds for everything
    int open_concurrency = 64;   // connections opening at once
    std::string phase = "all";   // all, steps (1 and 2) or throughput (3)
    std::string out;
};

long rss_kib(int pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/status");
    for (std::string line; std::getline(in, line);)
        if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
    throw std::runtime_error("cannot read VmRSS of process " + std::to_string(pid));
}

// utime + stime of a process, from /proc/<pid>/stat (fields 14 and 15, after the command).
double cpu_seconds(int pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    std::string text((std::istreambuf_iterator<char>(in)), {});
    const auto close = text.rfind(')');
    if (close == std::string::npos)
        throw std::runtime_error("cannot read /proc/" + std::to_string(pid) + "/stat");
    std::istringstream fields(text.substr(close + 2));
    std::string field;
    double ticks = 0;
    for (int i = 3; i <= 15 && fields >> field; ++i)
        if (i >= 14) ticks += std::stod(field);
    return ticks / static_cast<double>(sysconf(_SC_CLK_TCK));
}

// Nearest rank: the smallest value with at least q of all values at or below it.
double percentile(std::vector<double> v, double q) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    const auto rank = static_cast<std::size_t>(std::ceil(q * static_cast<double>(v.size())));
    return v[std::clamp<std::size_t>(rank, 1, v.size()) - 1];
}

// The machine, for the report: processor model and the time of the run (UTC).
Json machine() {
    std::string model;
    std::ifstream cpuinfo("/proc/cpuinfo");
    for (std::string line; model.empty() && std::getline(cpuinfo, line);)
        if (line.rfind("model name", 0) == 0) model = line.substr(line.find(':') + 2);
    const std::time_t now = std::time(nullptr);
    char date[32];
    std::strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
    return {{"cpus", std::thread::hardware_concurrency()}, {"cpu_model", model}, {"date", date}};
}

Frame frame(const Json& j) { return std::make_shared<const std::string>(j.dump()); }

class LoadClient {
public:
    explicit LoadClient(const Options& o)
        : o_(o), endpoint_(net::ip::make_address(o.host), static_cast<unsigned short>(o.port)),
          deadline_(Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                       std::chrono::duration<double>(o.time_budget))) {}

    Json run() {
        Json out{{"target", o_.target}, {"goal_p99_ms", o_.goal_p99_ms}, {"machine", machine()}};
        logins_ = login_frames();
        if (o_.phase != "throughput") {
            out["rss_before_kib"] = rss_kib(o_.server_pid);
            out["steps"] = steps(out);
        }
        if (o_.phase != "steps") out["throughput"] = throughput();
        return out;
    }

private:
    // Runs handlers until done() or the deadline; false on the deadline.
    template <class Done>
    bool pump(Done done, Clock::time_point until) {
        until = std::min(until, deadline_);
        while (!done()) {
            if (Clock::now() >= until) return false;
            io_.run_one_until(std::min(until, Clock::now() + std::chrono::milliseconds(10)));
        }
        return true;
    }
    void wait_until(Clock::time_point t) { pump([] { return false; }, t); }
    void pump_for(std::chrono::milliseconds d) { wait_until(Clock::now() + d); }

    // Opens n more connections into `conns`, at most open_concurrency at a time.
    void open(Conns& conns, Sink& sink, int n) {
        const long target = sink.ready + sink.failed + n;
        const auto until = Clock::now() + std::chrono::seconds(30) + std::chrono::milliseconds(10) * n;
        for (int launched = 0; launched < n;) {
            const auto opening = [&] { return launched - (sink.ready + sink.failed - (target - n)); };
            pump([&] { return opening() < o_.open_concurrency; }, until);
            if (Clock::now() >= std::min(until, deadline_)) break;
            const auto& login = logins_[conns.size() % logins_.size()];
            conns.push_back(std::make_shared<Conn>(io_, sink, std::vector<Frame>{hello_, login}, ping_));
            conns.back()->start(endpoint_);
            ++launched;
        }
        pump([&] { return sink.ready + sink.failed >= target; }, until);
    }

    // Waits (at most 10 s) until the server has used no CPU for 200 ms: it has done with the
    // connections just opened or closed. Returns the seconds waited.
    double settle() {
        const auto t0 = Clock::now();
        double cpu = cpu_seconds(o_.server_pid);
        int quiet = 0;
        while (quiet < 2 && Clock::now() < t0 + std::chrono::seconds(10)) {
            pump_for(std::chrono::milliseconds(100));
            const double now = cpu_seconds(o_.server_pid);
            quiet = now == cpu ? quiet + 1 : 0;
            cpu = now;
        }
        return std::chrono::duration<double>(Clock::now() - t0).count();
    }

    void close_all(Conns& conns) {
        for (auto& c : conns) c->close();
        conns.clear();
        pump_for(std::chrono::milliseconds(500));  // the aborted handlers run and let go
    }

    // umpire: one password login per demo account for a token, then every connection logs in
    // by token (round robin over the accounts). echo: a login frame of the same size.
    std::vector<Frame> login_frames() {
        if (o_.target != "umpire")
            return {frame({{"type", "login"}, {"token", std::string(64, '0')}, {"id", 2}})};
        std::ifstream in(o_.logins);
        const Json accounts = Json::parse(in, nullptr, false);
        if (!accounts.is_array() || accounts.empty())
            throw std::runtime_error("no logins in " + o_.logins);
        std::vector<Frame> out;
        for (const auto& a : accounts) {
            Sink sink;
            Conns conns{std::make_shared<Conn>(
                io_, sink,
                std::vector<Frame>{hello_, frame({{"type", "login"}, {"account", a.at("account")},
                                                  {"password", a.at("password")}, {"id", 2}})},
                ping_)};
            conns[0]->start(endpoint_);
            pump([&] { return sink.ready + sink.failed > 0; }, Clock::now() + std::chrono::seconds(10));
            if (sink.ready == 0)
                throw std::runtime_error("password login as " + a.at("account").get<std::string>() +
                                         " failed: " + sink.first_failure);
            const Json reply = Json::parse(conns[0]->last_setup_reply());
            out.push_back(frame({{"type", "login"}, {"token", reply.at("token")}, {"id", 2}}));
            close_all(conns);
        }
        return out;
    }

    // Round trips of `samples` pings on random held connections, `sample_rate` a second.
    Json time_round_trips(const Conns& conns, Sink& sink) {
        if (conns.empty()) return {{"samples", 0}, {"unanswered", 0}, {"errors", 0}, {"p50_ms", 0},
                                   {"p99_ms", 0}, {"max_ms", 0}};
        std::vector<double> rtts;
        sink.rtts = &rtts;
        const long replies0 = sink.replies, errors0 = sink.errors;
        std::mt19937 rng(7);
        std::uniform_int_distribution<std::size_t> pick(0, conns.size() - 1);
        const auto start = Clock::now();
        int sent = 0;
        for (int i = 0; i < o_.samples; ++i) {
            wait_until(start + std::chrono::duration_cast<Clock::duration>(
                                   std::chrono::duration<double>(i / o_.sample_rate)));
            for (int tries = 0; tries < 20; ++tries) {
                auto& c = conns[pick(rng)];
                if (c->state() != Conn::State::ready || c->in_flight() > 0) continue;
                c->request();
                ++sent;
                break;
            }
        }
        pump([&] { return sink.replies - replies0 >= sent; }, Clock::now() + std::chrono::seconds(5));
        sink.rtts = nullptr;
        const long lost = sent - (sink.replies - replies0);
        for (long i = 0; i < lost; ++i) rtts.push_back(5000);  // unanswered: counted as 5 s
        return {{"samples", sent}, {"unanswered", lost}, {"errors", sink.errors - errors0},
                {"p50_ms", percentile(rtts, 0.50)}, {"p99_ms", percentile(rtts, 0.99)},
                {"max_ms", percentile(rtts, 1.0)}};
    }

    Json steps(Json& out) {
        Json list = Json::array();
        Sink sink;
        Conns conns;
        int held = 0;
        const long rss0 = out["rss_before_kib"];
        // Leave time for the throughput phase after the steps.
        const double reserve = o_.throughput_seconds * o_.throughput_rounds + 15;
        const auto steps_until =
            deadline_ - std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(reserve));
        for (int n : o_.steps) {
            if (Clock::now() >= steps_until) {
                out["stopped"] = "time budget";
                break;
            }
            const auto t0 = Clock::now();
            open(conns, sink, n - static_cast<int>(conns.size()));
            const double open_s = std::chrono::duration<double>(Clock::now() - t0).count();
            const double settled = settle();  // the server is done with the new connections
            const long rss = rss_kib(o_.server_pid);
            const long ready = sink.ready - sink.dropped;
            Json step = time_round_trips(conns, sink);
            step["settle_seconds"] = settled;
            step["connections"] = n;
            step["ready"] = ready;
            step["failed"] = sink.failed;
            step["dropped"] = sink.dropped;
            step["open_seconds"] = open_s;
            step["rss_kib"] = rss;
            step["bytes_per_connection"] = ready > 0 ? (rss - rss0) * 1024.0 / ready : 0;
            if (!sink.first_failure.empty()) step["first_failure"] = sink.first_failure;
            if (!sink.first_error.empty()) step["first_error"] = sink.first_error;
            const bool all_open = ready == n && sink.failed == 0;
            step["within_goal"] = all_open && step["errors"] == 0 && step["p99_ms"] <= o_.goal_p99_ms;
            std::cerr << o_.target << ": " << n << " connections (" << ready << " ready), p50 "
                      << step["p50_ms"].get<double>() << " ms, p99 " << step["p99_ms"].get<double>()
                      << " ms, RSS " << rss << " KiB\n";
            if (step["within_goal"]) held = n;
            list.push_back(step);
            // Further steps only grow: stop when connections fail or latency is far past the goal.
            if (!all_open || step["p99_ms"] > 10 * o_.goal_p99_ms) {
                out["stopped"] = all_open ? "p99 far past the goal" : "connections failed";
                break;
            }
        }
        out["held"] = held;
        if (!list.empty()) {
            const auto& last = list.back();
            out["memory"] = {{"connections", last["ready"]}, {"rss_before_kib", rss0},
                             {"rss_after_kib", last["rss_kib"]},
                             {"bytes_per_connection", last["bytes_per_connection"]}};
        }
        close_all(conns);
        out["close_settle_seconds"] = settle();  // the server handles the closes
        return list;
    }

    // Rounds of pipelined pings; the best round is the figure (a machine shared with other work
    // only ever slows a round down). The server's CPU time per reply is kept beside it.
    Json throughput() {
        Sink sink;
        Conns conns;
        open(conns, sink, o_.throughput_connections);
        if (sink.ready == 0)
            throw std::runtime_error("throughput: no connection opened: " + sink.first_failure);
        sink.refill = true;
        for (auto& c : conns)
            if (c->state() == Conn::State::ready)
                for (int i = 0; i < o_.window; ++i) c->request();
        pump_for(std::chrono::milliseconds(300));  // warm up
        Json rounds = Json::array();
        double best = 0;
        for (int round = 0; round < o_.throughput_rounds; ++round) {
            const long r0 = sink.replies;
            const double cpu0 = cpu_seconds(o_.server_pid), own0 = cpu_seconds(getpid());
            const auto t0 = Clock::now();
            pump_for(std::chrono::milliseconds(static_cast<long>(o_.throughput_seconds * 1000)));
            const long replies = sink.replies - r0;
            const double seconds = std::chrono::duration<double>(Clock::now() - t0).count();
            const double cpu = cpu_seconds(o_.server_pid) - cpu0, own = cpu_seconds(getpid()) - own0;
            rounds.push_back({{"seconds", seconds}, {"replies", replies},
                              {"messages_per_second", replies / seconds},
                              {"server_cpu_seconds", cpu}, {"client_cpu_seconds", own},
                              {"server_cpu_us_per_message", replies ? cpu * 1e6 / replies : 0}});
            best = std::max(best, replies / seconds);
        }
        sink.refill = false;
        pump([&] {
            return std::all_of(conns.begin(), conns.end(), [](auto& c) {
                return c->in_flight() == 0 || c->state() != Conn::State::ready;
            });
        }, Clock::now() + std::chrono::seconds(5));
        double cpu_us = 1e300;
        for (const auto& r : rounds) cpu_us = std::min(cpu_us, r["server_cpu_us_per_message"].get<double>());
        Json out{{"connections", sink.ready}, {"window", o_.window}, {"rounds", rounds},
                 {"errors", sink.errors}, {"dropped", sink.dropped}, {"messages_per_second", best},
                 {"server_cpu_us_per_message", cpu_us}};
        if (!sink.first_error.empty()) out["first_error"] = sink.first_error;
        std::cerr << o_.target << ": " << best << " replies/s (best of " << o_.throughput_rounds << ") on "
                  << sink.ready << " connections, server CPU " << cpu_us << " us a reply\n";
        close_all(conns);
        return out;
    }

    Options o_;
    net::io_context io_{1};
    net::executor_work_guard<net::io_context::executor_type> work_{io_.get_executor()};
    tcp::endpoint endpoint_;
    Clock::time_point deadline_;
    Frame hello_ = frame({{"type", "hello"}, {"versions", {1}}, {"id", 1}});
    Frame ping_ = frame({{"type", "ping"}, {"id", 3}});
    std::vector<Frame> logins_;
};

// Each connection takes a descriptor: raise the soft limit to the hard one, and drop the steps
// that would not fit under it (said on stderr and in the results).
std::string fit_descriptors(Options& o) {
    rlimit limit{};
    getrlimit(RLIMIT_NOFILE, &limit);
    limit.rlim_cur = limit.rlim_max;
    setrlimit(RLIMIT_NOFILE, &limit);
    getrlimit(RLIMIT_NOFILE, &limit);
    const long room = static_cast<long>(limit.rlim_cur) - o.throughput_connections - 64;
    if (room < o.steps.front())
        throw std::runtime_error("the descriptor limit (ulimit -n) is " + std::to_string(limit.rlim_cur) +
                                 ": too low for the first step");
    if (o.steps.back() <= room) return "";
    std::erase_if(o.steps, [&](int n) { return n > room; });
    const std::string note = "steps above " + std::to_string(room) + " connections dropped: ulimit -n is " +
                             std::to_string(limit.rlim_cur);
    std::cerr << "load_client: " << note << "\n";
    return note;
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"load_client: the server load benchmark's client (127.0.0.1 only)"};
    Options o;
    app.add_option("--target", o.target, "umpire or echo")->required()
        ->check(CLI::IsMember({"umpire", "echo"}));
    app.add_option("--host", o.host, "the server's address; only 127.0.0.1 is allowed")
        ->check(CLI::IsMember({"127.0.0.1"}));
    app.add_option("--port", o.port, "the server's port")->required()->check(CLI::Range(1, 65535));
    app.add_option("--server-pid", o.server_pid, "the server's process id, for its RSS")->required()
        ->check(CLI::PositiveNumber);
    app.add_option("--logins", o.logins, "umpire: the demo logins file (<db>.demo-logins.json)")
        ->check(CLI::ExistingFile);
    app.add_option("--steps", o.steps, "connection counts, ascending")->delimiter(',')
        ->check(CLI::Range(1, 60000));
    app.add_option("--samples", o.samples, "round trips timed per step")->check(CLI::Range(1, 100000));
    app.add_option("--sample-rate", o.sample_rate, "timed round trips a second")
        ->check(CLI::Range(1.0, 10000.0));
    app.add_option("--goal-p99-ms", o.goal_p99_ms, "p99 round trip a held step must stay within");
    app.add_option("--throughput-connections", o.throughput_connections, "connections in the throughput phase")
        ->check(CLI::Range(1, 10000));
    app.add_option("--window", o.window, "pings in flight per throughput connection")
        ->check(CLI::Range(1, 256));
    app.add_option("--throughput-seconds", o.throughput_seconds, "length of a throughput round")
        ->check(CLI::Range(0.1, 60.0));
    app.add_option("--throughput-rounds", o.throughput_rounds, "throughput rounds (the best is kept)")
        ->check(CLI::Range(1, 20));
    app.add_option("--time-budget", o.time_budget, "seconds for the whole run")
        ->check(CLI::Range(10.0, 3600.0));
    app.add_option("--open-concurrency", o.open_concurrency, "connections opening at once")
        ->check(CLI::Range(1, 1000));
    app.add_option("--phase", o.phase, "all, steps (connections held, memory) or throughput")
        ->check(CLI::IsMember({"all", "steps", "throughput"}));
    app.add_option("--out", o.out, "JSON results file")->required();
    CLI11_PARSE(app, argc, argv);
    if (o.target == "umpire" && o.logins.empty()) {
        std::cerr << "load_client: --target umpire needs --logins (the server's demo logins file)\n";
        return 2;
    }
    if (!std::is_sorted(o.steps.begin(), o.steps.end()) || o.steps.empty()) {
        std::cerr << "load_client: --steps must be ascending\n";
        return 2;
    }
    try {
        const std::string note = fit_descriptors(o);
        LoadClient client(o);
        Json results = client.run();
        if (!note.empty()) results["note"] = note;
        std::ofstream(o.out) << results.dump(2) << "\n";
    } catch (const std::exception& e) {
        std::cerr << "load_client: " << e.what() << "\n";
        return 1;
    }
    return 0;
}
