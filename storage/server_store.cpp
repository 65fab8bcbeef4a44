#include "storage/server_store.hpp"

#include <nlohmann/json.hpp>

#include "storage/receipt.hpp"
#include "storage/store_rows.hpp"

namespace umpire::storage {

namespace {

MembershipRecord read_membership(Statement& s, int first) {
    return {s.integer(first), s.text(first + 1), s.text(first + 2), s.optional_text(first + 3)};
}

}  // namespace

std::int64_t ServerStore::create_account(const std::string& name, const std::string& hash,
                                         const std::string& at) {
    Transaction transaction(*db_);
    const auto id = rows::insert_account(*db_, name, hash, at);
    // The first account of a server (none is an administrator yet) administers it.
    if (db_->query_int("SELECT count(*) FROM accounts WHERE is_admin = 1") == 0)
        db_->prepare("UPDATE accounts SET is_admin = 1, may_create_campaigns = 1 WHERE id = ?")
            .bind_all(id)
            .run();
    transaction.commit();
    return id;
}

namespace {
constexpr const char* kAccountColumns =
    "SELECT id, name, password_hash, is_admin, may_create_campaigns FROM accounts ";

AccountAuth read_account(Statement& s) {
    return AccountAuth{s.integer(0), s.text(1), s.optional_text(2), s.integer(3) != 0,
                       s.integer(4) != 0};
}
}  // namespace

std::optional<AccountAuth> ServerStore::account_by_name(const std::string& name) {
    auto s = db_->prepare(std::string(kAccountColumns) + "WHERE name = ?");
    s.bind(1, name);
    if (!s.step()) return std::nullopt;
    return read_account(s);
}

std::optional<AccountAuth> ServerStore::account_by_id(std::int64_t id) {
    auto s = db_->prepare(std::string(kAccountColumns) + "WHERE id = ?");
    s.bind(1, id);
    if (!s.step()) return std::nullopt;
    return read_account(s);
}

void ServerStore::set_rights(std::int64_t account, bool admin, bool may_create_campaigns) {
    Transaction transaction(*db_);
    if (!account_by_id(account))
        throw StorageError(ErrorKind::not_found, "no account " + std::to_string(account));
    db_->prepare("UPDATE accounts SET is_admin = ?, may_create_campaigns = ? WHERE id = ?")
        .bind_all(admin ? 1 : 0, (admin || may_create_campaigns) ? 1 : 0, account)
        .run();
    transaction.commit();
}

void ServerStore::add_session(const std::string& token_hash, std::int64_t account,
                              const std::string& at, const std::string& expires_at,
                              const std::string& address) {
    db_->prepare(
           "INSERT INTO sessions (token_hash, account_id, created_at, expires_at, address) "
           "VALUES (?, ?, ?, ?, ?)")
        .bind_all(token_hash, account, at, expires_at, address)
        .run();
}

std::optional<std::int64_t> ServerStore::session_account(const std::string& token_hash,
                                                         const std::string& now) {
    // ISO-8601 UTC text with a fixed layout compares in time order.
    auto s = db_->prepare(
        "SELECT account_id FROM sessions WHERE token_hash = ? AND revoked_at IS NULL "
        "AND expires_at > ?");
    s.bind(1, token_hash).bind(2, now);
    if (!s.step()) return std::nullopt;
    return s.integer(0);
}

void ServerStore::revoke_session(const std::string& token_hash, const std::string& at) {
    db_->prepare("UPDATE sessions SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL")
        .bind_all(at, token_hash)
        .run();
}

std::optional<MembershipRecord> ServerStore::membership(std::int64_t account,
                                                        const std::string& campaign) {
    auto s = db_->prepare(
        "SELECT account_id, campaign_id, role, player_id FROM memberships "
        "WHERE account_id = ? AND campaign_id = ?");
    s.bind(1, account).bind(2, campaign);
    if (!s.step()) return std::nullopt;
    return read_membership(s, 0);
}

std::vector<MembershipRecord> ServerStore::memberships_of_account(std::int64_t account) {
    auto s = db_->prepare(
        "SELECT account_id, campaign_id, role, player_id FROM memberships "
        "WHERE account_id = ? ORDER BY campaign_id");
    s.bind(1, account);
    std::vector<MembershipRecord> out;
    while (s.step()) out.push_back(read_membership(s, 0));
    return out;
}

std::vector<MembershipRecord> ServerStore::memberships(const std::string& campaign) {
    auto s = db_->prepare(
        "SELECT account_id, campaign_id, role, player_id FROM memberships "
        "WHERE campaign_id = ? ORDER BY account_id");
    s.bind(1, campaign);
    std::vector<MembershipRecord> out;
    while (s.step()) out.push_back(read_membership(s, 0));
    return out;
}

void ServerStore::put_membership(const MembershipRecord& m) {
    Transaction transaction(*db_);
    put_membership_row(m);
    transaction.commit();
}

void ServerStore::put_membership_row(const MembershipRecord& m) {
    rows::check_membership(m);
    rows::require_campaign(*db_, m.campaign_id);
    if (!account_by_id(m.account_id))
        throw StorageError(ErrorKind::not_found, "no account " + std::to_string(m.account_id));
    if (m.player) {
        auto taken = db_->prepare(
            "SELECT account_id FROM memberships WHERE campaign_id = ? AND player_id = ? "
            "AND account_id != ?");
        taken.bind(1, m.campaign_id).bind(2, m.player).bind(3, m.account_id);
        if (taken.step())
            throw StorageError(ErrorKind::conflict, "player \"" + *m.player + "\" of \"" +
                                                        m.campaign_id + "\" is already taken");
    }
    db_->prepare(
           "INSERT INTO memberships (account_id, campaign_id, role, player_id) VALUES (?, ?, ?, ?) "
           "ON CONFLICT (account_id, campaign_id) DO UPDATE SET role = excluded.role, "
           "player_id = excluded.player_id")
        .bind_all(m.account_id, m.campaign_id, m.role, m.player)
        .run();
}

void ServerStore::add_invite(const InviteRecord& invite) {
    MembershipRecord shape{0, invite.campaign_id, invite.role, invite.player};
    rows::check_membership(shape);
    if (invite.role == "gm")
        throw StorageError(ErrorKind::invalid_input, "invites are for players and observers");
    auto insert = db_->prepare(
        "INSERT INTO invites (code_hash, campaign_id, role, player_id, created_at, expires_at, "
        "created_by) VALUES (?, ?, ?, ?, ?, ?, ?)");
    insert.bind_all(invite.code_hash, invite.campaign_id, invite.role, invite.player,
                    invite.created_at, invite.expires_at);
    if (invite.created_by)
        insert.bind(7, *invite.created_by);
    else
        insert.bind_null(7);
    insert.run();
}

MembershipRecord ServerStore::redeem_invite(const std::string& code_hash, std::int64_t account,
                                            const std::string& at) {
    Transaction transaction(*db_);
    MembershipRecord m = usable_invite(code_hash, at);
    m.account_id = account;
    if (auto existing = membership(account, m.campaign_id))
        throw StorageError(
            ErrorKind::conflict,
            existing->role == "gm"
                ? "the campaign's GM cannot also join by invite"
                : "you are already " +
                      (existing->player ? "player " + *existing->player : "an " + existing->role) +
                      " in this campaign; the GM removes you first to give you another seat");
    put_membership_row(m);
    mark_invite_used(code_hash, account, at);
    transaction.commit();
    return m;
}

MembershipRecord ServerStore::usable_invite(const std::string& code_hash, const std::string& at) {
    // ISO-8601 UTC text with a fixed layout compares in time order.
    auto s = db_->prepare(
        "SELECT campaign_id, role, player_id FROM invites WHERE code_hash = ? AND used_by IS NULL "
        "AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > ?)");
    s.bind(1, code_hash).bind(2, at);
    if (!s.step())
        throw StorageError(ErrorKind::invalid_input,
                           "no such invite, or it was used, revoked or has expired");
    return {0, s.text(0), s.text(1), s.optional_text(2)};
}

void ServerStore::mark_invite_used(const std::string& code_hash, std::int64_t account,
                                   const std::string& at) {
    db_->prepare("UPDATE invites SET used_by = ?, used_at = ? WHERE code_hash = ?")
        .bind_all(account, at, code_hash)
        .run();
}

void ServerStore::set_webhook(std::int64_t account, const std::string& campaign,
                              const std::string& url, const std::string& secret) {
    if (url.empty()) {
        db_->prepare("DELETE FROM webhooks WHERE account_id = ? AND campaign_id = ?")
            .bind_all(account, campaign)
            .run();
        return;
    }
    if (secret.empty()) throw StorageError(ErrorKind::invalid_input, "a webhook needs a secret");
    db_->prepare(
           "INSERT INTO webhooks (account_id, campaign_id, url, secret) VALUES (?, ?, ?, ?) "
           "ON CONFLICT (account_id, campaign_id) DO UPDATE SET url = excluded.url, "
           "secret = excluded.secret")
        .bind_all(account, campaign, url, secret)
        .run();
}

std::optional<WebhookRecord> ServerStore::webhook(std::int64_t account,
                                                  const std::string& campaign) {
    auto s = db_->prepare(
        "SELECT url, secret FROM webhooks WHERE account_id = ? AND campaign_id = ?");
    s.bind(1, account).bind(2, campaign);
    if (!s.step()) return std::nullopt;
    return WebhookRecord{s.text(0), s.text(1)};
}

bool ServerStore::add_notification(const NotificationRecord& n) {
    db_->prepare(
           "INSERT INTO notifications (account_id, campaign_id, key, payload, created_at) "
           "VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING")
        .bind_all(n.account_id, n.campaign_id, n.key, n.payload, n.created_at)
        .run();
    return db_->changes() > 0;
}

std::vector<NotificationRecord> ServerStore::undelivered(int max_attempts, int limit) {
    auto s = db_->prepare(
        "SELECT account_id, campaign_id, key, payload, created_at, attempts FROM notifications "
        "WHERE delivered_at IS NULL AND attempts < ? ORDER BY created_at LIMIT ?");
    s.bind(1, max_attempts).bind(2, limit);
    std::vector<NotificationRecord> out;
    while (s.step())
        out.push_back({s.integer(0), s.text(1), s.text(2), s.text(3), s.text(4),
                       static_cast<int>(s.integer(5))});
    return out;
}

std::vector<NotificationRecord> ServerStore::undelivered(const std::string& campaign,
                                                         int max_attempts, int limit) {
    auto s = db_->prepare(
        "SELECT account_id, campaign_id, key, payload, created_at, attempts FROM notifications "
        "WHERE campaign_id = ? AND delivered_at IS NULL AND attempts < ? "
        "ORDER BY created_at LIMIT ?");
    s.bind(1, campaign).bind(2, max_attempts).bind(3, limit);
    std::vector<NotificationRecord> out;
    while (s.step())
        out.push_back({s.integer(0), s.text(1), s.text(2), s.text(3), s.text(4),
                       static_cast<int>(s.integer(5))});
    return out;
}

void ServerStore::add_webhook_delivery(const WebhookDeliveryRecord& d) {
    if (d.outcome != "delivered" && d.outcome != "failed")
        throw StorageError(ErrorKind::invalid_input, "a delivery is delivered or failed");
    Transaction t(*db_);
    auto insert = db_->prepare(
        "INSERT INTO webhook_deliveries (account_id, campaign_id, notification_key, delivery_id, "
        "attempt, at, outcome, http_status, error) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
    insert.bind(1, d.account_id).bind(2, d.campaign_id).bind(3, d.notification_key);
    insert.bind(4, d.delivery_id).bind(5, d.attempt).bind(6, d.at).bind(7, d.outcome);
    if (d.http_status)
        insert.bind(8, *d.http_status);
    else
        insert.bind_null(8);
    insert.bind(9, d.error);
    insert.run();
    // Bounded: a receiver failing for months does not grow the file.
    db_->prepare(
           "DELETE FROM webhook_deliveries WHERE account_id = ? AND campaign_id = ? AND id <= "
           "(SELECT id FROM webhook_deliveries WHERE account_id = ? AND campaign_id = ? "
           "ORDER BY id DESC LIMIT 1 OFFSET ?)")
        .bind_all(d.account_id, d.campaign_id, d.account_id, d.campaign_id,
                  kWebhookDeliveriesKept)
        .run();
    t.commit();
}

std::vector<WebhookDeliveryRecord> ServerStore::webhook_deliveries(std::int64_t account,
                                                                   const std::string& campaign,
                                                                   int limit) {
    auto s = db_->prepare(
        "SELECT notification_key, delivery_id, attempt, at, outcome, http_status, error "
        "FROM webhook_deliveries WHERE account_id = ? AND campaign_id = ? "
        "ORDER BY id DESC LIMIT ?");
    s.bind(1, account).bind(2, campaign).bind(3, limit);
    std::vector<WebhookDeliveryRecord> out;
    while (s.step()) {
        WebhookDeliveryRecord d{account, campaign, s.text(0), s.text(1),
                                static_cast<int>(s.integer(2)), s.text(3), s.text(4),
                                std::nullopt, s.text(6)};
        if (!s.is_null(5)) d.http_status = static_cast<int>(s.integer(5));
        out.push_back(std::move(d));
    }
    return out;
}

void ServerStore::note_attempt(const NotificationRecord& n, bool delivered, const std::string& at,
                               const std::optional<std::string>& claimed_until) {
    db_->prepare(
           "UPDATE notifications SET attempts = attempts + 1, delivered_at = ?, "
           "claimed_until = ? WHERE account_id = ? AND campaign_id = ? AND key = ?")
        .bind_all(delivered ? std::optional<std::string>(at) : std::nullopt, claimed_until,
                  n.account_id, n.campaign_id, n.key)
        .run();
}

void ServerStore::put_deadline(const DeadlineRecord& d) {
    auto s = db_->prepare(
        "INSERT INTO period_deadlines (campaign_id, period_index, due_at, paused_remaining_ms, "
        "extended_minutes) VALUES (?, ?, ?, ?, ?) ON CONFLICT (campaign_id, period_index) DO "
        "UPDATE SET due_at = excluded.due_at, paused_remaining_ms = excluded.paused_remaining_ms, "
        "extended_minutes = excluded.extended_minutes");
    s.bind(1, d.campaign_id).bind(2, d.period_index).bind(3, d.due_at);
    if (d.paused_remaining_ms)
        s.bind(4, *d.paused_remaining_ms);
    else
        s.bind_null(4);
    s.bind(5, d.extended_minutes);
    s.run();
}

std::optional<DeadlineRecord> ServerStore::deadline(const std::string& campaign, int index) {
    auto s = db_->prepare(
        "SELECT due_at, paused_remaining_ms, extended_minutes FROM period_deadlines "
        "WHERE campaign_id = ? AND period_index = ?");
    s.bind(1, campaign).bind(2, index);
    if (!s.step()) return std::nullopt;
    DeadlineRecord d{campaign, index, s.optional_text(0), std::nullopt,
                     static_cast<int>(s.integer(2))};
    if (!s.is_null(1)) d.paused_remaining_ms = s.integer(1);
    return d;
}

int ServerStore::reopen_orders(const std::string& campaign, int from_period,
                               const std::string& at) {
    // A receipt is the hash of the order set, its state and its time (receipt.hpp), and verify
    // recomputes every one: reopened orders are a new submission at `at`, with a receipt of
    // their own, issued like any other (issue 53, item 12).
    Transaction transaction(*db_);
    int reopened = 0;
    for (auto o : rows::select_orders(*db_, campaign, std::nullopt)) {
        if (o.period_index < from_period || o.state != "confirmed") continue;
        o.state = "submitted";
        o.updated_at = at;
        o.receipt = receipt_of(o);
        rows::insert_order(*db_, o);
        rows::insert_receipt(*db_, {o.campaign_id, o.receipt, o.period_index, o.player, o.orders,
                                    o.state, o.updated_at});
        ++reopened;
    }
    transaction.commit();
    return reopened;
}

int ServerStore::add_gm_action(const GmActionRecord& action) {
    Transaction transaction(*db_);
    rows::require_campaign(*db_, action.campaign_id);
    const int no = rows::append_gm_action(*db_, action);
    transaction.commit();
    return no;
}

std::optional<GmActionRecord> ServerStore::gm_action_with_key(const std::string& campaign,
                                                              const std::string& kind,
                                                              const std::string& key) {
    for (auto& a : rows::select_gm_actions(*db_, campaign)) {
        if (a.kind != kind) continue;
        // Read here, not by the engine's JSON functions: SQLite's and PostgreSQL's differ.
        const auto details = nlohmann::json::parse(a.details, nullptr, false);
        if (!details.is_object()) continue;
        const auto found = details.find("key");
        if (found != details.end() && found->is_string() && found->get<std::string>() == key)
            return a;
    }
    return std::nullopt;
}

void ServerStore::update_campaign(const std::string& id, const std::string& name,
                                  const std::string& settings, const std::string& deadline_policy,
                                  const std::string& status) {
    db_->prepare(
           "UPDATE campaigns SET name = ?, settings = ?, deadline_policy = ?, status = ?, "
           "version = version + 1 WHERE id = ?")  // servers reload the record (move_version)
        .bind_all(name, settings, deadline_policy, status, id)
        .run();
    if (db_->changes() == 0) throw StorageError(ErrorKind::not_found, "no campaign \"" + id + "\"");
}

}  // namespace umpire::storage
