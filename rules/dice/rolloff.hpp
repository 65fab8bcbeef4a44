#pragma once
// Roll-off (rulebook preamble): each party rolls d6, highest wins, ties among the highest reroll.
// after ten tied rounds the lowest force id wins.
#include <string>
#include <vector>

#include "umpire/rules/dice.hpp"
#include <optional>
#include <string>
#include <vector>

#include "umpire/rules/events.hpp"

namespace umpire::rules {

inline constexpr int kMaxRollOffRounds = 10;

// What a roll-off is for, beyond its purpose: a hex at a moment, a contact, or a side.
struct RollOffSubject {
    std::optional<Hex> hex = std::nullopt;
    std::string t = {};  // with hex
    std::string contact = {};
    std::string side = {};
};

// Returns the winner among `parties` (force ids, at least one). Records every die and a
// "rolloff" event carrying `subject` plus the parties and the winner.
std::string roll_off(std::vector<std::string> parties, DiceSource& dice, EventLog& log,
                     const std::string& purpose, const RollOffSubject& subject = {},
                     const FieldValue& audience = "all");

}  // namespace umpire::rules
