#pragma once
// A server scheduler whose clock moves only when told: deadlines and timers fire on advance(),
// so tests and the session fuzz target control time exactly.
#include <chrono>
#include <functional>
#include <map>
#include <string>
#include <utility>

#include "server/deadlines.hpp"
#include "server/services.hpp"

namespace umpire::testing {

class ManualScheduler final : public server::Scheduler {
public:
    server::TimePoint time = *server::parse_iso_utc("2025-03-01T09:00:00.000Z");
    server::TimePoint now() const override { return time; }
    void at(const std::string& key, server::TimePoint when, std::function<void()> fn) override {
        timers[key] = {when, std::move(fn)};
    }
    void cancel(const std::string& key) override { timers.erase(key); }
    // Moves the clock on, firing due timers in time order (a timer may schedule more), at most
    // `max_fired` of them, so a timer that keeps rescheduling itself cannot hang the caller.
    void advance(std::chrono::seconds by, int max_fired = 1000) {
        time += by;
        for (int fired = 0; fired < max_fired; ++fired) {
            auto due = timers.end();
            for (auto it = timers.begin(); it != timers.end(); ++it)
                if (it->second.first <= time &&
                    (due == timers.end() || it->second.first < due->second.first))
                    due = it;
            if (due == timers.end()) return;
            auto fn = std::move(due->second.second);
            timers.erase(due);
            fn();
        }
    }
    std::map<std::string, std::pair<server::TimePoint, std::function<void()>>> timers;
};

}  // namespace umpire::testing
