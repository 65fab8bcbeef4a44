#pragma once
// No exception leaves a handler (docs/security.md, "Failures"): every entry point the network
// calls (an HTTP request, a WebSocket message, a timer, a posted completion) runs through
// run_guarded. What it catches is logged at error level with its cause under a new error id
// and counted (umpire_internal_errors_total); the caller answers that one request with the id
// (500, or closes that one session) and the server goes on serving everyone else.
#include <spdlog/spdlog.h>

#include <exception>
#include <string>
#include <string_view>

#include "server/errors.hpp"
#include "server/metrics.hpp"

namespace umpire::server {

// Runs fn(). Returns the error id of what it threw, or an empty string when it returned.
template <class Fn>
std::string run_guarded(Metrics* metrics, std::string_view what, Fn&& fn) noexcept {
    std::string cause;
    try {
        fn();
        return {};
    } catch (const std::exception& e) {
        cause = e.what();
    } catch (...) {
        cause = "an exception of unknown type";
    }
    try {
        const std::string id = new_error_id();
        spdlog::error("error {}: {}: {}", id, what, cause);
        if (metrics) metrics->internal_errors++;
        return id;
    } catch (...) {
        return "unknown";  // out of memory even to log: still do not unwind into Asio
    }
}

}  // namespace umpire::server
