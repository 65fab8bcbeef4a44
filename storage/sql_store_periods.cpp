// Periods in the store (SQLite or PostgreSQL): the open period, committing a resolution (or the
// requests of one that waits for answers), rollback.
#include <algorithm>

#include "storage/decision_codec.hpp"
#include "storage/store_rows.hpp"
#include "storage/sql_store.hpp"

namespace umpire::storage {

namespace {

OpenPeriodRecord require_open(Database& db, const std::string& campaign) {
    rows::require_campaign(db, campaign);
    auto open = rows::select_open_period(db, campaign);
    if (!open)
        throw StorageError(ErrorKind::conflict,
                           db.path() + ": campaign \"" + campaign + "\" has no open period");
    return *open;
}

// The attempt number the next resolution of period `index` gets. The statement is finalized
// when this returns: one left on a row would hold a read transaction past the COMMIT, under
// which the WAL cannot be checkpointed.
int next_attempt(Database& db, const std::string& campaign, int index) {
    auto attempt = db.prepare(
        "SELECT coalesce(max(attempt) + 1, 0) FROM periods "
        "WHERE campaign_id = ? AND period_index = ?");
    attempt.bind_all(campaign, index);
    attempt.step();
    return static_cast<int>(attempt.integer(0));
}

// The engine ran on the open period as it was read: refused if another process resolved it,
// or orders or answers arrived meanwhile (they would hold a receipt or an acknowledgement but
// not have been used).
void require_same_inputs(Database& db, const std::string& campaign, int index,
                         const std::string& seed_hash, std::vector<std::string> receipts,
                         const std::string& answers) {
    const auto open = require_open(db, campaign);
    if (open.index != index || open.seed_hash != seed_hash)
        throw StorageError(ErrorKind::conflict,
                           db.path() + ": period " + std::to_string(index) + " of \"" + campaign +
                               "\" is not the open period (open: " + std::to_string(open.index) +
                               "); was it resolved elsewhere?");
    auto used = db.prepare(
        "SELECT receipt FROM orders WHERE campaign_id = ? AND period_index = ? "
        "AND state != 'draft' ORDER BY receipt");
    used.bind_all(campaign, index);
    std::vector<std::string> current;
    while (used.step()) current.push_back(used.text(0));
    std::sort(receipts.begin(), receipts.end());
    if (current != receipts)
        throw StorageError(ErrorKind::conflict,
                           db.path() + ": the orders of period " + std::to_string(index) +
                               " of \"" + campaign +
                               "\" changed while it was resolving; resolve it again");
    const auto live = decisions_of(rows::select_decisions(db, campaign), index);
    if (answers_text(answers_of(live)) != answers)
        throw StorageError(ErrorKind::conflict,
                           db.path() + ": answers to decisions of period " +
                               std::to_string(index) + " of \"" + campaign +
                               "\" arrived while it was resolving; resolve it again");
}

}  // namespace

std::optional<OpenPeriodRecord> SqlCampaignStore::open_period(const std::string& campaign) {
    return rows::select_open_period(*db_, campaign);
}

std::vector<PeriodSummary> SqlCampaignStore::periods(const std::string& campaign) {
    auto s = db_->prepare(
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

PeriodRecord SqlCampaignStore::load_period(const std::string& campaign, PeriodKey key) {
    Database& db = *db_;
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

std::optional<std::string> SqlCampaignStore::latest_state(const std::string& campaign) {
    Database& db = *db_;
    Transaction read(db, Transaction::Mode::deferred);
    if (const auto open = rows::select_open_period(db, campaign))
        if (auto edited = rows::latest_edited_state(db, campaign, open->index)) {
            read.commit();
            return edited;
        }
    auto s = db_->prepare(
        "SELECT state_after FROM periods WHERE campaign_id = ? AND rolled_back_by IS NULL "
        "ORDER BY period_index DESC LIMIT 1");
    s.bind(1, campaign);
    std::optional<std::string> state;
    if (s.step()) state = s.text(0);
    s.reset();
    read.commit();
    return state;
}

int SqlCampaignStore::commit_period(const PeriodRecord& resolved,
                                       const OpenPeriodRecord& next) {
    Database& db = *db_;
    Transaction transaction(db);
    require_same_inputs(db, resolved.campaign_id, resolved.index, resolved.seed_hash,
                        resolved.order_receipts, resolved.answers);
    if (next.index != resolved.index + 1 || next.campaign_id != resolved.campaign_id)
        throw StorageError(ErrorKind::internal, "the next open period must follow the resolved one");
    PeriodRecord row = resolved;
    row.attempt = next_attempt(db, resolved.campaign_id, resolved.index);
    row.rolled_back_by.reset();
    rows::insert_period(db, row);
    // Requests the period completed without an answer took instructions or defaults.
    db.prepare(
          "UPDATE decisions SET state = 'settled' WHERE campaign_id = ? AND period_index = ? "
          "AND rolled_back_by IS NULL AND state = 'pending'")
        .bind_all(row.campaign_id, row.index)
        .run();
    db.prepare("DELETE FROM open_periods WHERE campaign_id = ?").bind(1, row.campaign_id).run();
    rows::insert_open_period(db, next);
    transaction.commit();
    return row.attempt;
}

void SqlCampaignStore::commit_requests(const RequestCommit& commit) {
    Database& db = *db_;
    Transaction transaction(db);
    require_same_inputs(db, commit.campaign_id, commit.period_index, commit.seed_hash,
                        commit.order_receipts, commit.answers);
    const auto stored = rows::select_decisions(db, commit.campaign_id);
    int next_no = stored.empty() ? 1 : stored.back().no + 1;
    const auto live = decisions_of(stored, commit.period_index);
    for (const auto& request : commit.requests) {
        // A replay asks the requests of a window again: each is stored once.
        const bool known = std::any_of(live.begin(), live.end(), [&](const DecisionRecord& d) {
            return d.decision_id == request.decision_id;
        });
        if (known) continue;
        if (request.decision_id.empty() || request.period_index != commit.period_index)
            throw StorageError(ErrorKind::internal, "a request needs an id and the open period");
        DecisionRecord row = request;
        row.campaign_id = commit.campaign_id;
        row.no = next_no++;
        row.state = "pending";
        row.answer.reset();
        row.answered_at.reset();
        row.rolled_back_by.reset();
        rows::insert_decision(db, row);
    }
    transaction.commit();
}

int SqlCampaignStore::roll_back(const GmActionRecord& action, int to_index,
                                   const OpenPeriodRecord& reopened) {
    Database& db = *db_;
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
    row.no = rows::append_gm_action(db, action);
    db.prepare(
          "UPDATE periods SET rolled_back_by = ? WHERE campaign_id = ? AND period_index >= ? "
          "AND rolled_back_by IS NULL")
        .bind_all(row.no, row.campaign_id, to_index)
        .run();
    // Their decisions are history too: the reopened period asks afresh (docs/storage.md).
    db.prepare(
          "UPDATE decisions SET rolled_back_by = ? WHERE campaign_id = ? AND period_index >= ? "
          "AND rolled_back_by IS NULL")
        .bind_all(row.no, row.campaign_id, to_index)
        .run();
    // Edits made while a later period was open are history too; those made while `to_index`
    // was open are part of the state it starts from, and stay.
    db.prepare(
          "UPDATE world_edits SET rolled_back_by = ? WHERE campaign_id = ? AND period_index > ? "
          "AND rolled_back_by IS NULL")
        .bind_all(row.no, row.campaign_id, to_index)
        .run();
    db.prepare("DELETE FROM open_periods WHERE campaign_id = ?").bind(1, row.campaign_id).run();
    rows::insert_open_period(db, reopened);
    transaction.commit();
    return row.no;
}

}  // namespace umpire::storage
