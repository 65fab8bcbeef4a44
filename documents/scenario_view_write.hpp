#pragma once
// A part of a campaign state written as the scenario document's members (the projection's
// views, protocol::view_for): what a viewer may not see is never turned into JSON at all, rather
// than written and then taken out.
#include <functional>
#include <string>

#include "umpire/rules/json_reader.hpp"
#include "umpire/rules/world.hpp"

namespace umpire::rules {

struct ScenarioPart {
    std::function<bool(const Force&)> forces;  // which forces to write (none when empty)
    std::string knowledge_of;                  // whose facts to write (none when empty)
};

// The public members (name, description, ruleset, calendar, map, sides, players, settings when
// set), "forces" with the forces `part` names and "knowledge" with the facts of
// `part.knowledge_of` as a list; never another player's facts or the history.
Json write_scenario_part(const CampaignState& state, const ScenarioPart& part);

}  // namespace umpire::rules
