// Schema version 5: the battle companion's accepted actions (RULEBOOK R-8.3, docs/storage.md
// "Server tables"). The companion's state is never stored: it is rebuilt by replaying these
// actions with the battle's dice. Rows are keyed by the open period's seed hash as well as its
// index: a rollback reopens the period with a fresh seed, so the actions of the attempt rolled
// back stay as history and never apply to the new attempt.
#include "storage/schema.hpp"

namespace umpire::storage {

const char* const kSchemaV5 = R"sql(
CREATE TABLE battle_actions (
    campaign_id TEXT NOT NULL REFERENCES campaigns(id),
    period_index INTEGER NOT NULL CHECK (period_index >= 0),
    seed_hash TEXT NOT NULL,       -- the published hash of the period's seed when it was sent
    battle_id TEXT NOT NULL,       -- the battle record's id (its contact)
    action_no INTEGER NOT NULL CHECK (action_no >= 1),
    action TEXT NOT NULL,          -- the companion action as JSON (rules/battle_companion.hpp)
    by_role TEXT NOT NULL CHECK (by_role IN ('attacker', 'defender', 'gm')),
    at TEXT NOT NULL,
    PRIMARY KEY (campaign_id, period_index, seed_hash, battle_id, action_no)
) WITHOUT ROWID;
)sql";

}  // namespace umpire::storage
