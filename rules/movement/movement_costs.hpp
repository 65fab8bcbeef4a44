#pragma once
// What moving costs a force: daily move points, the cost of one
// step, and whether a step keeps the force formed.
#include "umpire/rules/hex.hpp"
#include "umpire/rules/ruleset.hpp"
#include "umpire/rules/world.hpp"

namespace umpire::rules {

// R-2.2 [H]: a force moves in the night period when every company's troop type is nocturnal.
bool moves_at_night(const Force& force, const Ruleset& ruleset);
// the slowest company's daily move points: exhausted cavalry at half rate.
int daily_move_points(const Force& force, const Ruleset& ruleset);
// the bonus a forced march adds to the daily move points (rounded down).
int forced_march_bonus(const Force& force, const Ruleset& ruleset);
bool all_infantry(const Force& force, const Ruleset& ruleset);

// Move points to step from `from` into the adjacent `to`: the terrain cost, 2/3 of it along a
// road (rounded half up), +3 across a river without a bridge. -1 if `to` cannot be entered.
int step_cost(const Map& map, const Ruleset& ruleset, Hex from, Hex to);
// whether the step meets the entered terrain's formed-movement condition.
bool step_keeps_formed(const Force& force, const Map& map, const Ruleset& ruleset, Hex from,
                       Hex to);

}  // namespace umpire::rules
