// Schema version 8: signed webhooks and their delivery log. Each webhook gets a secret (hex) that
// signs its deliveries; webhooks set before this version get one nobody has seen, so their
// owners set them again to verify signatures. The delivery log keeps each attempt's outcome
// for the webhook's owner (get_webhook_deliveries), never the URL.
#include "storage/schema.hpp"

namespace umpire::storage {

const char* const kSchemaV8 = R"sql(
ALTER TABLE webhooks ADD COLUMN secret TEXT NOT NULL DEFAULT '';
UPDATE webhooks SET secret = lower(hex(randomblob(32)));

CREATE TABLE webhook_deliveries (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    account_id INTEGER NOT NULL REFERENCES accounts(id),
    campaign_id TEXT NOT NULL REFERENCES campaigns(id),
    notification_key TEXT NOT NULL,
    delivery_id TEXT NOT NULL UNIQUE,
    attempt INTEGER NOT NULL,      -- 1 for the first try of the notification
    at TEXT NOT NULL,              -- UTC ISO-8601, when the attempt ended
    outcome TEXT NOT NULL CHECK (outcome IN ('delivered', 'failed')),
    http_status INTEGER,           -- NULL: no response
    error TEXT NOT NULL DEFAULT '' -- short; never the URL
);
CREATE INDEX webhook_deliveries_by_owner ON webhook_deliveries (account_id, campaign_id, id);
)sql";

}  // namespace umpire::storage
