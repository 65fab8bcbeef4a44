#include "rules/movement/movement_costs.hpp"
#include "rules/world/rounding.hpp"

#include <algorithm>
#include <climits>

namespace umpire::rules {

namespace {
template <typename Visit>
void for_each_troop_type(const Force& force, const Ruleset& ruleset, Visit visit) {
    for (const auto& regiment : force.regiments)
        for (const auto& company : regiment.companies)
            if (const TroopType* type = ruleset.find_troop_type(company.type)) visit(*type);
}
}  // namespace

bool moves_at_night(const Force& force, const Ruleset& ruleset) {
    bool any = false;
    bool all_nocturnal = true;
    for_each_troop_type(force, ruleset, [&](const TroopType& t) {
        any = true;
        all_nocturnal = all_nocturnal && t.nocturnal;
    });
    return any && all_nocturnal;
}

int daily_move_points(const Force& force, const Ruleset& ruleset) {
    int slowest = INT_MAX;
    for_each_troop_type(force, ruleset,
                        [&](const TroopType& t) { slowest = std::min(slowest, t.move_points); });
    if (slowest == INT_MAX) return 0;
    if (force.readiness == CavalryReadiness::exhausted)
        slowest = slowest * ruleset.movement.exhausted_rate_percent / 100;
    return slowest;
}

int forced_march_bonus(const Force& force, const Ruleset& ruleset) {
    return daily_move_points(force, ruleset) * ruleset.movement.forced_march_bonus_percent / 100;
}

bool all_infantry(const Force& force, const Ruleset& ruleset) {
    bool all = true;
    for_each_troop_type(force, ruleset, [&](const TroopType& t) {
        all = all && t.troop_class == TroopClass::infantry;
    });
    return all;
}

int step_cost(const Map& map, const Ruleset& ruleset, Hex from, Hex to) {
    const std::string* name = map.terrain_at(to);
    if (!name || !adjacent(from, to)) return -1;
    const TerrainType* terrain = ruleset.find_terrain(*name);
    if (!terrain || !terrain->passable) return -1;
    const bool road = map.road_between(from, to);
    int cost = terrain->cost;
    if (road) {
        const Fraction f = ruleset.movement.road_cost;
        cost = static_cast<int>(divide_half_up(cost * f.numerator, f.denominator));
    }
    if (map.river_between(from, to) && !road) cost += ruleset.movement.river_crossing_cost;
    return cost;
}

bool step_keeps_formed(const Force& force, const Map& map, const Ruleset& ruleset, Hex from,
                       Hex to) {
    const std::string* name = map.terrain_at(to);
    const TerrainType* terrain = name ? ruleset.find_terrain(*name) : nullptr;
    if (!terrain) return true;
    const bool by_way = map.road_between(from, to) || map.track_between(from, to);
    switch (terrain->formed) {
        case FormedMovement::any: return true;
        case FormedMovement::infantry_or_road: return by_way || all_infantry(force, ruleset);
        case FormedMovement::road_or_track: return by_way;
    }
    return true;
}

}  // namespace umpire::rules
