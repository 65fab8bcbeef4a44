// Schema version 7: account rights. Creating campaigns is a right an administrator grants, not
// something any account may do (a player could clone the campaign he plays in and read the
// enemy's order of battle). Existing databases keep working: the first account becomes the
// administrator, and every account that is a GM already keeps the right to create campaigns.
#include "storage/schema.hpp"

namespace umpire::storage {

const char* const kSchemaV7 = R"sql(
ALTER TABLE accounts ADD COLUMN is_admin INTEGER NOT NULL DEFAULT 0 CHECK (is_admin IN (0, 1));
ALTER TABLE accounts ADD COLUMN may_create_campaigns INTEGER NOT NULL DEFAULT 0
    CHECK (may_create_campaigns IN (0, 1));
UPDATE accounts SET is_admin = 1, may_create_campaigns = 1
    WHERE id = (SELECT min(id) FROM accounts);
UPDATE accounts SET may_create_campaigns = 1
    WHERE id IN (SELECT account_id FROM memberships WHERE role = 'gm');
)sql";

}  // namespace umpire::storage
