// Schema version 12: the GM's edits of forces and the world (issue 30). Each edit is a GM action
// (its reason and operations are in gm_actions) and a row here with the state it made, between
// two periods: the open period starts from the last live edit made while it was open. A rollback
// keeps the edits made after the period it goes back to as history (rolled_back_by).
#include "storage/schema.hpp"

namespace umpire::storage {

const char* const kSchemaV12 = R"sql(
CREATE TABLE world_edits (
    campaign_id TEXT NOT NULL REFERENCES campaigns(id),
    action_no INTEGER NOT NULL,
    period_index INTEGER NOT NULL,  -- the open period it was made in, before it resolved
    edits TEXT NOT NULL,            -- the operations (storage/world_edit.hpp)
    state_after TEXT NOT NULL,      -- the state they made, as periods store states
    rolled_back_by INTEGER,
    PRIMARY KEY (campaign_id, action_no),
    FOREIGN KEY (campaign_id, action_no) REFERENCES gm_actions(campaign_id, action_no),
    FOREIGN KEY (campaign_id, rolled_back_by) REFERENCES gm_actions(campaign_id, action_no)
);
)sql";

}  // namespace umpire::storage
