// Orders and receipts in the store (SQLite or PostgreSQL): each commits as it arrives.
#include "storage/store_rows.hpp"
#include "storage/sql_store.hpp"

namespace umpire::storage {

void SqlCampaignStore::put_orders(const OrderRecord& orders) {
    Database& db = *db_;
    Transaction transaction(db);
    rows::require_campaign(db, orders.campaign_id);
    const auto open = rows::select_open_period(db, orders.campaign_id);
    if (!open || open->index != orders.period_index)
        throw StorageError(ErrorKind::conflict,
                           "period " + std::to_string(orders.period_index) + " of \"" +
                               orders.campaign_id + "\" is not open for orders" +
                               (open ? " (the open period is " + std::to_string(open->index) + ")"
                                     : std::string()));
    // Once resolution has asked for decisions, a change of orders would change the questions.
    auto asked = db.prepare(
        "SELECT count(*) FROM decisions WHERE campaign_id = ? AND period_index = ? "
        "AND rolled_back_by IS NULL AND decision_id IS NOT NULL");
    asked.bind_all(orders.campaign_id, orders.period_index);
    if (asked.step() && asked.integer(0) > 0)
        throw StorageError(ErrorKind::conflict,
                           "period " + std::to_string(orders.period_index) + " of \"" +
                               orders.campaign_id +
                               "\" is resolving and waits for decisions: orders are closed");
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

std::vector<OrderRecord> SqlCampaignStore::orders(const std::string& campaign,
                                                     int period_index) {
    return rows::select_orders(*db_, campaign, period_index);
}

std::vector<ReceiptRecord> SqlCampaignStore::receipts(const std::string& campaign) {
    return rows::select_receipts(*db_, campaign);
}

}  // namespace umpire::storage
