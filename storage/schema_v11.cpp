// Schema version 11: decisions with deadlines of their own (issue 30, asynchronous play). A
// request whose time to answer ran out is marked lapsed: from then on every replay of its period
// settles it by the force's standing instructions or the default, while the period's later
// windows still wait for their own answers, and it can no longer be answered.
#include "storage/schema.hpp"

namespace umpire::storage {

const char* const kSchemaV11 = R"sql(
ALTER TABLE decisions ADD COLUMN lapsed_at TEXT;  -- its own deadline passed unanswered
)sql";

}  // namespace umpire::storage
