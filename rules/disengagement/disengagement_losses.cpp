// the default loss allocation and the displacement hex.
#include <algorithm>

#include "rules/disengagement/disengagement.hpp"
#include "rules/movement/movement_costs.hpp"

namespace umpire::rules {

std::vector<int> allocate_losses_proportionally(const Regiment& regiment, int figures) {
    const long long total = regiment.figures();
    std::vector<int> lost(regiment.companies.size(), 0);
    if (total <= 0) return lost;
    const long long wanted = std::clamp<long long>(figures, 0, total);
    // Each company's exact share is size x wanted / total: its whole part first...
    std::vector<long long> remainder(lost.size(), 0);
    long long given = 0;
    for (std::size_t i = 0; i < lost.size(); ++i) {
        const long long share = regiment.companies[i].figures * wanted;
        lost[i] = static_cast<int>(share / total);
        remainder[i] = share % total;
        given += lost[i];
    }
    // ...then one more figure each for the largest remainders (ties: the earlier company).
    std::vector<std::size_t> order(lost.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return remainder[a] > remainder[b]; });
    for (std::size_t k = 0; given < wanted && k < order.size(); ++k, ++given) ++lost[order[k]];
    return lost;
}

std::optional<Hex> displacement_hex(const CampaignState& state, const Ruleset& ruleset,
                                    const Force& force, const std::vector<const Force*>& opponents) {
    auto nearest_enemy = [&](Hex h) {
        return nearest_force_distance(state, h, [&](const Force& other) {
            return other.id != force.id && state.opposed(force, other);
        });
    };
    std::optional<Hex> best;
    int best_distance = 0;
    int best_cost = 0;
    for (Hex h : neighbours(force.hex())) {
        const int cost = step_cost(state.map, ruleset, force.hex(), h);  // -1: off map, impassable
        if (cost < 0 || state.force_at(h)) continue;
        // one hex away from its opponents: farther from each of them than now.
        const bool away = std::all_of(opponents.begin(), opponents.end(), [&](const Force* o) {
            return hex_distance(h, o->hex()) > hex_distance(force.hex(), o->hex());
        });
        if (!away) continue;
        // Farthest from enemies, then cheapest to enter, then lowest (q, r).
        const int distance = nearest_enemy(h);
        const bool better = !best || distance > best_distance ||
                            (distance == best_distance &&
                             (cost < best_cost || (cost == best_cost && h < *best)));
        if (better) {
            best = h;
            best_distance = distance;
            best_cost = cost;
        }
    }
    return best;
}

}  // namespace umpire::rules
