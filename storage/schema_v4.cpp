// Schema version 4: what the networked server keeps besides campaigns (docs/storage.md,
// "Server tables"). Session tokens and invite codes are stored only as hashes: a copy of the
// database does not let anyone log in or join. Notifications are keyed by what they are about,
// so each is sent at most once per account however often it is triggered.
#include "storage/schema.hpp"

namespace umpire::storage {

const char* const kSchemaV4 = R"sql(
CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,   -- BLAKE2b-256 of the token, hex; the token is never stored
    account_id INTEGER NOT NULL REFERENCES accounts(id),
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    revoked_at TEXT
) WITHOUT ROWID;
CREATE INDEX sessions_by_account ON sessions(account_id);

CREATE TABLE invites (
    code_hash TEXT PRIMARY KEY,    -- BLAKE2b-256 of the code, hex
    campaign_id TEXT NOT NULL REFERENCES campaigns(id),
    role TEXT NOT NULL CHECK (role IN ('player', 'observer')),
    player_id TEXT,
    created_at TEXT NOT NULL,
    used_by INTEGER REFERENCES accounts(id),
    used_at TEXT,
    CHECK ((role = 'player') = (player_id IS NOT NULL))
) WITHOUT ROWID;

CREATE TABLE webhooks (
    account_id INTEGER NOT NULL REFERENCES accounts(id),
    campaign_id TEXT NOT NULL REFERENCES campaigns(id),
    url TEXT NOT NULL,
    PRIMARY KEY (account_id, campaign_id)
) WITHOUT ROWID;

CREATE TABLE notifications (
    account_id INTEGER NOT NULL REFERENCES accounts(id),
    campaign_id TEXT NOT NULL REFERENCES campaigns(id),
    key TEXT NOT NULL,             -- "resolved:<period>.<attempt>", "decision:<id>", …
    payload TEXT NOT NULL,         -- JSON, projected for the account's viewer
    created_at TEXT NOT NULL,
    delivered_at TEXT,
    attempts INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (account_id, campaign_id, key)
) WITHOUT ROWID;

-- The deadline of each open period: due_at is UTC; NULL while paused (the time left is kept)
-- or when the campaign has manual deadlines.
CREATE TABLE period_deadlines (
    campaign_id TEXT NOT NULL REFERENCES campaigns(id),
    period_index INTEGER NOT NULL,
    due_at TEXT,
    paused_remaining_ms INTEGER,
    extended_minutes INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (campaign_id, period_index)
) WITHOUT ROWID;
)sql";

}  // namespace umpire::storage
