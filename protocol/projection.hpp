#pragma once
// The projection: the only way campaign state, events, history, decisions, order flags, lobby
// entries and errors reach a client (DESIGN habit 6, RULEBOOK ). Each function returns
// what one viewer may see and nothing that depends on what it may not:
//   - a player sees its own forces exactly, its allies' forces by identity and position, and
//     enemy forces only through its own knowledge facts; events whose audience names it; its
//     own decision requests; the order flags of its own side;
//   - the GM sees everything;
//   - an observer sees the map, the calendar, sides and players and the events for "all", or
//     everything a GM sees when the campaign setting "observers" is "all".
// Outputs carry no counts or positions of things filtered out (events are not numbered by
// their place in the full log), so a viewer cannot infer what was removed.
#include <optional>
#include <string>
#include <vector>

#include "protocol/viewer.hpp"
#include "umpire/rules/json_reader.hpp"
#include "umpire/rules/world.hpp"

namespace umpire::protocol {

using Json = rules::Json;

// The viewer's view of the world.
Json view_for(const Viewer& viewer, const rules::CampaignState& state, const Visibility& visibility);

// One event if the viewer may see it (by its "audience"), else nullopt.
std::optional<Json> event_for(const Viewer& viewer, const Json& event, const Visibility& visibility);
// The events the viewer may see, in their order.
Json events_for(const Viewer& viewer, const std::vector<Json>& events,
                const Visibility& visibility);

// Whether the viewer sees a decision request asked of `request_player` ("gm" for the GM): a
// player only its own; the GM every one (it answers those of "gm" and of players no account
// plays, `unplayed`).
bool decision_visible(const Viewer& viewer, const std::string& request_player,
                      const std::vector<std::string>& unplayed = {});

// Order flags per player ("none", "draft", "submitted", "confirmed"): the GM sees every
// player's, a player those of its own side, an observer none.
struct OrderFlag {
    std::string player;
    std::string state;
};
Json order_flags_for(const Viewer& viewer, const rules::CampaignState& state,
                     const std::vector<OrderFlag>& flags);

// The players who gave no orders for a resolved period (NMR), as the viewer may know them: the
// same rule as order flags (the GM every one, a player those of its own side). Another side's
// missed orders would tell that its forces held.
Json missed_orders_for(const Viewer& viewer, const rules::CampaignState& state,
                       const std::vector<std::string>& players);

// Whether the viewer may see which players are waited for, and how many requests are pending.
bool sees_waiting_list(const Viewer& viewer, const Visibility& visibility);

}  // namespace umpire::protocol
