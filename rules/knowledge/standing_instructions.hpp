#pragma once
// Standing instructions: per force, how its decisions are answered when its player is
// absent at a deadline (or the run is headless). Held as
// include/umpire/rules/standing_instructions_value.hpp; given as JSON
// (documents/standing_instructions_json.hpp):
//   {"contact": ["rest", "evade_if_larger", "engage"],  // first that applies, each window
//    "separate_engagements": false, "rearguard": true, "pursuit": true, "maneuver": false,
//    "support": true, "relief": false, "reinforce": true, "cards": "auto",
//    "losses": "proportional"}
// "maneuver" answers both the declaration and, when true, the move that follows it.
// Every member is optional; what the instructions do not cover takes the request's default.
#include <optional>

#include "umpire/rules/decisions.hpp"
#include "umpire/rules/standing_instructions_value.hpp"

namespace umpire::rules {

// The answer the instructions give to `request`, or nullopt when they say nothing about it.
std::optional<Answer> standing_answer(const DecisionRequest& request,
                                      const StandingInstructions& instructions);

}  // namespace umpire::rules
