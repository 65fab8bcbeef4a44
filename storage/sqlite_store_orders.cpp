// Orders, receipts and decisions in the SQLite store: each commits as it arrives.
#include "storage/sqlite_rows.hpp"
#include "storage/sqlite_store.hpp"

namespace umpire::storage {

void SqliteCampaignStore::put_orders(const OrderRecord& orders) {
    Connection& db = *connection_;
    Transaction transaction(db);
    rows::require_campaign(db, orders.campaign_id);
    const auto open = rows::select_open_period(db, orders.campaign_id);
    if (!open || open->index != orders.period_index)
        throw StorageError(ErrorKind::conflict,
                           "period " + std::to_string(orders.period_index) + " of \"" +
                               orders.campaign_id + "\" is not open for orders" +
                               (open ? " (the open period is " + std::to_string(open->index) + ")"
                                     : std::string()));
    auto current = db.prepare(
        "SELECT state FROM orders WHERE campaign_id = ? AND period_index = ? AND player_id = ?");
    current.bind_all(orders.campaign_id, orders.period_index, orders.player);
    if (current.step() && current.text(0) == "confirmed")
        throw StorageError(ErrorKind::conflict,
                           "the orders of player \"" + orders.player + "\" for period " +
                               std::to_string(orders.period_index) +
                               " are confirmed and can no longer change");
    rows::insert_order(db, orders);
    rows::insert_receipt(db, {orders.campaign_id, orders.receipt, orders.period_index,
                              orders.player, orders.orders, orders.state, orders.updated_at});
    transaction.commit();
}

std::vector<OrderRecord> SqliteCampaignStore::orders(const std::string& campaign,
                                                     int period_index) {
    return rows::select_orders(*connection_, campaign, period_index);
}

std::vector<ReceiptRecord> SqliteCampaignStore::receipts(const std::string& campaign) {
    return rows::select_receipts(*connection_, campaign);
}

int SqliteCampaignStore::add_decision(const DecisionRecord& decision) {
    Connection& db = *connection_;
    Transaction transaction(db);
    rows::require_campaign(db, decision.campaign_id);
    DecisionRecord row = decision;
    auto next = db.prepare(
        "SELECT coalesce(max(decision_no), 0) + 1 FROM decisions WHERE campaign_id = ?");
    next.bind(1, decision.campaign_id);
    next.step();
    row.no = static_cast<int>(next.integer(0));
    row.state = "pending";
    row.answer.reset();
    row.answered_at.reset();
    rows::insert_decision(db, row);
    transaction.commit();
    return row.no;
}

void SqliteCampaignStore::answer_decision(const std::string& campaign, int no,
                                          const std::string& player, const std::string& answer,
                                          const std::string& at) {
    Connection& db = *connection_;
    Transaction transaction(db);
    auto current = db.prepare(
        "SELECT player_id, state FROM decisions WHERE campaign_id = ? AND decision_no = ?");
    current.bind_all(campaign, no);
    if (!current.step())
        throw StorageError(ErrorKind::not_found, "campaign \"" + campaign + "\" has no decision " +
                                                     std::to_string(no));
    if (current.text(0) != player)
        throw StorageError(ErrorKind::invalid_input, "decision " + std::to_string(no) +
                                                         " is not for player \"" + player + "\"");
    if (current.text(1) != "pending")
        throw StorageError(ErrorKind::conflict,
                           "decision " + std::to_string(no) + " is already answered");
    db.prepare(
          "UPDATE decisions SET answer = ?, state = 'answered', answered_at = ? "
          "WHERE campaign_id = ? AND decision_no = ?")
        .bind_all(answer, at, campaign, no)
        .run();
    transaction.commit();
}

std::vector<DecisionRecord> SqliteCampaignStore::decisions(const std::string& campaign) {
    return rows::select_decisions(*connection_, campaign);
}

}  // namespace umpire::storage
