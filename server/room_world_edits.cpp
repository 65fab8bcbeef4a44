// The GM edits forces and the world (docs/gm-guide.md, "Editing forces and the world"): the edit
// and its GM action commit with the command; each viewer is shown the notice as far as it
// concerns it (protocol/notices.hpp), and the players it concerns are notified.
#include <map>

#include "server/errors.hpp"
#include "server/room.hpp"
#include "server/room_gm_call.hpp"

namespace umpire::server {

void Room::gm_edit_world(GmCall& call) {
    const auto& m = call.m;
    const auto edited =
        campaign_.edit_world(m.edits, m.reason, acting_gm_ ? acting_gm_->account_name : "");
    broadcast_notice(services_->campaigns->gm_actions(id()).back());  // the edit's, just added
    // Who is told of it (the players whose forces it changed; all for the map and the sides)
    // is the projection's.
    protocol::notification::WorldEdited what{m.reason, {}, edited.map_or_sides};
    for (const auto& [force, owners] : edited.forces)
        for (const auto& owner : owners) what.forces_by_player[owner].push_back(force);
    // Keyed by each viewer's own number of the edit's notice: the audit's number would count
    // GM actions the player is not told of (issue 53).
    const auto audit = gm_actions();
    notify_members(
        [&](const protocol::Viewer& viewer, const Json&) {
            return "world_edit:" + std::to_string(protocol::notice_number(
                                       viewer, visibility(), audit, edited.action_no));
        },
        protocol::NotificationFacts{what});
    Json forces = Json::array();
    for (const auto& entry : edited.forces) forces.push_back(entry.first);
    call.done["forces"] = std::move(forces);
    call.done["map_or_sides"] = edited.map_or_sides;
}

}  // namespace umpire::server
