#pragma once
// Period deadlines (docs/protocol.md, "Deadlines"). A campaign's deadline policy is one of
//   {"kind": "manual"}                                   the GM advances periods
//   {"kind": "duration", "minutes": N}  (or "seconds")   N after the period opens
//   {"kind": "wall_clock", "time": "HH:MM", "time_zone": "Europe/Oslo"}
//       the first such local time after the period opens (with daylight saving: a time that
//       does not exist that day is the moment the clocks change; an ambiguous one the later)
#include <chrono>
#include <functional>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace umpire::server {

using TimePoint = std::chrono::system_clock::time_point;
// The wall clock, as a function so tests can step it (server/wall_timers.hpp).
using WallClock = std::function<TimePoint()>;

// Empty when `policy` is valid; otherwise what is wrong with it.
std::string deadline_policy_problem(const nlohmann::json& policy);
// When a period opened at `opened` is due; nullopt for manual deadlines. The policy is valid.
std::optional<TimePoint> due_time(const nlohmann::json& policy, TimePoint opened);

// UTC ISO-8601 with milliseconds, as storage keeps times, and back.
std::string iso_utc(TimePoint t);
std::optional<TimePoint> parse_iso_utc(const std::string& text);

}  // namespace umpire::server
