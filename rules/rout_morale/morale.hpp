#pragma once
// Morale recovery and cavalry readiness: the check a force in retreat or rout
// makes at the end of each half period, what a fail makes it do, and how battle and recovery
// tire cavalry.
#include <optional>
#include <string>
#include <vector>

#include "rules/disengagement/disengagement.hpp"
#include "rules/rout_morale/retreat_paths.hpp"
#include "umpire/rules/dice.hpp"
#include "umpire/rules/events.hpp"
#include "umpire/rules/ruleset.hpp"
#include "umpire/rules/world.hpp"

namespace umpire::rules {

// a force checks at the end of every half period after the one in which it entered
// retreat or rout (half-period ordinals: 2 * period ordinal + 0 or 1). The caller keeps when it
// entered.
inline bool morale_check_due(int entered_half, int ending_half) { return ending_half > entered_half; }

struct MoraleResult {
    bool checked = false;  // false: the force is not in retreat or rout, or has no regiment
    std::string regiment;  // the assault regiment whose morale value is used
    int morale_value = 0;
    std::vector<int> dice;      // the two d6, in the order rolled
    int reading = 0;            // 2d6: their sum; d66: first die tens, second units (11-66)
    NamedModifiers modifiers;   // in_retreat or in_rout, then leadership
    int total = 0;              // reading + modifiers
    bool passed = false;        // total > morale_value
    OrderState state_before = OrderState::formed;
    OrderState state_after = OrderState::formed;
    bool exhausted = false;     // cavalry recovered from rout
    // After a fail:
    bool near_enemy = false;               // less than far_from_enemy_hexes from the nearest
    std::optional<RetreatOutcome> rout;    // near: the full rout move made
    std::optional<Hex> refuge;             // far: the forest or dwelling hex it heads for
    std::vector<Hex> refuge_path;          // far: hexes entered toward it (empty: it stays)
};

// the morale check of a force in retreat or rout. Rolls two d6 (purpose "morale"),
// adds the modifiers, and passes when the total exceeds the assault regiment's morale value:
// the force becomes formed (cavalry recovering from rout becomes exhausted, R-10.6). On a fail a
// force in retreat becomes in rout; then, nearer than far_from_enemy_hexes to the nearest enemy,
// it makes one full rout move (make_retreat_move: it may surrender or rout off the map);
// otherwise it moves toward refuge_target (up to rout_hexes hexes) or stays. Records a
// "morale_check" event and the move's events, audience "all".
MoraleResult check_morale(CampaignState& state, const Ruleset& ruleset,
                          const std::string& force_id, DiceSource& dice, EventLog& log);

// R-10.4 [S3]: the nearest forest or dwelling hex at least far_from_enemy_hexes from every enemy
// force that the force could reach and end in: nearest by hexes walked over passable hexes not
// held by an enemy (allied hexes may be crossed), ties lowest (q, r); its own hex counts
// (distance 0). nullopt if there is none.
std::optional<Hex> refuge_target(const CampaignState& state, const Ruleset& ruleset,
                                 const Force& force);
// The first rout_hexes hexes of the lowest shortest walk toward `target` in (q, r) order, cut
// back to the last hex not held by an ally. Empty when the force is already there.
std::vector<Hex> refuge_path(const CampaignState& state, const Ruleset& ruleset,
                             const Force& force, Hex target);

// cavalry is a force whose assault regiment's main class is cavalry.
bool is_cavalry_force(const Force& force, const Ruleset& ruleset);
// a cavalry force that fought a battle becomes tired, or exhausted if already tired;
// other forces are unchanged. Returns whether the readiness changed.
bool cavalry_fought_battle(Force& force, const Ruleset& ruleset);

}  // namespace umpire::rules
