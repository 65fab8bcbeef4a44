#pragma once
// Scouting: the scouts a period's orders dispatch, resolved at the start of the period
// from the positions then, and what lets them count for in the contact modifiers.
//
// Everything a scout reveals goes to its sender's player only: the scout die,
// the size-estimate dice, the "scout_result" event and the "scout_report" facts. A capture also
// tells the capturer's player which force sent the scout ("scout_captured", a fact and an event).
#include <string>
#include <vector>

#include "umpire/rules/dice.hpp"
#include "umpire/rules/events.hpp"
#include "umpire/rules/orders.hpp"
#include "umpire/rules/ruleset.hpp"
#include "umpire/rules/world.hpp"

namespace umpire::rules {

// resolves the scout of every accepted order that carries one, in ascending force id.
// An enemy force in the target hex or within ruleset.scouting.detection_radius_hexes of it makes
// the scout roll a d6 (purpose "scout"); otherwise it reports "nothing seen". A success reports
// each enemy force within report_radius_hexes of the target: its hex and a size estimate of its
// figures on the band's column (2d6, purpose "size estimate"). Appends a ScoutRecord per
// scout to state.scouts and the facts to state.knowledge.
void resolve_scouts(CampaignState& state, const Ruleset& ruleset,
                    const std::vector<AcceptedOrder>& orders, DiceSource& dice, EventLog& log);

// whether `force` has a successful scout that reported one of `opponents` and counts in
// the period with ordinal `period` (its own period and the next, ruleset counts_for_periods).
bool has_successful_scout(const CampaignState& state, const Ruleset& ruleset,
                          const std::string& force, const std::vector<std::string>& opponents,
                          int period);

// whether `force` itself captured a scout sent from the side of one of `opponents`, in a
// period that counts in `period`. Only the capturing force gets it, against any force of the
// scout's side.
bool has_captured_scout(const CampaignState& state, const Ruleset& ruleset,
                        const std::string& force, const std::vector<std::string>& opponents,
                        int period);

}  // namespace umpire::rules
