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
    // Each player whose forces it changed, or every player for the map and the sides.
    std::map<std::string, Json> own_forces;
    for (const auto& [force, owners] : edited.forces)
        for (const auto& owner : owners) own_forces[owner].push_back(force);
    for (const auto& member : services_->server->memberships(id())) {
        if (member.role != "player" || !member.player) continue;
        const auto own = own_forces.find(*member.player);
        if (own == own_forces.end() && !edited.map_or_sides) continue;
        notify(member.account_id, "world_edit:" + std::to_string(edited.action_no),
               {{"type", "world_edited"},
                {"campaign", id()},
                {"reason", m.reason},
                {"forces", own == own_forces.end() ? Json::array() : own->second},
                {"map_or_sides", edited.map_or_sides}});
    }
    Json forces = Json::array();
    for (const auto& entry : edited.forces) forces.push_back(entry.first);
    call.done["forces"] = std::move(forces);
    call.done["map_or_sides"] = edited.map_or_sides;
}

}  // namespace umpire::server
