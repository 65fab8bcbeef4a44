// Schema version 14: what several servers on one database share (issue 33).
// - campaigns.version counts the commits that changed what a server holds of a campaign in
//   memory (its record, state or open period): a server compares it with the version it holds
//   and reloads the campaign when another server moved it on.
// - notifications.claimed_until: the server sending a notification claims it until then, so
//   that no other server sends it meanwhile; a server that dies with a claim lets it run out.
// - login_throttle: the password attempts counted against account names and client addresses
//   (server/login_throttle.hpp), kept here so that every server counts the same guesses.
//   Times are milliseconds since the epoch.
#include "storage/schema.hpp"

namespace umpire::storage {

const char* const kSchemaV14 = R"sql(
ALTER TABLE campaigns ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
ALTER TABLE notifications ADD COLUMN claimed_until TEXT;
CREATE TABLE login_throttle (
    kind TEXT NOT NULL CHECK (kind IN ('account', 'address')),
    subject TEXT NOT NULL,           -- the account name or the client address
    attempts INTEGER NOT NULL,
    next_allowed_ms INTEGER NOT NULL,
    last_ms INTEGER NOT NULL,
    PRIMARY KEY (kind, subject)
) WITHOUT ROWID;
CREATE INDEX login_throttle_by_last ON login_throttle (last_ms);
)sql";

}  // namespace umpire::storage
