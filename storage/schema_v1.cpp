// Schema version 1. Timestamps are UTC ISO-8601 text with milliseconds; JSON columns hold
// compact JSON with sorted keys (nlohmann's dump()), so stored bytes are canonical.
#include "storage/schema.hpp"

namespace umpire::storage {

const char* const kSchemaV1 = R"sql(
CREATE TABLE accounts (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    password_hash TEXT,            -- placeholder until authentication exists; never printed
    created_at TEXT NOT NULL
);

CREATE TABLE campaigns (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    scenario TEXT NOT NULL,        -- the starting state (umpire-scenario/1), ruleset hash pinned
    ruleset_name TEXT NOT NULL,
    ruleset_version TEXT NOT NULL,
    ruleset_hash TEXT NOT NULL,
    ruleset TEXT NOT NULL,         -- the ruleset document itself, so any period can be replayed
    settings TEXT NOT NULL,
    deadline_policy TEXT NOT NULL,
    time_zone TEXT NOT NULL,       -- IANA name deadlines are given in
    status TEXT NOT NULL CHECK (status IN ('active', 'paused', 'finished')),
    created_at TEXT NOT NULL
);

CREATE TABLE memberships (
    account_id INTEGER NOT NULL REFERENCES accounts(id),
    campaign_id TEXT NOT NULL REFERENCES campaigns(id),
    role TEXT NOT NULL CHECK (role IN ('gm', 'player', 'observer')),
    player_id TEXT,                -- the scenario player this account plays
    PRIMARY KEY (account_id, campaign_id),
    CHECK ((role = 'player') = (player_id IS NOT NULL))
);
CREATE UNIQUE INDEX memberships_by_player ON memberships(campaign_id, player_id)
    WHERE player_id IS NOT NULL;

-- The period being ordered: its seed is drawn and its hash published when it opens; the seed
-- stays sealed here until the resolution commits and reveals it.
CREATE TABLE open_periods (
    campaign_id TEXT PRIMARY KEY REFERENCES campaigns(id),
    period_index INTEGER NOT NULL CHECK (period_index >= 0),
    day INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('day', 'night')),
    seed_hash TEXT NOT NULL,
    sealed_seed TEXT NOT NULL,
    opened_at TEXT NOT NULL
);

CREATE TABLE gm_actions (
    campaign_id TEXT NOT NULL REFERENCES campaigns(id),
    action_no INTEGER NOT NULL,
    kind TEXT NOT NULL,
    reason TEXT NOT NULL,
    details TEXT NOT NULL,
    at TEXT NOT NULL,
    PRIMARY KEY (campaign_id, action_no)
);

-- A resolved period, written in one transaction with its events. A rollback keeps the row as
-- history (rolled_back_by names the GM action); re-resolving the index adds a new attempt.
CREATE TABLE periods (
    campaign_id TEXT NOT NULL REFERENCES campaigns(id),
    period_index INTEGER NOT NULL CHECK (period_index >= 0),
    attempt INTEGER NOT NULL CHECK (attempt >= 0),
    day INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('day', 'night')),
    state_before TEXT NOT NULL,
    state_after TEXT NOT NULL,
    orders TEXT NOT NULL,          -- the order set given to the engine
    event_count INTEGER NOT NULL,
    seed_hash TEXT NOT NULL,
    seed TEXT NOT NULL,
    draws INTEGER NOT NULL,
    opened_at TEXT NOT NULL,
    committed_at TEXT NOT NULL,
    rolled_back_by INTEGER,
    PRIMARY KEY (campaign_id, period_index, attempt),
    FOREIGN KEY (campaign_id, rolled_back_by) REFERENCES gm_actions(campaign_id, action_no)
);
CREATE UNIQUE INDEX periods_live ON periods(campaign_id, period_index)
    WHERE rolled_back_by IS NULL;

CREATE TABLE events (
    campaign_id TEXT NOT NULL,
    period_index INTEGER NOT NULL,
    attempt INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    type TEXT NOT NULL,
    audience TEXT,                 -- JSON; NULL: everyone (projection comes with the protocol)
    body TEXT NOT NULL,
    PRIMARY KEY (campaign_id, period_index, attempt, seq),
    FOREIGN KEY (campaign_id, period_index, attempt)
        REFERENCES periods(campaign_id, period_index, attempt)
) WITHOUT ROWID;

CREATE TABLE orders (
    campaign_id TEXT NOT NULL REFERENCES campaigns(id),
    period_index INTEGER NOT NULL,
    player_id TEXT NOT NULL,
    orders TEXT NOT NULL,          -- JSON array of umpire-orders/1 orders
    state TEXT NOT NULL CHECK (state IN ('draft', 'submitted', 'confirmed')),
    receipt TEXT NOT NULL,         -- SHA-256 of the canonical order set and updated_at
    updated_at TEXT NOT NULL,
    PRIMARY KEY (campaign_id, period_index, player_id)
);

-- Decision requests of the contact procedure and their answers, opaque JSON to storage.
CREATE TABLE decisions (
    campaign_id TEXT NOT NULL REFERENCES campaigns(id),
    decision_no INTEGER NOT NULL,
    period_index INTEGER NOT NULL,
    player_id TEXT NOT NULL,
    request TEXT NOT NULL,
    answer TEXT,
    state TEXT NOT NULL CHECK (state IN ('pending', 'answered')),
    requested_at TEXT NOT NULL,
    answered_at TEXT,
    PRIMARY KEY (campaign_id, decision_no),
    CHECK ((state = 'answered') = (answer IS NOT NULL))
);
)sql";

}  // namespace umpire::storage
