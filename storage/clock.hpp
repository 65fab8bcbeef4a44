#pragma once
// Server time as stored and shown: UTC, ISO-8601 with milliseconds ("2025-03-01T09:30:00.125Z").
// Injectable, so tests can fix it.
#include <functional>
#include <string>

namespace umpire::storage {

using Clock = std::function<std::string()>;

std::string utc_now();

}  // namespace umpire::storage
