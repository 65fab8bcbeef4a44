#include "server/health.hpp"

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "storage/database_checks.hpp"

namespace umpire::server {

namespace {

struct Reason {
    const char* code;
    const char* message;
};

Reason reason_for(storage::ErrorKind kind) {
    switch (kind) {
        case storage::ErrorKind::gone:
            return {"database_gone",
                    "the database file was removed or replaced under the server: it takes no "
                    "more writes; put the file back or restore a backup, then restart it"};
        case storage::ErrorKind::read_only:
            return {"database_read_only",
                    "the database cannot be written: check the owner and mode of the file and "
                    "of its directory"};
        case storage::ErrorKind::outcome_unknown:
            return {"outcome_unknown",
                    "a commit failed after it may have reached the disk (a failed fsync…): the "
                    "server takes no more writes and exits for its supervisor to restart it"};
        default:
            return {"database_failing", "the database fails to take a write: see the server's log"};
    }
}

}  // namespace

HealthReport HealthCheck::check(storage::Database& database) {
    const auto problem = storage::write_problem(database);
    if (!problem) {
        if (!last_reason_.empty()) spdlog::info("health: the database takes writes again");
        last_reason_.clear();
        return {200, R"({"status":"ok"})"};
    }
    const Reason reason = reason_for(problem->kind());
    if (last_reason_ != reason.code)
        spdlog::error("health: {}: {} (/healthz and /readyz answer 503)", reason.code, problem->what());
    last_reason_ = reason.code;
    return {503, nlohmann::json{{"status", "unavailable"},
                                {"reason", reason.code},
                                {"message", reason.message}}
                     .dump()};
}

}  // namespace umpire::server
