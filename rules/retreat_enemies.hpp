#pragma once
// The enemy and allied positions a retreat or rout is planned against, asked many
// times per plan: whether a hex is held, whether a step comes closer to any enemy, the distance
// to the nearest enemy, whether an end hex is farther from every enemy than the start.
// measures every step against every enemy on the map, so a plan that scanned them all per step
// made a 10,000-force period quadratic; here a step costs O(1) and the rest is cached.
#include <algorithm>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "rules/hex.hpp"
#include "rules/world.hpp"

namespace umpire::rules {

class RetreatField {
public:
    RetreatField(const CampaignState& state, const Force& force, Hex start);

    bool no_enemy() const { return enemies_.empty(); }
    bool enemy_at(Hex h) const { return held_by(h, true); }
    bool ally_at(Hex h) const { return held_by(h, false); }
    // the step from `from` to its neighbour `to` comes closer to some enemy.
    bool step_closer_to_an_enemy(Hex from, Hex to) const;
    // Hexes from h to the nearest enemy (INT_MAX with none).
    int nearest_enemy_distance(Hex h) const;
    // `end` is farther than the start from every enemy.
    bool farther_from_every_enemy(Hex end) const;
    // Some enemy within `radius` of h satisfies pred(enemy hex).
    template <typename Pred>
    bool any_enemy_within(Hex h, int radius, Pred pred) const {
        for (int dq = -radius; dq <= radius; ++dq) {
            const int low = std::max(-radius, -dq - radius), high = std::min(radius, -dq + radius);
            for (int dr = low; dr <= high; ++dr) {
                const Hex e{h.q + dq, h.r + dr};
                if (enemy_at(e) && pred(e)) return true;
            }
        }
        return false;
    }

private:
    // Cube coordinates (q, r, -q-r): a hex step adds 1 to one of them and takes 1 from another,
    // and it comes closer to e exactly when e is beyond the stepper in the first and short of
    // it in the second. Per pair of coordinates (a, b), over the values of a (a map is only so
    // wide, so no sort is needed): the least b of the enemies with a above a value, and the
    // greatest b of those below it, answer "some enemy with a > x and b < y" in O(1).
    struct PairIndex {
        int a = 0, b = 0;
        int lowest_a = 0;
        std::vector<int> min_b_above;  // [i]: least b over the enemies with a >= lowest_a + i
        std::vector<int> max_b_below;  // [i]: greatest b over the enemies with a <= lowest_a + i
    };
    static int cube(Hex h, int axis) { return axis == 0 ? h.q : axis == 1 ? h.r : -h.q - h.r; }
    void index_pair(PairIndex& index, int a, int b) const;

    Hex start_;
    std::vector<Hex> enemies_;
    bool held_by(Hex h, bool enemy) const;

    const CampaignState& state_;
    const Force& force_;
    PairIndex pairs_[3];
    mutable std::unordered_map<std::uint64_t, int> nearest_cache_;
    mutable std::unordered_map<std::uint64_t, bool> farther_cache_;
};

}  // namespace umpire::rules
