#pragma once
// The enemy and allied positions a retreat or rout is planned against, asked many
// times per plan: whether a hex is held, whether a step comes closer to any enemy, the distance
// to the nearest enemy, whether an end hex is farther from every enemy than the start.
// measures every step against every enemy on the map; the steps are answered from the side
// positions index (rules/world/side_positions.hpp), which a resolving period keeps for all its
// retreats, and the rest is cached per hex.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

#include "rules/world/side_positions.hpp"
#include "umpire/rules/hex.hpp"
#include "umpire/rules/world.hpp"
namespace umpire::rules {

class RetreatField {
public:
    RetreatField(const CampaignState& state, const Force& force, Hex start);

    bool no_enemy() const { return !positions_->any_enemy(side_); }
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
    bool held_by(Hex h, bool enemy) const;

    Hex start_;
    const CampaignState& state_;
    const Force& force_;
    std::optional<SidePositions> own_;  // when the state keeps none (not resolving a period)
    SidePositions* positions_ = nullptr;
    int side_ = 0;                         // the force's side in positions_
    mutable std::optional<std::vector<Hex>> enemies_;  // listed when an end hex is first judged
    mutable std::unordered_map<std::uint64_t, int> nearest_cache_;
    mutable std::unordered_map<std::uint64_t, bool> farther_cache_;
};

}  // namespace umpire::rules
