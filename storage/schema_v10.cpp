// Schema version 10: accounts a group can run on its own (issue 30). An account may have an
// e-mail address; a session keeps the address it was made from, so its owner can tell sessions
// apart before revoking one; invites expire and can be revoked; a password reset code (issued
// by an administrator, or by a GM for a member of their campaign) is kept as its hash, used once,
// until it expires.
#include "storage/schema.hpp"

namespace umpire::storage {

const char* const kSchemaV10 = R"sql(
ALTER TABLE accounts ADD COLUMN email TEXT;
ALTER TABLE sessions ADD COLUMN address TEXT NOT NULL DEFAULT '';
ALTER TABLE invites ADD COLUMN expires_at TEXT;
ALTER TABLE invites ADD COLUMN revoked_at TEXT;
ALTER TABLE invites ADD COLUMN created_by INTEGER;  -- the GM account that made it

CREATE TABLE password_resets (
    code_hash TEXT PRIMARY KEY,    -- BLAKE2b-256 of the code, hex
    account_id INTEGER NOT NULL REFERENCES accounts(id),
    issued_by TEXT NOT NULL,       -- "administrator", or "gm <account> of <campaign>"
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    used_at TEXT
) WITHOUT ROWID;
CREATE INDEX password_resets_by_account ON password_resets(account_id);
)sql";

}  // namespace umpire::storage
