#include "protocol/companion_projection.hpp"

#include <algorithm>

#include "documents/battle_companion_json.hpp"
#include "umpire/rules/battle_record_json.hpp"

namespace umpire::protocol {

namespace {

bool sits_on(const std::string& player, const rules::CampaignState& state,
             const rules::BattleSideRecord& side) {
    if (side.player == player) return true;
    return std::any_of(side.forces.begin(), side.forces.end(), [&](const std::string& id) {
        const rules::Force* force = state.find_force(id);
        return force && force->player == player;
    });
}

}  // namespace

BattleSeat battle_seat(const Viewer& viewer, const rules::CampaignState& state,
                       const rules::BattleRecord& record) {
    if (viewer.is_gm()) return BattleSeat::gm;
    if (!viewer.is_player() || viewer.player.empty()) return BattleSeat::none;
    if (sits_on(viewer.player, state, record.attacker)) return BattleSeat::attacker;
    if (sits_on(viewer.player, state, record.defender)) return BattleSeat::defender;
    return BattleSeat::none;
}

const char* seat_name(BattleSeat seat) {
    switch (seat) {
        case BattleSeat::attacker: return "attacker";
        case BattleSeat::defender: return "defender";
        case BattleSeat::gm: return "gm";
        case BattleSeat::none: break;
    }
    return "";
}

std::optional<Json> companion_for(const Viewer& viewer, const rules::CampaignState& state,
                                  const CompanionSnapshot& companion) {
    const BattleSeat seat = battle_seat(viewer, state, companion.record);
    if (seat == BattleSeat::none) return std::nullopt;
    // Both sides see the whole companion: it is the shared table, and the record is already in
    // each side's battle_report request.
    return Json{{"battle", companion.record.id},
                {"role", seat_name(seat)},
                {"record", rules::to_json(companion.record)},
                {"actions", companion.actions},
                {"last_action", companion.last_action},
                {"state", rules::to_json(companion.state)},
                {"report", companion.state.ended()
                               ? rules::to_json(rules::companion_report(companion.state))
                               : Json(nullptr)}};
}

}  // namespace umpire::protocol
