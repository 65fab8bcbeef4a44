// Schema version 3: decisions become the engine's requests (docs/storage.md, "Decisions").
// The decisions table is rebuilt, since SQLite cannot change a CHECK: it gains the engine's id,
// force and kind, the state 'settled' (a period completed without the player's answer) and
// rolled_back_by, as periods have it. Rows of versions 1 and 2 were opaque notes: they keep a
// NULL decision_id and the engine never reads them. Periods keep the answers they were resolved
// with and whether missing answers were settled, so a replay gives the same bytes; periods of
// versions 1 and 2 were resolved without answers, everything settled, as the defaults say.
#include "storage/schema.hpp"

namespace umpire::storage {

const char* const kSchemaV3 = R"sql(
CREATE TABLE decisions_v3 (
    campaign_id TEXT NOT NULL REFERENCES campaigns(id),
    decision_no INTEGER NOT NULL,
    period_index INTEGER NOT NULL,
    decision_id TEXT,              -- the engine's id, "<day>.<period>.<contact>.<step>.<force>"
    player_id TEXT NOT NULL,
    force_id TEXT,
    kind TEXT,
    request TEXT NOT NULL,         -- the engine's request as JSON
    answer TEXT,
    state TEXT NOT NULL CHECK (state IN ('pending', 'answered', 'settled')),
    requested_at TEXT NOT NULL,
    answered_at TEXT,
    rolled_back_by INTEGER,
    PRIMARY KEY (campaign_id, decision_no),
    CHECK ((state = 'answered') = (answer IS NOT NULL)),
    FOREIGN KEY (campaign_id, rolled_back_by) REFERENCES gm_actions(campaign_id, action_no)
);
INSERT INTO decisions_v3 (campaign_id, decision_no, period_index, player_id, request, answer,
                          state, requested_at, answered_at)
    SELECT campaign_id, decision_no, period_index, player_id, request, answer, state,
           requested_at, answered_at FROM decisions;
DROP TABLE decisions;
ALTER TABLE decisions_v3 RENAME TO decisions;
-- One live request per id and period: a replay that asks again finds it stored.
CREATE UNIQUE INDEX decisions_live ON decisions(campaign_id, period_index, decision_id)
    WHERE rolled_back_by IS NULL AND decision_id IS NOT NULL;

ALTER TABLE periods ADD COLUMN answers TEXT NOT NULL DEFAULT '{}';
ALTER TABLE periods ADD COLUMN settled INTEGER NOT NULL DEFAULT 1 CHECK (settled IN (0, 1));
)sql";

}  // namespace umpire::storage
