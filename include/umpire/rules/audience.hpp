#pragma once
// Who may see an event: an "audience" is "all" or a sorted list of player ids.
#include <memory>
#include <string>
#include <vector>

#include "umpire/rules/event_fields.hpp"
#include "umpire/rules/world.hpp"

namespace umpire::rules {

// A list of players as its JSON list and its text, shared: a period asks for the same few
// lists (a side's players, the owners of a pair of forces) thousands of times, so each is made
// once per thread and handed out again. Passes to EventLog as its text, written as it is.
using Audience = std::shared_ptr<const AudienceText>;

// The players of the force's side: allies know each other's positions.
Audience side_audience(const CampaignState& state, const Force& force);
// The players who own these forces.
Audience forces_audience(const CampaignState& state, const std::vector<std::string>& forces);
Audience player_audience(const std::string& player);
// No player: the GM alone (who sees every event).
Audience gm_audience();

}  // namespace umpire::rules
