// Periods in the SQLite store: the open period, committing a resolution, rollback.
#include <algorithm>

#include "storage/sqlite_rows.hpp"
#include "storage/sqlite_store.hpp"

namespace umpire::storage {

namespace {

OpenPeriodRecord require_open(Connection& db, const std::string& campaign) {
    rows::require_campaign(db, campaign);
    auto open = rows::select_open_period(db, campaign);
    if (!open)
        throw StorageError(ErrorKind::conflict,
                           db.path() + ": campaign \"" + campaign + "\" has no open period");
    return *open;
}

}  // namespace

std::optional<OpenPeriodRecord> SqliteCampaignStore::open_period(const std::string& campaign) {
    return rows::select_open_period(*connection_, campaign);
}

std::vector<PeriodSummary> SqliteCampaignStore::periods(const std::string& campaign) {
    auto s = connection_->prepare(
        "SELECT period_index, attempt, day, kind, event_count, seed_hash, committed_at, "
        "rolled_back_by FROM periods WHERE campaign_id = ? ORDER BY period_index, attempt");
    s.bind(1, campaign);
    std::vector<PeriodSummary> out;
    while (s.step())
        out.push_back({static_cast<int>(s.integer(0)), static_cast<int>(s.integer(1)),
                       static_cast<int>(s.integer(2)), s.text(3), static_cast<int>(s.integer(4)),
                       s.text(5), s.text(6), s.optional_int(7)});
    return out;
}

PeriodRecord SqliteCampaignStore::load_period(const std::string& campaign, PeriodKey key) {
    Connection& db = *connection_;
    // One read transaction, so the row and its events come from the same commit.
    Transaction read(db, Transaction::Mode::deferred);
    auto record = rows::select_period(db, campaign, key);
    read.commit();
    if (!record)
        throw StorageError(ErrorKind::not_found,
                           db.path() + ": campaign \"" + campaign + "\" has no period " +
                               std::to_string(key.index) + " attempt " +
                               std::to_string(key.attempt));
    return *record;
}

std::optional<std::string> SqliteCampaignStore::latest_state(const std::string& campaign) {
    auto s = connection_->prepare(
        "SELECT state_after FROM periods WHERE campaign_id = ? AND rolled_back_by IS NULL "
        "ORDER BY period_index DESC LIMIT 1");
    s.bind(1, campaign);
    if (!s.step()) return std::nullopt;
    return s.text(0);
}

int SqliteCampaignStore::commit_period(const PeriodRecord& resolved,
                                       const OpenPeriodRecord& next) {
    Connection& db = *connection_;
    Transaction transaction(db);
    const auto open = require_open(db, resolved.campaign_id);
    // A second writer (another process, a stale in-memory campaign) must not commit twice.
    if (open.index != resolved.index || open.seed_hash != resolved.seed_hash)
        throw StorageError(ErrorKind::conflict,
                           db.path() + ": period " + std::to_string(resolved.index) + " of \"" +
                               resolved.campaign_id + "\" is not the open period (open: " +
                               std::to_string(open.index) + "); was it resolved elsewhere?");
    if (next.index != resolved.index + 1 || next.campaign_id != resolved.campaign_id)
        throw StorageError(ErrorKind::internal, "the next open period must follow the resolved one");
    // Orders that arrived while the engine ran would hold a receipt but not have been used.
    auto used = db.prepare(
        "SELECT receipt FROM orders WHERE campaign_id = ? AND period_index = ? "
        "AND state != 'draft' ORDER BY receipt");
    used.bind_all(resolved.campaign_id, resolved.index);
    std::vector<std::string> current;
    while (used.step()) current.push_back(used.text(0));
    std::vector<std::string> given = resolved.order_receipts;
    std::sort(given.begin(), given.end());
    if (current != given)
        throw StorageError(ErrorKind::conflict,
                           db.path() + ": the orders of period " + std::to_string(resolved.index) +
                               " of \"" + resolved.campaign_id +
                               "\" changed while it was resolving; resolve it again");
    auto attempt = db.prepare(
        "SELECT coalesce(max(attempt) + 1, 0) FROM periods "
        "WHERE campaign_id = ? AND period_index = ?");
    attempt.bind_all(resolved.campaign_id, resolved.index);
    attempt.step();
    PeriodRecord row = resolved;
    row.attempt = static_cast<int>(attempt.integer(0));
    row.rolled_back_by.reset();
    rows::insert_period(db, row);
    db.prepare("DELETE FROM open_periods WHERE campaign_id = ?").bind(1, row.campaign_id).run();
    rows::insert_open_period(db, next);
    transaction.commit();
    return row.attempt;
}

int SqliteCampaignStore::roll_back(const GmActionRecord& action, int to_index,
                                   const OpenPeriodRecord& reopened) {
    Connection& db = *connection_;
    Transaction transaction(db);
    const auto open = require_open(db, action.campaign_id);
    if (to_index < 0 || to_index >= open.index)
        throw StorageError(ErrorKind::invalid_input,
                           "cannot roll \"" + action.campaign_id + "\" back to period " +
                               std::to_string(to_index) + ": resolved periods are 0 to " +
                               std::to_string(open.index - 1) +
                               (open.index == 0 ? " (none yet)" : ""));
    if (reopened.index != to_index)
        throw StorageError(ErrorKind::internal, "the reopened period must be the one rolled back to");
    GmActionRecord row = action;
    auto next = db.prepare(
        "SELECT coalesce(max(action_no), 0) + 1 FROM gm_actions WHERE campaign_id = ?");
    next.bind(1, action.campaign_id);
    next.step();
    row.no = static_cast<int>(next.integer(0));
    rows::insert_gm_action(db, row);
    db.prepare(
          "UPDATE periods SET rolled_back_by = ? WHERE campaign_id = ? AND period_index >= ? "
          "AND rolled_back_by IS NULL")
        .bind_all(row.no, row.campaign_id, to_index)
        .run();
    db.prepare("DELETE FROM open_periods WHERE campaign_id = ?").bind(1, row.campaign_id).run();
    rows::insert_open_period(db, reopened);
    transaction.commit();
    return row.no;
}

}  // namespace umpire::storage
