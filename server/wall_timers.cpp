#include "server/wall_timers.hpp"

#include <algorithm>

namespace umpire::server {

void WallTimers::at(const std::string& key, TimePoint when, std::function<void()> fn) {
    timers_[key] = {when, std::move(fn)};
}

void WallTimers::cancel(const std::string& key) { timers_.erase(key); }

std::optional<WallTimers::Nap> WallTimers::fire_due(const std::function<TimePoint()>& now,
                                                    Nap max_nap, int max_fired) {
    for (int fired = 0; fired < max_fired; ++fired) {
        auto due = timers_.end();
        for (auto it = timers_.begin(); it != timers_.end(); ++it)
            if (due == timers_.end() || it->second.first < due->second.first) due = it;
        if (due == timers_.end() || due->second.first > now()) break;
        auto fn = std::move(due->second.second);
        timers_.erase(due);
        fn();
    }
    if (timers_.empty()) return std::nullopt;
    auto next = timers_.begin()->second.first;
    for (const auto& [key, timer] : timers_) next = std::min(next, timer.first);
    const auto wait = std::chrono::duration_cast<Nap>(next - now());
    return std::clamp(wait, Nap::zero(), max_nap);
}

}  // namespace umpire::server
