#pragma once
// A token bucket: `burst` messages at once, refilled at `per_second`. Time is passed in, so
// tests need no clock.
#include <algorithm>
#include <chrono>

namespace umpire::server {

class RateLimiter {
public:
    using Clock = std::chrono::steady_clock;
    RateLimiter(double per_second = 20, int burst = 40)
        : per_second_(per_second), burst_(burst), tokens_(burst) {}

    // Takes one token if there is one.
    bool allow(Clock::time_point now = Clock::now()) {
        if (started_) {
            const double elapsed = std::chrono::duration<double>(now - last_).count();
            tokens_ = std::min<double>(burst_, tokens_ + elapsed * per_second_);
        }
        started_ = true;
        last_ = now;
        if (tokens_ < 1) return false;
        tokens_ -= 1;
        return true;
    }

private:
    double per_second_;
    int burst_;
    double tokens_;
    bool started_ = false;
    Clock::time_point last_{};
};

}  // namespace umpire::server
