// Schema version 13: press, the messages between a campaign's players and its GMs (issue 31).
// A message is kept with the period that was open when it was sent; a rollback keeps it (what
// was said was said). `gm_reads` keeps whether the GMs may read it, as the campaign's setting
// said when it was sent (a later change of the setting does not open earlier messages).
// `channel_no` numbers the messages of one sender to one set of recipients in one period under
// one such setting, so that the ids a viewer is shown count only messages it may read.
#include "storage/schema.hpp"

namespace umpire::storage {

const char* const kSchemaV13 = R"sql(
CREATE TABLE press (
    campaign_id TEXT NOT NULL REFERENCES campaigns(id),
    no INTEGER NOT NULL,            -- per campaign, from 1: the order they were sent in
    period_index INTEGER NOT NULL,  -- the open period when it was sent
    sender TEXT NOT NULL,           -- a scenario player, or 'gm'
    recipients TEXT NOT NULL,       -- JSON array, sorted: ["all"], ["gm"] or players (and 'gm')
    gm_reads INTEGER NOT NULL,      -- 1: the GMs may read it (setting "press": "gm_reads")
    channel_no INTEGER NOT NULL,    -- its number in its channel (sender, recipients, gm_reads)
    body TEXT NOT NULL,
    sent_at TEXT NOT NULL,
    PRIMARY KEY (campaign_id, no),
    UNIQUE (campaign_id, period_index, sender, recipients, gm_reads, channel_no)
);
)sql";

}  // namespace umpire::storage
