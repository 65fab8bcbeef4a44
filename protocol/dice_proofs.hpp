#pragma once
// What a player is given to check its dice (docs/protocol.md, "Dice"): for each roll it may see,
// the derived seed of the roll's stream (include/umpire/rules/stream_dice.hpp), never the period's
// seed. A derived seed gives that roll's value and nothing else: no other roll, no state version.
#include <string>

#include "protocol/projection.hpp"

namespace umpire::protocol {

// {stream name: derived seed (64 hex)} for every dice roll among `projected_events` (the events
// as one viewer may see them) that names its stream, derived with the period's `dice_key`.
Json dice_seeds_of(const Json& projected_events, const std::string& dice_key);

// Whether `viewer` is shown a period's sealed seed itself: the GM, who sees every roll; and
// everybody for periods resolved before streams (scheme 1), whose seeds were always revealed.
bool shown_period_seed(const Viewer& viewer, int scheme);

}  // namespace umpire::protocol
