#pragma once
// Errors a client can receive, each with a stable code (docs/protocol.md, "Errors"). Codes are
// part of protocol v1: once released, a code never changes its meaning or disappears.
#include <optional>
#include <stdexcept>
#include <string>

namespace umpire::protocol {

enum class ErrorCode {
    bad_json,               // the frame or body is not JSON
    bad_message,            // JSON, but not a valid message (wrong types, missing members)
    unknown_type,           // a message type this version does not have
    message_too_large,      // above the message size limit
    unsupported_version,    // hello offered no version the server speaks
    hello_required,         // a WebSocket client must say hello first
    not_logged_in,          // the message needs a logged-in account
    bad_credentials,        // unknown account or wrong password (one code for both)
    bad_token,              // an unknown, expired or revoked session token
    forbidden,              // logged in, but the role does not allow it
    unknown_campaign,       // no such campaign, or not one the account may see (one code)
    unknown_decision,       // no such pending decision of the viewer (one code)
    unknown_account,        // GM commands: no such account
    unknown_player,         // GM commands: no such player in the scenario
    unknown_period,         // no such resolved period
    unknown_battle,         // no such battle in the open period, or not one the viewer fights
                            // or umpires (one code)
    invalid_orders,         // orders that cannot be taken (another player's force, …)
    invalid_answer,         // an answer outside the request's options
    invalid_argument,       // a GM command or request argument out of range
    refused_by_rules,       // a battle companion action the rules refuse (the message names
                            // the rule, e.g. "R-8.3: a withdrawal costs 5 PIPs; 3 left")
    period_closed,          // orders or answers for a period that is no longer open (late), or a
                            // GM command naming a period the campaign has moved past
    orders_closed,          // the period waits for decisions: its orders are closed
    already_answered,       // decisions are final
    conflict,               // does not fit the stored state (confirmed orders, taken player)
    campaign_paused,        // the GM paused the campaign
    invite_invalid,         // an unknown or used invite code
    rate_limited,           // too many messages too fast
    too_many_connections,   // per account or per address
    bad_origin,             // a WebSocket upgrade from an Origin not on the allowlist
    not_implemented,        // reserved for message slots not implemented (none in v1 now)
    unavailable,            // storage is busy or failing; try again
    internal,               // a bug; logged on the server
};

// The code as it goes on the wire ("bad_json").
const char* code_name(ErrorCode code);
std::optional<ErrorCode> code_from_name(const std::string& name);

// Thrown by decoding and handlers; becomes an `error` message for the client.
class ProtocolError : public std::runtime_error {
public:
    ProtocolError(ErrorCode code, const std::string& message, std::string path = {})
        : std::runtime_error(message), code_(code), path_(std::move(path)) {}
    ErrorCode code() const { return code_; }
    // The JSON path of the offending member, when there is one ("$.orders[0].force").
    const std::string& path() const { return path_; }
    // rate_limited, unavailable: how long to wait (sent as retry_after_seconds, and as HTTP
    // Retry-After).
    std::optional<int> retry_after() const { return retry_after_; }
    ProtocolError& with_retry_after(int seconds) {
        retry_after_ = seconds;
        return *this;
    }
    // internal: the id under which the server logged the cause.
    const std::string& error_id() const { return error_id_; }
    ProtocolError& with_error_id(std::string id) {
        error_id_ = std::move(id);
        return *this;
    }

private:
    ErrorCode code_;
    std::string path_;
    std::optional<int> retry_after_;
    std::string error_id_;
};

}  // namespace umpire::protocol
