#include "server/errors.hpp"

namespace umpire::server {

using protocol::ErrorCode;
using protocol::ProtocolError;

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
        case storage::ErrorKind::busy:
        case storage::ErrorKind::io:
        case storage::ErrorKind::disk_full:
        case storage::ErrorKind::read_only:
            // Do not pass file names and SQLite messages to clients; the server logs them.
            return ProtocolError(ErrorCode::unavailable,
                                 "storage is unavailable; nothing was changed, try again");
        default:
            return ProtocolError(ErrorCode::internal, "internal error; nothing was changed");
    }
}

}  // namespace umpire::server
