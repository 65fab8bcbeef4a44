#pragma once
// Protocol v1 client messages: what a client may send, as typed values, and the one decoder
// that turns a frame (or an HTTP body) into one of them or a ProtocolError with a stable code
// and the JSON path of the problem (docs/protocol.md). Decoding checks shape only; whether the
// sender may do it, and whether it fits the campaign, is the server's job.
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "protocol/errors.hpp"
#include "umpire/rules/json_reader.hpp"

namespace umpire::protocol {

using Json = rules::Json;

inline constexpr int kProtocolVersion = 1;
// Default cap of one message, in bytes (DESIGN: 64 KiB); the server's limit is configurable.
inline constexpr std::size_t kDefaultMaxMessageBytes = 64 * 1024;
// Orders per message: far more than any player has forces.
inline constexpr std::size_t kMaxOrdersPerMessage = 256;

struct Hello {
    std::vector<int> versions;  // the versions the client speaks
    std::string client;         // free text, for logs ("umpire-cli 0.1")
};
// Either account + password, or a token from an earlier login.
struct Login {
    std::string account;
    std::string password;
    std::string token;
};
struct Logout {};
struct ListCampaigns {};
struct Join {
    std::string campaign;
    std::string as_player;  // a GM's read-only view as this player (empty: its own)
};
struct RedeemInvite {
    std::string code;
};
// Make an account with an invite code (it becomes a member as the invite says) and log in.
struct SignUp {
    std::string code;
    std::string account;
    std::string password;
    std::string email;  // optional
};
// Set a new password with a reset code from an administrator or the campaign's GM.
struct ResetPassword {
    std::string account;
    std::string code;
    std::string password;
};
// Logged in: change the password (the current one proves it is you); other sessions end.
struct ChangePassword {
    std::string password;
    std::string new_password;
};
// Logged in: the account, its rights, e-mail address and live sessions.
struct GetAccount {};
// Logged in: set (or, with "", remove) the account's e-mail address.
struct SetEmail {
    std::string email;
};
// Logged in: end one of the account's sessions (its id from get_account).
struct RevokeSession {
    std::string session;
};
struct CreateCampaign {
    std::string scenario;   // a scenario name the server offers ("valormr-demo")
    std::string id;         // empty: the scenario's id
    std::string time_zone;  // empty: UTC
};
// A player's orders for the open period, in the umpire-orders/1 order form ("player" may be
// left out). `period_index` names the period they are for: orders for a period that is no
// longer open are late (period_closed).
struct SubmitOrders {
    std::string campaign;
    int period_index = 0;
    Json orders = Json::array();
    std::string state = "submitted";  // draft or submitted
    bool dry_run = false;             // check and plan only: nothing is stored (orders_preview)
};
struct ConfirmOrders {
    std::string campaign;
    int period_index = 0;
};
struct Answer {
    std::string campaign;
    std::string decision;
    Json answer;
};
struct GetReport {
    std::string campaign;
    int period_index = 0;
};
struct GetHistory {
    std::string campaign;
};
struct GetDecisions {
    std::string campaign;
};
// Where notifications for this account in this campaign go (empty: none). The URL is checked
// by the server (server/webhook_url.hpp), not here.
struct SetWebhook {
    std::string campaign;
    std::string url;
};
// The sender's own webhook delivery log in the campaign, newest first.
struct GetWebhookDeliveries {
    std::string campaign;
};
// GM commands (docs/protocol.md, "GM commands"); members used depend on `command`.
struct GmCommand {
    std::string campaign;
    std::string command;  // invite, invites, revoke_invite, remove, set_deadline, pause,
                          // resume, extend, force_advance, rollback, edit, edit_world,
                          // resolve, answer_for, add_gm, end, archive, delete (no command
                          // seats an account or resets one: docs/security.md, "Seats by consent")
    std::string reason;
    std::string role;     // invite: player or observer
    std::string player;   // invite: the scenario player
    std::string account;  // remove, add_gm (an observer of the campaign)
    std::string key;      // extend, force_advance: idempotency key
    int minutes = 0;      // extend
    int to_period = -1;   // rollback
    // force_advance, resolve, rollback: the open period the GM means (refused as period_closed
    // once another GM, server or deadline moved the campaign past it).
    int period = -1;
    bool reopen_orders = false;  // rollback: confirmed orders of the reopened period open again
    Json deadline;        // set_deadline: {"kind": "manual" | "duration" | "wall_clock", …}
    Json changes;         // edit: {"name"?, "description"?, "settings"?}
    Json edits;           // edit_world: the operations (storage/world_edit.hpp)
    std::string confirm;  // delete: the campaign's id, again
    std::string decision; // answer_for
    Json answer;          // answer_for
    std::string invite;   // revoke_invite: the invite's id from `invites`
    int hours = 0;        // invite: hours until it expires (0: the server's default)
};
// One battle companion action (RULEBOOK) in a battle of the open period: `battle` is the
// battle record's id, `action` a companion action as include/umpire/rules/battle_companion.hpp
// reads it (checked by the server, which knows the battle).
struct BattleAction {
    std::string campaign;
    std::string battle;
    Json action;
};
// The companion of a battle of the open period as it stands.
struct GetBattle {
    std::string campaign;
    std::string battle;
};
// Press (docs/protocol.md, "Press"): a message to everyone ("all"), to the GMs ("gm") or to
// players by their scenario ids; who may send it to whom is the server's to check.
inline constexpr std::size_t kMaxPressBytes = 4000;
inline constexpr std::size_t kMaxPressRecipients = 16;
struct SendPress {
    std::string campaign;
    std::vector<std::string> to;
    std::string text;
};
// The press the viewer may read: of one period, or (period_index -1) the newest.
struct GetPress {
    std::string campaign;
    int period_index = -1;
};
struct Ping {};

using ClientBody =
    std::variant<Hello, Login, Logout, SignUp, ResetPassword, ChangePassword, GetAccount, SetEmail,
                 RevokeSession, ListCampaigns, Join, RedeemInvite, CreateCampaign, SubmitOrders,
                 ConfirmOrders, Answer, GetReport, GetHistory, GetDecisions, SetWebhook,
                 GetWebhookDeliveries, GmCommand, BattleAction, GetBattle, SendPress, GetPress,
                 Ping>;

struct ClientMessage {
    std::string type;
    Json re;  // the client's "id", echoed as "re" on the reply (null: none)
    ClientBody body;
};

// Every client message type of v1, in documentation order.
const std::vector<std::string>& client_message_types();
const std::vector<std::string>& gm_commands();

// Decodes one message. Throws ProtocolError: message_too_large (above `max_bytes`), bad_json,
// unknown_type, or bad_message with the path of the first problem.
ClientMessage decode_client_message(std::string_view text,
                                    std::size_t max_bytes = kDefaultMaxMessageBytes);
ClientMessage decode_client_json(const Json& message);

// The "re" a reply should carry, read leniently from a frame that failed to decode (null when
// the frame has no usable "id").
Json correlation_id(std::string_view text);

}  // namespace umpire::protocol
