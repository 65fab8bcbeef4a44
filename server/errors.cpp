#include "server/errors.hpp"

#include <sodium.h>
#include <spdlog/spdlog.h>

#include <algorithm>

#include "server/observability.hpp"
#include "storage/insecure_test_seed.hpp"

namespace umpire::server {

using protocol::ErrorCode;
using protocol::ProtocolError;

std::string new_error_id() {
    if (sodium_init() < 0) return "000000000000";
    unsigned char bytes[6];
    if (auto fixed = storage::insecure_test_bytes("error-id", sizeof bytes))  // TEST ONLY
        std::copy(fixed->begin(), fixed->end(), bytes);
    else
        randombytes_buf(bytes, sizeof bytes);
    char hex[sizeof bytes * 2 + 1];
    sodium_bin2hex(hex, sizeof hex, bytes, sizeof bytes);
    return hex;
}

ProtocolError internal_error(const std::string& what, const std::exception& cause) {
    const std::string id = new_error_id();
    spdlog::error("error {}: {}: {}", id, what, cause.what());
    return ProtocolError(ErrorCode::internal, "internal error " + id + "; nothing was changed")
        .with_error_id(id);
}

void log_storage_error(const storage::StorageError& e, std::string_view what,
                       std::string_view campaign) {
    using storage::ErrorKind;
    if (e.kind() == ErrorKind::invalid_input || e.kind() == ErrorKind::conflict ||
        e.kind() == ErrorKind::not_found || e.kind() == ErrorKind::gone)
        return;  // a refusal the client is told about, or (gone) logged by to_protocol_error
    nlohmann::json fields = storage_error_fields(e);
    fields["what"] = what;
    if (!campaign.empty()) fields["campaign"] = campaign;
    const std::string prefix = campaign.empty() ? "" : "campaign " + std::string(campaign) + ": ";
    log_event(spdlog::level::err, fields,
              fmt::format("{}{} failed ({}, {}): {}", prefix, what, storage::to_string(e.kind()),
                          storage::engine_code(e), e.what()));
}

nlohmann::json storage_error_fields(const storage::StorageError& e) {
    nlohmann::json fields{{"event", "storage_error"}, {"kind", storage::to_string(e.kind())},
                       {"error", e.what()}};
    // The engine's own code: SQLite's result code, or PostgreSQL's SQLSTATE.
    fields["sqlite_code"] = e.sqlite_code();  // 0: not from SQLite
    if (!e.sqlstate().empty()) fields["sqlstate"] = e.sqlstate();
    return fields;
}

ProtocolError to_protocol_error(const storage::StorageError& e, ErrorCode bad_input,
                                const std::string& location) {
    std::string what = e.what();
    if (!location.empty())
        for (auto at = what.find(location); at != std::string::npos; at = what.find(location))
            what.erase(at, location.size() + (what.compare(at + location.size(), 2, ": ") == 0 ? 2 : 0));
    switch (e.kind()) {
        case storage::ErrorKind::invalid_input:
            if (what.find("has no decision") != std::string::npos)
                return ProtocolError(ErrorCode::unknown_decision, what);
            return ProtocolError(bad_input, what);
        case storage::ErrorKind::conflict:
            if (what.find("already answered") != std::string::npos)
                return ProtocolError(ErrorCode::already_answered, what);
            if (what.find("closed") != std::string::npos)
                return ProtocolError(ErrorCode::orders_closed,
                                     "orders for this period are closed: its resolution has begun");
            return ProtocolError(ErrorCode::conflict, what);
        case storage::ErrorKind::not_found:
            return ProtocolError(ErrorCode::unknown_period, "not found");
        case storage::ErrorKind::gone:
            // Every command from now on fails so; the operator must hear of it (with the file).
            spdlog::error("storage: {}", e.what());
            return ProtocolError(ErrorCode::unavailable,
                                 "storage is unavailable: the server's database file was removed "
                                 "or replaced; nothing was acknowledged, and the server takes no "
                                 "changes until its operator restores the file and restarts it");
        case storage::ErrorKind::outcome_unknown:
            // Not "nothing was changed": the commit may be on disk (issue 53). The server stops
            // and exits; its restart settles whether the command happened.
            return ProtocolError(ErrorCode::unavailable,
                                 "outcome unknown: storage failed while keeping this command, "
                                 "which may or may not have happened; the server is restarting. "
                                 "Once it is back, look (join, history) before sending it again: "
                                 "a GM command naming its period or key is not applied twice")
                .with_retry_after(5);
        case storage::ErrorKind::busy:
        case storage::ErrorKind::io:
        case storage::ErrorKind::disk_full:
        case storage::ErrorKind::read_only:
        case storage::ErrorKind::cannot_open:
        case storage::ErrorKind::corrupt:
            // Storage, not the command, failed (both engines: the kinds, not their words). Do
            // not pass file names and engine messages to clients; the server logs them.
            return ProtocolError(ErrorCode::unavailable,
                                 "storage is unavailable; nothing was changed, try again");
        default:
            return ProtocolError(ErrorCode::internal, "internal error; nothing was changed");
    }
}

}  // namespace umpire::server
