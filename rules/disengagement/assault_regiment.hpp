#pragma once
// The assault regiment of a force and its main troop class: what the contact
// table describes and what the disengagement terrain modifier looks at.
#include "rules/world/troop_class.hpp"
#include "umpire/rules/ruleset.hpp"
#include "umpire/rules/world.hpp"

namespace umpire::rules {

// The first regiment, or nullptr for a force with none left.
const Regiment* assault_regiment(const Force& force);

// the class with most figures in the regiment; tie: infantry. [H] A tie without infantry
// goes to the class listed first in R-1.4 (cavalry, creature, courier). Companies of a troop type
// the ruleset does not know are not counted; an empty regiment is infantry.
TroopClass main_troop_class(const Regiment& regiment, const Ruleset& ruleset);

}  // namespace umpire::rules
