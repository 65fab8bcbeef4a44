#pragma once
// Roll-off (rulebook preamble): each party rolls d6, highest wins, ties among the highest reroll.
// after ten tied rounds the lowest force id wins.
#include <string>
#include <vector>

#include "rules/dice.hpp"
#include "rules/events.hpp"

namespace umpire::rules {

inline constexpr int kMaxRollOffRounds = 10;

// Returns the winner among `parties` (force ids, at least one). Records every die and a
// "rolloff" event carrying `subject` plus the parties and the winner.
std::string roll_off(std::vector<std::string> parties, DiceSource& dice, EventLog& log,
                     const std::string& purpose, Json subject = Json::object(),
                     const FieldValue& audience = "all");

}  // namespace umpire::rules
