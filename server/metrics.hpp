#pragma once
// Counters for /metrics, in the Prometheus text format. Updated on the I/O thread; atomics so a
// scrape never races.
#include <atomic>
#include <map>
#include <mutex>
#include <string>

namespace umpire::server {

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
    void set_campaigns(long long n) { campaigns_ = n; }

    std::string text() const;

private:
    void bump(std::map<std::string, long long>& counts, const std::string& label) {
        std::lock_guard lock(mutex_);
        ++counts[label];
    }
    mutable std::mutex mutex_;
    std::map<std::string, long long> errors_;
    std::map<std::string, long long> closes_;
    std::atomic<long long> campaigns_{0};
};

}  // namespace umpire::server
