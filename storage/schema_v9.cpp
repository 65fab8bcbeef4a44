// Schema version 9: each period names the scheme its dice and state versions were made with
// (issue 28). 1, every period before this version: one dice sequence a period, drawn in the order
// the engine asked, and state versions that are plain SHA-256 digests of the state. 2: a dice
// stream per roll derived from the period's sealed seed, and state versions keyed with it. A
// period replays with the scheme it was resolved with; a period open at the upgrade is resolved
// with the scheme it was opened under (its decisions were asked under that scheme's ids).
#include "storage/schema.hpp"

namespace umpire::storage {

const char* const kSchemaV9 = R"sql(
ALTER TABLE periods ADD COLUMN scheme INTEGER NOT NULL DEFAULT 1;
ALTER TABLE open_periods ADD COLUMN scheme INTEGER NOT NULL DEFAULT 1;
)sql";

}  // namespace umpire::storage
