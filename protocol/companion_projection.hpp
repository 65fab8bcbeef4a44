#pragma once
// The projection of a battle companion (RULEBOOK ): only the players of the battle's two
// sides and the GM see a battle's companion or act in it. For anyone else the battle does not
// exist — the server answers them exactly as for an unknown battle, so nobody learns of a
// battle through the companion.
#include <optional>

#include "protocol/viewer.hpp"
#include "umpire/rules/battle_companion.hpp"
#include "umpire/rules/battle_record.hpp"
#include "umpire/rules/world.hpp"

namespace umpire::protocol {

using Json = rules::Json;

// Where the viewer sits at this battle. A player is on a side whose `player` it is, or one of
// whose `forces` it owns in `state` (the period's start state the record was made from).
// Observers have no seat, even those who see everything else.
enum class BattleSeat { none, attacker, defender, gm };
BattleSeat battle_seat(const Viewer& viewer, const rules::CampaignState& state,
                       const rules::BattleRecord& record);
const char* seat_name(BattleSeat seat);  // "attacker", "defender", "gm" ("" for none)

// What the server knows of one companion.
struct CompanionSnapshot {
    const rules::BattleRecord& record;
    const rules::CompanionState& state;
    int actions = 0;            // accepted so far
    Json last_action = nullptr; // {"no", "by", "action"} of the latest, or null
};

// For a viewer with a seat: {"battle", "role", "record", "actions", "last_action", "state",
// "report"} where "state" is the companion's to_json and "report" the report it implies
// once the battle has ended (the answer to send to the side's battle_report request), else
// null. nullopt for a viewer without a seat.
std::optional<Json> companion_for(const Viewer& viewer, const rules::CampaignState& state,
                                  const CompanionSnapshot& companion);

}  // namespace umpire::protocol
