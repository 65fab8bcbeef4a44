#pragma once
// A GM's edit of the world between periods (docs/gm-guide.md, "Editing forces and the world"):
// a list of operations on the campaign's state as a scenario document (docs/scenario-format.md),
// checked as a scenario is. The same edits on the same state give the same state, byte for byte,
// so verify and import replay them like periods.
#include <map>
#include <string>
#include <vector>

#include "umpire/rules/json_reader.hpp"
#include "umpire/rules/ruleset.hpp"
#include "umpire/rules/world.hpp"

namespace umpire::storage {

// The most operations one edit may carry.
inline constexpr std::size_t kMaxWorldEditOperations = 100;

struct EditedWorld {
    rules::CampaignState state;
    std::string text;  // the state as stored (snapshot_text)
    // Every force the edit changed, added or removed, with the players that owned it before or
    // own it after: who is told of it.
    std::map<std::string, std::vector<std::string>> forces;
    bool map_or_sides = false;  // the map, the sides or the campaign's rule settings changed
};

// Applies `edits` (a JSON array of operations) to the stored state `state_text`. Operations:
//   {"op": "set_force", "force": id, "set": {scenario force members but id}}
//   {"op": "set_regiment", "regiment": id, "set": {"name"?, "morale"?, "companies"?}}
//   {"op": "add_force", "force": {a whole scenario force}}
//   {"op": "remove_force", "force": id}
//   {"op": "set_terrain", "hex": [q, r], "terrain": a terrain of the ruleset}
//   {"op": "set_dwelling", "hex": [q, r], "kind": "village" | "town" | "castle" | null,
//    "name"?: string}
//   {"op": "patch", "patch": [RFC 6902 operations on the scenario document]}
// Only the map, sides, forces and rule settings may change: the calendar, players, knowledge
// and the rules' own records (contacts, delays, scouts) stay. Any problem, in an operation or in
// the state it makes, is an ErrorKind::invalid_input StorageError listing them all.
EditedWorld apply_world_edit(const std::string& state_text, const rules::Json& edits,
                             const rules::Ruleset& ruleset);

}  // namespace umpire::storage
