#pragma once
// Standing instructions as JSON (docs/decisions.md, "Standing instructions"): how scenarios,
// snapshots and orders give them.
//   {"contact": ["rest", "evade_if_larger", "engage"], "separate_engagements": false,
//    "rearguard": true, "pursuit": true, "maneuver": false, "support": true, "relief": false,
//    "reinforce": true, "cards": "auto", "losses": "proportional"}
#include <string>

#include "umpire/rules/json_reader.hpp"
#include "umpire/rules/standing_instructions_value.hpp"

namespace umpire::rules {

// The instructions `value` gives, or null with the problems recorded under `path` (an unknown
// member, a contact choice that is not one of the six, a flag that is not true or false).
SharedInstructions read_standing_instructions(const Json& value, const std::string& path,
                                              Problems& problems);

// As they were given: members in key order, those not given left out.
Json standing_instructions_json(const StandingInstructions& instructions);

}  // namespace umpire::rules
