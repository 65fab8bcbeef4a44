#pragma once
// Period deadlines (docs/protocol.md, "Deadlines"). A campaign's deadline policy is one of
//   {"kind": "manual"}                                   the GM advances periods
//   {"kind": "duration", "minutes": N}  (or "seconds")   N after the period opens
//   {"kind": "wall_clock", "time": "HH:MM"}              the first such local time
//   {"kind": "weekly", "days": ["mon", "thu"], "time": "HH:MM"}   the first listed weekday at HH:MM
//   {"kind": "every_days", "days": N, "time": "HH:MM"}   HH:MM on the N-th day after the opening
//   day
//   {"kind": "dates", "at": ["2026-12-10T20:00", …]}     the first listed local date-time
// The local kinds take "time_zone" (an IANA name; default the campaign's) and "min_minutes":
// the deadline is the first time of the schedule at least that long after the period opens,
// so a group that finishes early still gets a whole turn. With daylight saving a local time
// that does not exist that day is the moment the clocks change; an ambiguous one the later.
// When `dates` runs out, the period has no deadline (as manual).
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
// When a period opened at `opened` is due; nullopt for manual deadlines (and `dates` run out).
// The policy is valid; `campaign_zone` is used when it names no zone.
std::optional<TimePoint> due_time(const nlohmann::json& policy, TimePoint opened,
                                  const std::string& campaign_zone = "UTC");

// UTC ISO-8601 with milliseconds, as storage keeps times, and back.
std::string iso_utc(TimePoint t);
std::optional<TimePoint> parse_iso_utc(const std::string& text);

}  // namespace umpire::server
