// What several servers on one database share (issue 33): where each campaign stands (so a
// server knows when another moved it on), the claims on notifications being sent (so one server
// sends each), and the login throttle's counts (so every server counts the same guesses).
#include "storage/server_store.hpp"
#include "storage/store_rows.hpp"

namespace umpire::storage {

std::optional<CampaignMark> ServerStore::campaign_mark(const std::string& campaign, bool lock) {
    // FOR UPDATE is PostgreSQL's row lock; SQLite's write transaction holds the whole file.
    const bool row_lock = lock && db_->engine() == Engine::postgresql;
    auto s = db_->prepare(
        std::string("SELECT version, "
                    "(SELECT coalesce(max(action_no), 0) FROM gm_actions WHERE campaign_id = ?1), "
                    "(SELECT coalesce(max(no), 0) FROM press WHERE campaign_id = ?1) "
                    "FROM campaigns WHERE id = ?1") +
        (row_lock ? " FOR UPDATE" : ""));
    s.bind(1, campaign);
    if (!s.step()) return std::nullopt;
    return CampaignMark{s.integer(0), static_cast<int>(s.integer(1)),
                        static_cast<int>(s.integer(2))};
}

void ServerStore::announce_campaign(const std::string& campaign) {
    rows::announce_change(*db_, campaign);
}

bool ServerStore::claim_notification(const NotificationRecord& n, const std::string& now,
                                     const std::string& until) {
    auto claim = db_->prepare(
        "UPDATE notifications SET claimed_until = ? WHERE account_id = ? AND campaign_id = ? "
        "AND key = ? AND delivered_at IS NULL AND attempts = ? "
        "AND (claimed_until IS NULL OR claimed_until <= ?)");
    claim.bind_all(until, n.account_id, n.campaign_id, n.key, n.attempts, now);
    claim.run();
    return db_->changes() == 1;
}

void ServerStore::release_notification(const NotificationRecord& n) {
    db_->prepare(
           "UPDATE notifications SET claimed_until = NULL WHERE account_id = ? AND "
           "campaign_id = ? AND key = ? AND delivered_at IS NULL AND attempts = ?")
        .bind_all(n.account_id, n.campaign_id, n.key, n.attempts)
        .run();
}

std::optional<ThrottleRow> ServerStore::throttle_row(const std::string& kind,
                                                     const std::string& subject) {
    auto s = db_->prepare(
        std::string("SELECT attempts, next_allowed_ms, last_ms FROM login_throttle "
                    "WHERE kind = ? AND subject = ?") +
        (db_->engine() == Engine::postgresql ? " FOR UPDATE" : ""));
    s.bind_all(kind, subject);
    if (!s.step()) return std::nullopt;
    return ThrottleRow{static_cast<int>(s.integer(0)), s.integer(1), s.integer(2)};
}

void ServerStore::put_throttle_row(const std::string& kind, const std::string& subject,
                                   const ThrottleRow& row) {
    db_->prepare(
           "INSERT INTO login_throttle (kind, subject, attempts, next_allowed_ms, last_ms) "
           "VALUES (?, ?, ?, ?, ?) ON CONFLICT (kind, subject) DO UPDATE SET "
           "attempts = excluded.attempts, next_allowed_ms = excluded.next_allowed_ms, "
           "last_ms = excluded.last_ms")
        .bind_all(kind, subject, row.attempts, row.next_allowed_ms, row.last_ms)
        .run();
}

void ServerStore::delete_throttle_row(const std::string& kind, const std::string& subject) {
    db_->prepare("DELETE FROM login_throttle WHERE kind = ? AND subject = ?")
        .bind_all(kind, subject)
        .run();
}

int ServerStore::forget_throttle_rows(std::int64_t before_ms, std::int64_t now_ms) {
    db_->prepare("DELETE FROM login_throttle WHERE last_ms < ? AND next_allowed_ms <= ?")
        .bind_all(before_ms, now_ms)
        .run();
    return static_cast<int>(db_->changes());
}

}  // namespace umpire::storage
