#pragma once
// Storage failures as protocol errors: what the client is told, by the StorageError's kind and
// the operation that failed. Messages from storage name only what the sender may know (storage
// gives one message for unknown and foreign forces and decisions).
#include <string_view>

#include <nlohmann/json.hpp>

#include "protocol/errors.hpp"
#include "storage/error.hpp"

namespace umpire::server {

// `bad_input` is the code for ErrorKind::invalid_input in this operation (invalid_orders,
// invalid_answer, invalid_argument…).
// `location` (the database file) is removed from messages: clients are not told file names.
// Logs, at error, a storage failure the client is told only "unavailable" or "internal" about
// (busy, I/O, disk full, read-only…: not a refusal of bad input), with the error's kind and
// SQLite code and what was being done (and the campaign, when there is one).
void log_storage_error(const storage::StorageError& e, std::string_view what,
                       std::string_view campaign = {});
// A storage error's fields for a structured log line: event, kind, error, and the engine's own
// code (sqlite_code, or PostgreSQL's sqlstate).
nlohmann::json storage_error_fields(const storage::StorageError& e);
protocol::ProtocolError to_protocol_error(const storage::StorageError& e,
                                          protocol::ErrorCode bad_input,
                                          const std::string& location = {});

// A fresh id for one unexpected failure (12 hex digits): logged with its cause, and all the
// client is told of it.
std::string new_error_id();
// An unexpected failure while doing `what`: logged at error level with its cause under a new
// error id; the client gets `internal` with that id and nothing of the cause.
protocol::ProtocolError internal_error(const std::string& what, const std::exception& cause);

[[noreturn]] inline void refuse(protocol::ErrorCode code, const std::string& message) {
    throw protocol::ProtocolError(code, message);
}

}  // namespace umpire::server
