#pragma once
// What verify and import check of a campaign's decisions (docs/storage.md, "Decisions"): each
// request reads and names its own id, player, force and kind; each answer is one the request
// allows; each decision belongs to a period that can still take it (pending only in the open
// period); and each period's stored answers are exactly the answers of its decisions.
#include <string>
#include <vector>

#include "storage/records.hpp"

namespace umpire::storage {

// Appends one line per problem to `out`.
void check_decisions(const CampaignArchive& archive, std::vector<std::string>& out);

}  // namespace umpire::storage
