// Schema version 2: a log of every receipt ever issued, so a receipt stays checkable after the
// player replaced those orders; backfilled from the orders table of version 1.
#include "storage/schema.hpp"

namespace umpire::storage {

const char* const kSchemaV2 = R"sql(
CREATE TABLE receipts (
    campaign_id TEXT NOT NULL REFERENCES campaigns(id),
    receipt TEXT NOT NULL,
    period_index INTEGER NOT NULL,
    player_id TEXT NOT NULL,
    orders TEXT NOT NULL,
    state TEXT NOT NULL,
    issued_at TEXT NOT NULL,
    PRIMARY KEY (campaign_id, receipt)
);
INSERT INTO receipts (campaign_id, receipt, period_index, player_id, orders, state, issued_at)
    SELECT campaign_id, receipt, period_index, player_id, orders, state, updated_at FROM orders;

CREATE INDEX events_by_type ON events(campaign_id, type);
)sql";

}  // namespace umpire::storage
