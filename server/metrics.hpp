#pragma once
// Counters for /metrics, in the Prometheus text format. Updated on the I/O thread; atomics so a
// scrape never races.
#include <array>
#include <atomic>
#include <chrono>
#include <map>
#include <mutex>
#include <string>

namespace umpire::server {

// A latency histogram with fixed buckets from 1 ms to 10 s (Prometheus "le" bounds, seconds).
class Histogram {
public:
    static constexpr std::array<double, 13> kBounds{0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1,
                                                    0.25,  0.5,    1,     2.5,  5,     10};
    void observe(double seconds);
    // The _bucket, _sum and _count lines; `labels` is empty or `name="value"` pairs.
    void text(std::string& out, const std::string& name, const std::string& labels = "") const;

private:
    std::array<std::atomic<long long>, kBounds.size() + 1> counts_{};  // the last: past 10 s
    std::atomic<long long> sum_micros_{0};
};

// Seconds since `start` on the steady clock.
inline double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

class Metrics {
public:
    std::atomic<long long> connections_open{0};
    std::atomic<long long> connections_total{0};
    std::atomic<long long> messages_in{0};
    std::atomic<long long> messages_out{0};
    std::atomic<long long> http_requests{0};
    std::atomic<long long> logins{0};
    std::atomic<long long> login_failures{0};
    std::atomic<long long> logins_throttled{0};
    std::atomic<long long> internal_errors{0};  // guarded handlers that caught the unexpected
    std::atomic<long long> accept_errors{0};
    std::atomic<long long> connections_refused{0};
    std::atomic<long long> periods_resolved{0};
    std::atomic<long long> decisions_answered{0};
    std::atomic<long long> webhooks_sent{0};
    std::atomic<long long> webhooks_failed{0};

    // Counted by label: errors by code, closes by reason.
    void error(const std::string& code) { bump(errors_, code); }
    void closed(const std::string& reason) { bump(closes_, reason); }
    // Latencies: one message handled (by its type), an HTTP request, a period resolved (the
    // attempt through its commit), a commit.
    void message_handled(const std::string& type, double seconds);
    Histogram http_request_seconds;
    Histogram resolution_seconds;
    Histogram commit_seconds;
    const double start_time = std::chrono::duration<double>(
        std::chrono::system_clock::now().time_since_epoch()).count();

    std::string text() const;

private:
    void bump(std::map<std::string, long long>& counts, const std::string& label) {
        std::lock_guard lock(mutex_);
        ++counts[label];
    }
    mutable std::mutex mutex_;
    std::map<std::string, long long> errors_;
    std::map<std::string, long long> closes_;
    std::map<std::string, Histogram> message_seconds_;  // by message type
};

}  // namespace umpire::server
