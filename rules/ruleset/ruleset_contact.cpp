#include "rules/ruleset/ruleset_contact.hpp"

#include <algorithm>

namespace umpire::rules {

const ContactTableRow& ContactRules::row(int modified_score) const {
    // a score beyond the table reads its first or last row (7 is used as 6).
    const int score =
        std::clamp(modified_score, table.begin()->first, table.rbegin()->first);
    return table.at(score);
}

int TerrainCardRules::deck_size() const {
    int size = 0;
    for (const auto& entry : deck) size += entry.count;
    return size;
}

}  // namespace umpire::rules
