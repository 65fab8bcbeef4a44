#pragma once
// Times as a player reads them: a server time (UTC ISO-8601) in UTC and in an IANA zone.
#include <chrono>
#include <string>

namespace umpire::protocol {

// "2026-12-10 19:00 UTC (20:00 CET, Europe/Berlin)"; the text itself if it is not a time; the
// zone part is left out for UTC or an unknown zone.
std::string both_zones(const std::string& iso_utc, const std::string& zone);
// "in 5 h 12 min", "2 min ago" from `now`; "" if it is not a time.
std::string from_now(const std::string& iso_utc, std::chrono::system_clock::time_point now);

}  // namespace umpire::protocol
