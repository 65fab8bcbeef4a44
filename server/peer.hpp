#pragma once
// A connected client as the hub sees it: a WebSocket session, or one HTTP API request. The
// network layer implements send() and close(); the hub keeps the rest. Everything here is
// touched only on the server's I/O thread.
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>

#include "protocol/viewer.hpp"
#include "server/rate_limiter.hpp"
#include "umpire/rules/json_reader.hpp"

namespace umpire::server {

// What one connection has been shown of one campaign: deltas are computed against it.
struct JoinedCampaign {
    protocol::Viewer viewer;
    rules::Json view;
    int version = 0;
    std::set<std::string> announced;  // decision ids sent as decision_request messages
    // A GM viewing the campaign as the player `viewer.player` (join's as_player): it is shown
    // what that player is shown, read only; press still reaches it as the GM's.
    bool preview = false;
};

class Peer {
public:
    enum class Kind { websocket, http };
    Peer(Kind kind, std::string address) : kind_(kind), address_(std::move(address)) {}
    virtual ~Peer() = default;

    // Queues one frame. Never blocks; a WebSocket session past its queue cap closes itself.
    virtual void send(std::shared_ptr<const std::string> frame) = 0;
    // Closes the connection after what is queued, telling the client why.
    virtual void close(const std::string& reason) = 0;

    Kind kind() const { return kind_; }
    const std::string& address() const { return address_; }

    bool greeted = false;  // said hello (HTTP requests need not)
    std::optional<std::int64_t> account;
    std::string account_name;
    std::string token_hash;  // of the session this connection logged in with
    std::map<std::string, JoinedCampaign> joined;  // by campaign id
    RateLimiter rate;
    int rate_violations = 0;

    // Work for this connection under way off the I/O thread (a password check). While it
    // lasts, the connection's later messages wait in `deferred`, so they are handled in the
    // order they came (a client may send join right after login).
    int async_pending = 0;
    std::deque<std::string> deferred;
    // Called by the hub when a message and any work it started off the I/O thread are done:
    // an HTTP request's reply is then complete.
    virtual void settled() {}

private:
    Kind kind_;
    std::string address_;
};

}  // namespace umpire::server
