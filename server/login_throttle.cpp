#include "server/login_throttle.hpp"

#include <algorithm>
#include <cmath>

namespace umpire::server {

namespace {

constexpr auto kForgetAfter = std::chrono::hours(1);
constexpr auto kForgetEvery = std::chrono::minutes(1);

std::int64_t ms_of(LoginThrottle::TimePoint t) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(t.time_since_epoch()).count();
}

}  // namespace

int LoginThrottle::wait_for(const std::optional<storage::ThrottleRow>& r, TimePoint now) const {
    if (!r) return 0;
    const auto ms = r->next_allowed_ms - ms_of(now);
    if (ms <= 0) return 0;
    return static_cast<int>((ms + 999) / 1000);
}

storage::ThrottleRow LoginThrottle::counted(std::optional<storage::ThrottleRow> r, int free,
                                            TimePoint now) const {
    storage::ThrottleRow row = r.value_or(storage::ThrottleRow{});
    ++row.attempts;
    row.last_ms = ms_of(now);
    if (row.attempts < free) return row;
    const double seconds = std::min(policy_.max_delay_seconds,
                                    policy_.base_delay_seconds * std::pow(2.0, row.attempts - free));
    row.next_allowed_ms = ms_of(now) + static_cast<std::int64_t>(seconds * 1000);
    return row;
}

int LoginThrottle::attempt(const std::string& account, const std::string& address, TimePoint now) {
    // One write transaction: two servers counting attempts of one name take turns.
    storage::Transaction transaction(store_->database());
    forget_idle(now);
    const auto by_account = store_->throttle_row("account", account);
    const auto by_address = store_->throttle_row("address", address);
    const int wait = std::max(wait_for(by_account, now), wait_for(by_address, now));
    if (wait > 0) return wait;  // nothing is recorded for a refused attempt
    store_->put_throttle_row("account", account,
                             counted(by_account, policy_.free_per_account, now));
    store_->put_throttle_row("address", address,
                             counted(by_address, policy_.free_per_address, now));
    transaction.commit();
    return 0;
}

void LoginThrottle::succeeded(const std::string& account, const std::string& address) {
    storage::Transaction transaction(store_->database());
    store_->delete_throttle_row("account", account);
    if (auto row = store_->throttle_row("address", address); row && row->attempts > 0) {
        --row->attempts;
        store_->put_throttle_row("address", address, *row);
    }
    transaction.commit();
}

void LoginThrottle::forget_idle(TimePoint now) {
    if (now - last_forgotten_ < kForgetEvery && now >= last_forgotten_) return;
    last_forgotten_ = now;
    store_->forget_throttle_rows(ms_of(now - kForgetAfter), ms_of(now));
}

}  // namespace umpire::server
