#pragma once
// /healthz and /readyz (docs/operations.md, "Monitoring"): 200 while the database takes
// writes, 503 with a reason when it does not. The body names no file (the main port is
// public); the log does, once per change of state.
#include <string>

#include "storage/database.hpp"

namespace umpire::server {

struct HealthReport {
    int status = 200;  // 200 or 503
    std::string body;  // {"status":"ok"}, or {"status":"unavailable","reason":…,"message":…}
};

class HealthCheck {
public:
    HealthReport check(storage::Database& database);

private:
    std::string last_reason_;  // empty: healthy at the last check
};

}  // namespace umpire::server
