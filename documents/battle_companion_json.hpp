#pragma once
// The battle companion's actions and state as JSON: actions as players send them and storage
// keeps them, the state as clients are shown it (docs/protocol.md, "Battle companion").
#include <optional>
#include <string>

#include "umpire/rules/battle_companion.hpp"
#include "umpire/rules/json_reader.hpp"

namespace umpire::rules {

// {"action": "lose_element", "side": "attacker" | "defender", "regiment": "f/r"}; only the
// members of that action, e.g. {"action": "leave_table", "side", "regiment", "elements", "how":
// "good_order" | "routed"}, {"action": "evacuate_camp", "side", "enemy_in_contact_with_camp"?}.
Json to_json(const CompanionAction& action);
// Every problem is recorded under its JSON path (unknown actions and members too).
std::optional<CompanionAction> read_companion_action(const Json& value, const std::string& path,
                                                     Problems& problems);

// For clients: bound, whose bound, PIP dice per bound, per side losses (per regiment), camp,
// general, withdrawal, lost and one-third; the defeated side (or null) and the end (or null).
Json to_json(const CompanionState& state);

}  // namespace umpire::rules
