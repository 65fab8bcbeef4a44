#pragma once
// What the networked server keeps besides campaigns (schema v4): accounts with their password
// hashes, login sessions by token hash, memberships, invites by code hash, webhooks, deduplicated
// notifications, period deadlines, and GM actions other than rollbacks. On a database the caller
// owns (SQLite or PostgreSQL, database.hpp; the server gives each campaign and the lobby their
// own connection).
//
// Secrets never enter this layer in the clear: callers pass hashes (server/credentials.hpp).
// Bad input is StorageError(invalid_input) and changes nothing; a clash with stored rows is
// conflict.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "storage/records.hpp"
#include "storage/database.hpp"

namespace umpire::storage {

struct AccountAuth {
    std::int64_t id = 0;
    std::string name;
    std::optional<std::string> password_hash;  // argon2id string (crypto_pwhash_str)
    bool admin = false;                 // grants rights, makes accounts
    bool may_create_campaigns = false;  // an administrator always may
};

struct InviteRecord {
    std::string code_hash;
    std::string campaign_id;
    std::string role;  // player or observer
    std::optional<std::string> player;
    std::string created_at;
    std::optional<std::string> expires_at = {};  // nullopt: never (invites made before schema v10)
    std::optional<std::int64_t> created_by = {};
};

// An invite as its campaign's GM sees it listed: never the code, which only its hash can name.
struct InviteListing {
    std::string id;  // the first 12 hex digits of the code's hash
    std::string role;
    std::optional<std::string> player;
    std::string created_at;
    std::optional<std::string> expires_at;
    std::optional<std::string> used_by;  // the account that redeemed it
    std::optional<std::string> used_at;
    std::optional<std::string> revoked_at;
};

// A live session as its owner sees it listed.
struct SessionListing {
    std::string id;  // the first 16 hex digits of the token's hash
    std::string created_at;
    std::string expires_at;
    std::string address;  // the client address it was made from ('' before schema v10)
};

struct PasswordReset {
    std::string code_hash;
    std::int64_t account_id = 0;
    std::string issued_by;  // "administrator", or "gm <account> of <campaign>"
    std::string created_at;
    std::string expires_at;
};

struct NotificationRecord {
    std::int64_t account_id = 0;
    std::string campaign_id;
    std::string key;
    std::string payload;  // JSON
    std::string created_at;
    int attempts = 0;
};

// Where a campaign stands in the database (issue 33): its version, which every commit that
// changes its record, state or open period moves on (store_rows.hpp, move_version), and the
// numbers of its newest GM action and press message.
struct CampaignMark {
    std::int64_t version = 0;
    int last_action = 0;
    int last_press = 0;
    bool operator==(const CampaignMark&) const = default;
};

// The password attempts counted against one account name or client address (login throttle).
struct ThrottleRow {
    int attempts = 0;
    std::int64_t next_allowed_ms = 0;  // milliseconds since the epoch
    std::int64_t last_ms = 0;
};

struct WebhookRecord {
    std::string url;
    std::string secret;  // hex; signs the webhook's deliveries
};

// One delivery attempt of a notification, for its owner's delivery log.
struct WebhookDeliveryRecord {
    std::int64_t account_id = 0;
    std::string campaign_id;
    std::string notification_key;
    std::string delivery_id;
    int attempt = 0;       // 1 for the first
    std::string at;        // UTC ISO-8601
    std::string outcome;   // delivered or failed
    std::optional<int> http_status;
    std::string error;     // short; never the URL
};

struct DeadlineRecord {
    std::string campaign_id;
    int period_index = 0;
    std::optional<std::string> due_at;             // UTC ISO-8601; nullopt: none (or paused)
    std::optional<std::int64_t> paused_remaining_ms;  // set while the campaign is paused
    int extended_minutes = 0;                         // GM extensions of this period so far
};

// What is wrong with the shape of an e-mail address ("" if nothing): local@domain.tld, no
// spaces, at most 254 characters. Whether it reaches anyone is for the mail to tell.
std::string email_problem(const std::string& email);

class ServerStore {
public:
    explicit ServerStore(Database& db) : db_(&db) {}
    Database& database() { return *db_; }

    // Accounts. create_account is a conflict if the name is taken. The first account made
    // while no administrator exists becomes the administrator (and may create campaigns).
    std::int64_t create_account(const std::string& name, const std::string& password_hash,
                                const std::string& at);
    std::optional<AccountAuth> account_by_name(const std::string& name);
    std::optional<AccountAuth> account_by_id(std::int64_t id);
    // Sets an account's rights (an administrator may always create campaigns); not_found for an
    // unknown account.
    void set_rights(std::int64_t account, bool admin, bool may_create_campaigns);

    // The account's e-mail address (nullopt: none); set_email checks only its shape.
    std::optional<std::string> email(std::int64_t account);
    void set_email(std::int64_t account, const std::optional<std::string>& email);
    // A new password hash; the account's sessions other than `keep_session` (a token hash, or
    // empty for none) are revoked with it, in one transaction.
    void set_password(std::int64_t account, const std::string& password_hash,
                      const std::string& keep_session, const std::string& at);

    // Sign-up by invite (docs/protocol.md, "Accounts"): makes the account, its membership and
    // uses the invite in one transaction. An unknown, used, revoked or expired code is
    // invalid_input; a taken name is a conflict; either way nothing is written. The account gets
    // no rights (the first-administrator rule is for accounts made by the operator).
    std::pair<std::int64_t, MembershipRecord> sign_up(const std::string& name,
                                                      const std::string& password_hash,
                                                      const std::optional<std::string>& email,
                                                      const std::string& code_hash,
                                                      const std::string& at);

    // Password reset codes: one live code per account (a new one replaces the last).
    void add_password_reset(const PasswordReset& reset);
    // Sets the password of `account_name` if `code_hash` is its live code at `at`, marks the
    // code used and revokes every session of the account; false (nothing written) otherwise.
    bool use_password_reset(const std::string& account_name, const std::string& code_hash,
                            const std::string& password_hash, const std::string& at);
    // Whether the code is live for that account now (checked before the slow password hash).
    bool password_reset_live(const std::string& account_name, const std::string& code_hash,
                             const std::string& at);

    // Sessions: the account a live token hash belongs to (not expired at `now`, not revoked).
    void add_session(const std::string& token_hash, std::int64_t account, const std::string& at,
                     const std::string& expires_at, const std::string& address = "");
    std::vector<SessionListing> sessions_of(std::int64_t account, const std::string& now);
    // Revokes the account's live session whose listing id is `id`: its token hash, or nullopt
    // when the account has no such live session.
    std::optional<std::string> revoke_session_by_id(std::int64_t account, const std::string& id,
                                                    const std::string& at);
    std::optional<std::int64_t> session_account(const std::string& token_hash,
                                                const std::string& now);
    void revoke_session(const std::string& token_hash, const std::string& at);

    // Memberships: one per account and campaign.
    std::optional<MembershipRecord> membership(std::int64_t account, const std::string& campaign);
    std::vector<MembershipRecord> memberships_of_account(std::int64_t account);
    std::vector<MembershipRecord> memberships(const std::string& campaign);
    // Adds or changes the account's membership; a player taken by another account is a conflict.
    void put_membership(const MembershipRecord& membership);
    // Removes it (not_found when the account has none in the campaign).
    void remove_membership(std::int64_t account, const std::string& campaign);
    // The account holding the campaign's player, if any.
    std::optional<std::int64_t> player_account(const std::string& campaign,
                                               const std::string& player);

    // Invites are used once: redeem_invite makes the membership and marks the invite used in
    // one transaction; an unknown, used, revoked or expired code is invalid_input, and an
    // account that is already a member of the campaign is a conflict (its seat is never
    // replaced silently: the GM reassigns seats).
    void add_invite(const InviteRecord& invite);
    MembershipRecord redeem_invite(const std::string& code_hash, std::int64_t account,
                                   const std::string& at);
    bool invite_usable(const std::string& code_hash, const std::string& at);
    // The campaign's invites, newest first.
    std::vector<InviteListing> invites(const std::string& campaign);
    // Revokes an unused invite by its listing id: false when the campaign has no such invite
    // that is still usable.
    bool revoke_invite(const std::string& campaign, const std::string& id, const std::string& at);

    // Sets the account's webhook in the campaign with its secret; an empty url removes it.
    void set_webhook(std::int64_t account, const std::string& campaign, const std::string& url,
                     const std::string& secret);
    std::optional<WebhookRecord> webhook(std::int64_t account, const std::string& campaign);

    // Adds a notification unless one with the same key exists for the account: true if new.
    bool add_notification(const NotificationRecord& notification);
    std::vector<NotificationRecord> undelivered(int max_attempts, int limit);
    // The same for one campaign, oldest first.
    std::vector<NotificationRecord> undelivered(const std::string& campaign, int max_attempts,
                                                int limit);

    // The delivery log: each owner and campaign keeps its newest kWebhookDeliveriesKept.
    static constexpr int kWebhookDeliveriesKept = 200;
    void add_webhook_delivery(const WebhookDeliveryRecord& delivery);
    // The account's own entries in the campaign, newest first, at most `limit`.
    std::vector<WebhookDeliveryRecord> webhook_deliveries(std::int64_t account,
                                                          const std::string& campaign, int limit);
    // Records an attempt (delivered or not); the notification stays claimed until
    // `claimed_until` (a failed one: its next try's time, so no server tries it sooner).
    void note_attempt(const NotificationRecord& n, bool delivered, const std::string& at,
                      const std::optional<std::string>& claimed_until = std::nullopt);

    // What several servers on one database share (server_store_shared.cpp).
    // The campaign's mark; `lock`: its row stays locked until the transaction ends, so that one
    // command of a campaign runs at a time whichever server runs it. nullopt: no such campaign.
    std::optional<CampaignMark> campaign_mark(const std::string& campaign, bool lock = false);
    // Announces a change to the campaign to other servers (store_rows.hpp, announce_change).
    void announce_campaign(const std::string& campaign);
    // Claims an undelivered notification for sending until `until` (ISO times, like `now`):
    // false when another server's claim runs past `now`, or it was delivered or tried since it
    // was read (its attempts moved on).
    bool claim_notification(const NotificationRecord& n, const std::string& now,
                            const std::string& until);
    // Lets go of a claim that was not used (the sender's queue was full): any server may send it.
    void release_notification(const NotificationRecord& n);
    // The login throttle's rows, by kind ("account" or "address") and subject; read inside a
    // write transaction, the row stays locked until it ends (PostgreSQL; SQLite locks the file).
    std::optional<ThrottleRow> throttle_row(const std::string& kind, const std::string& subject);
    void put_throttle_row(const std::string& kind, const std::string& subject,
                          const ThrottleRow& row);
    void delete_throttle_row(const std::string& kind, const std::string& subject);
    // Forgets the rows whose last attempt is older than `before_ms` and that hold no delay past
    // `now_ms`: returns how many.
    int forget_throttle_rows(std::int64_t before_ms, std::int64_t now_ms);

    void put_deadline(const DeadlineRecord& deadline);
    std::optional<DeadlineRecord> deadline(const std::string& campaign, int period_index);

    // After a rollback the GM may open the reopened period's orders again: its confirmed orders
    // (and those of later periods) become submitted, so their players may change and confirm
    // them, each a new submission at `at` with its own receipt (issued like any other, so
    // verify finds every order set's receipt). Returns how many were reopened.
    int reopen_orders(const std::string& campaign, int from_period, const std::string& at);

    // GM actions (rollbacks are recorded by CampaignStore::roll_back). Returns the number.
    int add_gm_action(const GmActionRecord& action);
    // The action of this kind whose details carry {"key": key}, for idempotent commands.
    std::optional<GmActionRecord> gm_action_with_key(const std::string& campaign,
                                                     const std::string& kind,
                                                     const std::string& key);
    // GM edits of the campaign's own members (not the world).
    void update_campaign(const std::string& id, const std::string& name,
                         const std::string& settings, const std::string& deadline_policy,
                         const std::string& status);

private:
    // Inside a transaction:
    void put_membership_row(const MembershipRecord& membership);
    MembershipRecord usable_invite(const std::string& code_hash, const std::string& at);
    void mark_invite_used(const std::string& code_hash, std::int64_t account,
                          const std::string& at);

    Database* db_;
};

}  // namespace umpire::storage
