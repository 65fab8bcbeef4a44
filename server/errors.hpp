#pragma once
// Storage failures as protocol errors: what the client is told, by the StorageError's kind and
// the operation that failed. Messages from storage name only what the sender may know (storage
// gives one message for unknown and foreign forces and decisions).
#include "protocol/errors.hpp"
#include "storage/error.hpp"

namespace umpire::server {

// `bad_input` is the code for ErrorKind::invalid_input in this operation (invalid_orders,
// invalid_answer, invalid_argument…).
// `location` (the database file) is removed from messages: clients are not told file names.
protocol::ProtocolError to_protocol_error(const storage::StorageError& e,
                                          protocol::ErrorCode bad_input,
                                          const std::string& location = {});

[[noreturn]] inline void refuse(protocol::ErrorCode code, const std::string& message) {
    throw protocol::ProtocolError(code, message);
}

}  // namespace umpire::server
