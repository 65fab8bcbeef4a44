#pragma once
// Keyed timers against the wall clock, which can step (NTP, an operator, a VM resumed). A
// steady timer alone fires at the wrong moment when the wall clock steps: set back, it fires
// before the deadline, and the deadline then never comes; set forward, orders are refused at
// once but the period waits for the monotonic timer. So the scheduler wakes at least every
// `max_nap` and fires what is due by the wall clock *now* (issue 29, finding 5). No I/O: the
// server's Asio scheduler drives it (net_server.cpp), tests drive it with a stepped clock.
#include <chrono>
#include <functional>
#include <map>
#include <optional>
#include <string>

#include "server/deadlines.hpp"

namespace umpire::server {

class WallTimers {
public:
    using Nap = std::chrono::steady_clock::duration;

    // Scheduling a key again replaces its timer.
    void at(const std::string& key, TimePoint when, std::function<void()> fn);
    void cancel(const std::string& key);
    bool empty() const { return timers_.empty(); }

    // Fires, earliest first, every timer due by `now()` (asked again after each, since a timer
    // may take time or schedule others), at most `max_fired` of them; then says how long to
    // sleep before checking again: until the next is due, at most `max_nap`; nullopt when none
    // is left.
    std::optional<Nap> fire_due(const std::function<TimePoint()>& now, Nap max_nap,
                                int max_fired = 1000);

private:
    std::map<std::string, std::pair<TimePoint, std::function<void()>>> timers_;
};

}  // namespace umpire::server
