// R-10.4 [S3]: where a routed force far from the enemy goes after failing morale: the nearest
// forest or dwelling hex that is itself far from every enemy force.
#include <algorithm>
#include <climits>
#include <deque>
#include <map>

#include "rules/rout_morale/morale.hpp"

namespace umpire::rules {

namespace {

bool held_by_other(const CampaignState& state, const Force& force, Hex h) {
    return std::any_of(state.forces.begin(), state.forces.end(), [&](const Force& f) {
        return f.id != force.id && !f.regiments.empty() && f.hex() == h;
    });
}

// Hexes a routing force may walk over: on the map, passable, not enemy-held.
bool walkable(const CampaignState& state, const Ruleset& ruleset, const Force& force, Hex h) {
    const std::string* name = state.map.terrain_at(h);
    const TerrainType* terrain = name ? ruleset.find_terrain(*name) : nullptr;
    if (!terrain || !terrain->passable) return false;
    for (const Force* e : enemy_forces(state, force))
        if (e->hex() == h) return false;
    return true;
}

// Breadth-first walk distances from `origin` over walkable hexes.
std::map<Hex, int> walk_distances(const CampaignState& state, const Ruleset& ruleset,
                                  const Force& force, Hex origin) {
    std::map<Hex, int> dist{{origin, 0}};
    std::deque<Hex> queue{origin};
    while (!queue.empty()) {
        const Hex h = queue.front();
        queue.pop_front();
        for (Hex n : neighbours(h))
            if (!dist.count(n) && walkable(state, ruleset, force, n)) {
                dist[n] = dist[h] + 1;
                queue.push_back(n);
            }
    }
    return dist;
}

}  // namespace

std::optional<Hex> refuge_target(const CampaignState& state, const Ruleset& ruleset,
                                 const Force& force) {
    const auto enemies = enemy_forces(state, force);
    const int far = ruleset.morale.far_from_enemy_hexes;
    std::optional<Hex> best;
    int best_dist = INT_MAX;
    for (const auto& [h, d] : walk_distances(state, ruleset, force, force.hex())) {  // (q, r) order
        if (d >= best_dist || !forest_or_dwelling(state.map, h) || held_by_other(state, force, h))
            continue;
        const Hex hex = h;  // clang 14 cannot capture a structured binding
        const bool far_enough = std::all_of(enemies.begin(), enemies.end(), [&](const Force* e) {
            return hex_distance(hex, e->hex()) >= far;
        });
        if (!far_enough) continue;
        best = h;
        best_dist = d;
    }
    return best;
}

std::vector<Hex> refuge_path(const CampaignState& state, const Ruleset& ruleset,
                             const Force& force, Hex target) {
    const auto to_target = walk_distances(state, ruleset, force, target);
    std::vector<Hex> path;
    Hex at = force.hex();
    auto remaining = to_target.find(at);
    if (remaining == to_target.end()) return path;
    int left = remaining->second;
    while (left > 0 && static_cast<int>(path.size()) < ruleset.retreat.rout_hexes) {
        std::optional<Hex> next;  // the lowest (q, r) neighbour one step nearer
        for (Hex n : neighbours(at)) {
            auto it = to_target.find(n);
            if (it != to_target.end() && it->second == left - 1 && (!next || n < *next)) next = n;
        }
        at = *next;
        --left;
        path.push_back(at);
    }
    // it may pass through allies but not end with one.
    while (!path.empty() && held_by_other(state, force, path.back())) path.pop_back();
    return path;
}

}  // namespace umpire::rules
