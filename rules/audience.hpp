#pragma once
// Who may see an event: an "audience" is "all" or a sorted list of player ids.
#include <string>
#include <vector>

#include "rules/json_reader.hpp"
#include "rules/world.hpp"

namespace umpire::rules {

// The players of the force's side: allies know each other's positions.
Json side_audience(const CampaignState& state, const Force& force);
// The players who own these forces.
Json forces_audience(const CampaignState& state, const std::vector<std::string>& forces);
Json player_audience(const std::string& player);
// Whether `player` may see an event with this audience.
bool in_audience(const Json& audience, const std::string& player);

}  // namespace umpire::rules
