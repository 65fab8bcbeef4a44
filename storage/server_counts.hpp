#pragma once
// What the server's /metrics counts in its database (server/observability.cpp): the queries live
// here, with the other stores' SQL, on either engine.
#include <cstdint>
#include <string>

#include "storage/database.hpp"

namespace umpire::storage {

// Campaigns whose status is `status` (active, paused, finished).
std::int64_t count_campaigns(Database& db, const std::string& status);
// Open periods of active campaigns whose deadline is after `now` (UTC ISO-8601).
std::int64_t count_open_deadlines(Database& db, const std::string& now);
// Notifications not delivered and tried fewer than `max_attempts` times.
std::int64_t count_webhook_backlog(Database& db, int max_attempts);

}  // namespace umpire::storage
