#pragma once
// Retreat and rout moves: the path a force in retreat or rout takes away from
// the enemy by the hard rules and preferences of, or its surrender, or its rout off the
// map. Planning is pure; make_retreat_move applies the outcome to the state.
#include <optional>
#include <string>
#include <vector>

#include "umpire/rules/events.hpp"
#include "umpire/rules/hex.hpp"
#include "umpire/rules/ruleset.hpp"
#include "umpire/rules/world.hpp"

namespace umpire::rules {

enum class RetreatKind { retreat, rout };

struct RetreatOutcome {
    enum class Result {
        moved,           // `path` is the move; its last hex is the new position
        surrendered,     // no legal move; `captor` takes all its figures
        routed_off_map,  // `path` runs to a map-edge hex, `exit` is the off-map step
        no_enemy,        // no enemy force on the map: nothing to move away from, no move
    };
    Result result = Result::moved;
    std::vector<Hex> path;    // hexes entered, in order (not the starting hex)
    std::optional<Hex> exit;  // routed_off_map: the coordinate beyond the edge it stepped to
    std::string captor;       // surrendered: the enemy force it surrenders to
};

// Every enemy force on the map (another side, not eliminated), in ascending id.
std::vector<const Force*> enemy_forces(const CampaignState& state, const Force& force);
// the enemy force nearest `from` in hexes, ties lowest id; nullptr with none.
const Force* nearest_enemy(const CampaignState& state, const Force& force, Hex from);
// R-10.2 [H]: the home hex of the force's side nearest `from`, ties lowest (q, r); nullopt when
// its side has none (the behind-lines rule is then skipped).
std::optional<Hex> nearest_home_hex(const CampaignState& state, const Force& force, Hex from);

// a forest hex (terrain named "forest") or a hex with a dwelling.
bool forest_or_dwelling(const Map& map, Hex h);

// the move `force` makes from its hex. A retreat enters at least
// retreat_min_hexes hexes whatever they cost and more only within retreat_move_points, and goes
// as far as it can (a path is taken only if no legal path extends it); a rout enters exactly
// rout_hexes passable hexes, terrain cost ignored. Hard rules, at every hex entered: on the map,
// passable, not enemy-held, no closer to any enemy force than the hex left, not behind enemy
// lines (unless the start already was); at the end: not an allied force's hex and
// farther from every enemy force than the start. Preferences in order. With no legal
// path: a rout that can step off the map edge (see docs/rules-notes.md) is routed off the map,
// otherwise the force surrenders to the nearest enemy.
RetreatOutcome plan_retreat(const CampaignState& state, const Ruleset& ruleset, const Force& force,
                            RetreatKind kind);

// Puts the force in retreat or rout and applies plan_retreat: moves it, or removes all
// its regiments (surrender, routed off the map: eliminated, R-1.3). Records "retreat_move" or
// "rout_move", "surrendered" (with the captor) or "routed_off_map", then "force_eliminated";
// audience "all" (the caller narrows it). std::invalid_argument for an unknown or eliminated
// force.
RetreatOutcome make_retreat_move(CampaignState& state, const Ruleset& ruleset,
                                 const std::string& force_id, RetreatKind kind, EventLog& log);

}  // namespace umpire::rules
