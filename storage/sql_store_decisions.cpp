// Decisions in the store (SQLite or PostgreSQL): requests are committed with the resolution that
// asks them (sql_store_periods.cpp); answers and lapses commit here, one at a time, as they arrive.
#include "storage/store_rows.hpp"
#include "storage/sql_store.hpp"

namespace umpire::storage {

namespace {

void require_open_period(Database& db, const std::string& campaign, int period_index) {
    rows::require_campaign(db, campaign);
    const auto open = rows::select_open_period(db, campaign);
    if (!open || open->index != period_index)
        throw StorageError(ErrorKind::conflict,
                           "period " + std::to_string(period_index) + " of \"" + campaign +
                               "\" is no longer open; its decisions are closed");
}

}  // namespace

void SqlCampaignStore::answer_decision(const std::string& campaign, int period_index,
                                          const std::string& decision_id, const std::string& player,
                                          const std::string& answer, const std::string& at) {
    Database& db = *db_;
    Transaction transaction(db);
    require_open_period(db, campaign, period_index);
    auto current = db.prepare(
        "SELECT decision_no, player_id, state, lapsed_at FROM decisions WHERE campaign_id = ? "
        "AND period_index = ? AND decision_id = ? AND rolled_back_by IS NULL");
    current.bind_all(campaign, period_index, decision_id);
    // One message for unknown and foreign requests: a player must not learn which exist.
    if (!current.step() || current.text(1) != player)
        throw StorageError(ErrorKind::invalid_input,
                           "player \"" + player + "\" has no decision \"" + decision_id +
                               "\" in period " + std::to_string(period_index) + " of \"" +
                               campaign + "\"");
    if (current.text(2) != "pending")
        throw StorageError(ErrorKind::conflict, "decision \"" + decision_id +
                                                    "\" is already answered; answers are final");
    if (const auto lapsed = current.optional_text(3))
        throw StorageError(ErrorKind::conflict,
                           "the time to answer decision \"" + decision_id + "\" ran out at " +
                               *lapsed + "; standing instructions or the default answer it");
    const int no = static_cast<int>(current.integer(0));
    db.prepare(
          "UPDATE decisions SET answer = ?, state = 'answered', answered_at = ? "
          "WHERE campaign_id = ? AND decision_no = ?")
        .bind_all(answer, at, campaign, no)
        .run();
    transaction.commit();
}

int SqlCampaignStore::lapse_decisions(const std::string& campaign, int period_index,
                                         const std::vector<std::string>& decision_ids,
                                         const std::string& at) {
    Database& db = *db_;
    Transaction transaction(db);
    require_open_period(db, campaign, period_index);
    int marked = 0;
    for (const auto& id : decision_ids) {
        db.prepare(
              "UPDATE decisions SET lapsed_at = ? WHERE campaign_id = ? AND period_index = ? "
              "AND decision_id = ? AND rolled_back_by IS NULL AND state = 'pending' "
              "AND lapsed_at IS NULL")
            .bind_all(at, campaign, period_index, id)
            .run();
        marked += static_cast<int>(db.changes());
    }
    transaction.commit();
    return marked;
}

std::vector<DecisionRecord> SqlCampaignStore::decisions(const std::string& campaign) {
    return rows::select_decisions(*db_, campaign);
}

}  // namespace umpire::storage
