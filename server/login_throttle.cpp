#include "server/login_throttle.hpp"

#include <algorithm>
#include <cmath>

namespace umpire::server {

namespace {
constexpr std::size_t kRecordsBeforePruning = 10000;
constexpr auto kForgetAfter = std::chrono::hours(1);
}  // namespace

int LoginThrottle::wait_for(const Record& r, TimePoint now) const {
    if (r.next_allowed <= now) return 0;
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(r.next_allowed - now).count();
    return static_cast<int>((ms + 999) / 1000);
}

void LoginThrottle::count(Record& r, int free, TimePoint now) const {
    ++r.attempts;
    r.last = now;
    if (r.attempts < free) return;
    const double seconds = std::min(policy_.max_delay_seconds,
                                    policy_.base_delay_seconds * std::pow(2.0, r.attempts - free));
    r.next_allowed = now + std::chrono::milliseconds(static_cast<long long>(seconds * 1000));
}

int LoginThrottle::attempt(const std::string& account, const std::string& address, TimePoint now) {
    forget_idle(now);
    int wait = 0;
    if (auto it = accounts_.find(account); it != accounts_.end()) wait = wait_for(it->second, now);
    if (auto it = addresses_.find(address); it != addresses_.end())
        wait = std::max(wait, wait_for(it->second, now));
    if (wait > 0) return wait;  // nothing is recorded for a refused attempt
    count(accounts_[account], policy_.free_per_account, now);
    count(addresses_[address], policy_.free_per_address, now);
    return 0;
}

void LoginThrottle::succeeded(const std::string& account, const std::string& address) {
    accounts_.erase(account);
    if (auto it = addresses_.find(address); it != addresses_.end() && it->second.attempts > 0)
        --it->second.attempts;
}

void LoginThrottle::forget_idle(TimePoint now) {
    for (auto* records : {&accounts_, &addresses_}) {
        if (records->size() < kRecordsBeforePruning) continue;
        std::erase_if(*records, [&](const auto& entry) {
            return entry.second.next_allowed <= now && now - entry.second.last > kForgetAfter;
        });
    }
}

}  // namespace umpire::server
