// Deleting a campaign (issue 30): every row of it, in one transaction, children before parents so
// that the foreign keys hold at each step. The caller keeps an archive first (`umpire delete`
// writes one), so that a deletion can be undone with `umpire import`.
#include "storage/store_rows.hpp"
#include "storage/sql_store.hpp"

namespace umpire::storage {

void SqlCampaignStore::delete_campaign(const std::string& campaign) {
    Database& db = *db_;
    Transaction transaction(db);
    rows::require_campaign(db, campaign);
    for (const char* table :
         {"battle_actions", "webhook_deliveries", "notifications", "webhooks", "invites",
          "memberships", "period_deadlines", "decisions", "receipts", "orders", "open_periods",
          "periods", "world_edits", "gm_actions", "press", "campaigns"})
        db.prepare(std::string("DELETE FROM ") + table + " WHERE " +
                   (std::string(table) == "campaigns" ? "id" : "campaign_id") + " = ?")
            .bind(1, campaign)
            .run();
    transaction.commit();
}

}  // namespace umpire::storage
