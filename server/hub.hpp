#pragma once
// The server's heart, free of networking: it takes frames from connections (WebSocket sessions
// and HTTP API requests), decodes them (protocol/messages.hpp), authenticates and authorizes
// the sender, hands campaign messages to the campaign's Room, and answers with projected
// messages only. It runs on the I/O thread; rooms and storage are touched from nowhere else.
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "protocol/messages.hpp"
#include "server/login_throttle.hpp"
#include "server/server_paths.hpp"
#include "server/peer.hpp"
#include "server/room.hpp"
#include "server/services.hpp"

namespace umpire::server {

struct HttpReply {
    int status = 200;
    std::string body;  // {"messages": [...]}
    std::optional<int> retry_after_seconds;  // for a Retry-After header
};

class Hub {
public:
    explicit Hub(Services& services);
    ~Hub();

    // Opens a room for every stored campaign; deadlines missed while down are extended.
    void start();
    // The argon2id hash an unknown name's password is checked against, made at construction.
    const std::string& unknown_account_hash() const { return unknown_account_hash_; }

    // Per-address connection limit for WebSocket connections: admit() before the upgrade,
    // release() when the connection ends (only if admitted).
    bool admit(const std::string& address);
    void release(const std::string& address);

    void opened(const std::shared_ptr<Peer>& peer);
    void closed(Peer& peer);
    // One frame from a WebSocket client.
    void receive(const std::shared_ptr<Peer>& peer, std::string_view text);
    // One HTTP API request: a message as the body, `bearer` the token of the Authorization
    // header (empty: none). `done` gets the reply on the I/O thread: at once, or when a password
    // check off the I/O thread has ended.
    void http_message(const std::string& address, const std::string& bearer, std::string_view body,
                      std::function<void(HttpReply)> done);

    // Creates an account (the demo and tests; players sign up with an invite). Returns its id.
    std::int64_t create_account(const std::string& name, const std::string& password);
    // Creates a campaign from a scenario file with `gm_account` as its GM, in one commit with
    // what `also` writes (given the campaign's id; the demo seats its players).
    Room& create_campaign(const std::string& scenario_file, const std::string& id,
                          std::int64_t gm_account, const std::string& time_zone = "UTC",
                          const std::function<void(const std::string&)>& also = {});
    Room* find_room(const std::string& id);
    Services& services() { return *services_; }

    // Several servers on one database (hub_changes.cpp, issue 33). Another server committed to
    // campaign `id`: its room catches up (Room::catch_up); a campaign made elsewhere gets a
    // room here, one deleted elsewhere is retired.
    void campaign_changed(const std::string& id);
    // Changes may have gone unheard (the listener connected again): every campaign catches up.
    void catch_up_all();

private:
    void handle(const std::shared_ptr<Peer>& peer, std::string_view text);
    // Ends one piece of a peer's work off the I/O thread: handles what waited behind it.
    void end_async(const std::shared_ptr<Peer>& peer);
    void login_with_password(const Reply& reply, const protocol::Login& m);
    // With `stored_expiry`, the token's session was written already (in the caller's commit)
    // and expires then.
    void finish_login(const Reply& reply, std::string token, const std::string& stored_expiry = "");
    // When a new session made now expires.
    std::string new_session_expiry() const;
    void dispatch(const Reply& reply, const protocol::ClientMessage& message);
    void send_error(Peer& peer, const Json& re, const protocol::ProtocolError& error);
    // A storage failure that reached the hub: logged, and what the client is told.
    protocol::ProtocolError storage_error(const storage::StorageError& e) const;
    Room& room_of(const std::string& id);
    // The same, caught up first with what other servers committed (hub_changes.cpp).
    Room& fresh_room(const std::string& id);
    // The campaign's room, its mark and state read from one snapshot; nullptr when it is gone.
    std::unique_ptr<Room> open_room(const std::string& id);
    // open_room, then Room::start; nullptr when the campaign is gone, also when another server
    // deleted it between the two (a start's write then fails on its vanished rows). Other
    // failures go on.
    std::unique_ptr<Room> start_room(const std::string& id);
    // campaign_changed's work; storage failures go on (a command is told `unavailable`).
    void load_changes(const std::string& id);
    void retire_room(const std::string& id);
    // Several servers: ends this server's connections whose session ended on another (logout, a
    // password change, revoked), then checks again kSessionCheck later (hub_changes.cpp).
    void check_sessions();
    Actor actor_in(const Room& room, const Peer& peer) const;
    void login(const Reply& reply, const protocol::Login& m);
    bool authenticate_token(Peer& peer, const std::string& token);
    void list_campaigns(const Reply& reply);
    void redeem(const Reply& reply, const protocol::RedeemInvite& m);
    // Accounts (hub_accounts.cpp): sign-up by invite, passwords, e-mail, sessions.
    void sign_up(const Reply& reply, const protocol::SignUp& m);
    void reset_password(const Reply& reply, const protocol::ResetPassword& m);
    void change_password(const Reply& reply, const protocol::ChangePassword& m);
    void send_account(const Reply& reply);
    void set_email(const Reply& reply, const protocol::SetEmail& m);
    void revoke_session(const Reply& reply, const protocol::RevokeSession& m);
    // Counts a password or code attempt against the name and the address (rate_limited past
    // the free ones, as for logins).
    void throttle(const std::string& account, const std::string& address);
    // argon2id work off the I/O thread (on it when there is no pool): `then` runs on the I/O
    // thread with the result, its errors answered as any message's.
    void hash_new_password(const Reply& reply, std::string password,
                           std::function<void(const std::string& hash)> then);
    void check_password(const Reply& reply, std::string stored_hash, std::string password,
                        std::function<void(bool matches)> then);
    void after_password_work(
        const Reply& reply, const char* what,
        const std::function<bool(std::function<void(std::function<void()>)>)>& queue);
    // Closes the account's live connections but the one on `keep_token_hash` (none if empty):
    // their sessions ended.
    void end_connections(std::int64_t account, const std::string& keep_token_hash,
                         const std::string& why);
    void create_from_message(const Reply& reply, const protocol::CreateCampaign& m);
    bool may_create_campaigns(std::int64_t account) const;
    void join(const Reply& reply, const protocol::Join& m);

    Services* services_;
    std::map<std::string, std::unique_ptr<Room>> rooms_;
    // Rooms of deleted campaigns: kept, not destroyed, so that a timer or a webhook answer still
    // holding one finds it (and does nothing).
    std::vector<std::unique_ptr<Room>> retired_;
    // Open connections by address: a close is one erase, not a scan of every connection.
    std::unordered_map<const Peer*, std::weak_ptr<Peer>> peers_;
    std::map<std::string, int> per_address_;
    ServerPaths server_paths_;  // scrubbed from every error a client is sent
    LoginThrottle login_throttle_;
    std::string unknown_account_hash_;  // checked against for unknown names: the same work
};

}  // namespace umpire::server
