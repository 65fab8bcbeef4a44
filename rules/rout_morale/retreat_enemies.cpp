#include "rules/rout_morale/retreat_enemies.hpp"

#include <algorithm>
#include <cassert>
#include <climits>
#include <vector>

namespace umpire::rules {

RetreatField::RetreatField(const CampaignState& state, const Force& force, Hex start)
    : start_(start), state_(state), force_(force), positions_(state.side_positions()) {
    if (!positions_) {  // not resolving a period: index afresh
        own_.emplace();
        own_->sync(state);
        positions_ = &*own_;
    }
    side_ = positions_->group_of(state.side_of(force));
}

bool RetreatField::held_by(Hex h, bool enemy) const {
    bool held = false;
    state_.for_each_force_at(h, [&](const Force& f) {
        held = held || (&f != &force_ && state_.opposed(f, force_) == enemy);
    });
    return held;
}

bool RetreatField::step_closer_to_an_enemy(Hex from, Hex to) const {
    int up = -1, down = -1;  // the cube axes the step adds to and takes from
    for (int axis = 0; axis < 3; ++axis) {
        const int d = SidePositions::cube(to, axis) - SidePositions::cube(from, axis);
        if (d > 0) up = axis;
        if (d < 0) down = axis;
    }
    if (up < 0 || down < 0) return false;  // not a step to a neighbour
    const bool closer = positions_->enemy_closer_to_step(side_, from, up, down);
    // Debug builds (the sanitizer run) check the index against every enemy on the map.
    assert(closer == std::any_of(state_.forces.begin(), state_.forces.end(), [&](const Force& e) {
               return !e.regiments.empty() && &e != &force_ && state_.opposed(e, force_) &&
                      hex_distance(to, e.hex()) < hex_distance(from, e.hex());
           }));
    return closer;
}

int RetreatField::nearest_enemy_distance(Hex h) const {
    if (auto it = nearest_cache_.find(hex_key(h)); it != nearest_cache_.end()) return it->second;
    const int found = nearest_force_distance(state_, h, [&](const Force& f) {
        return &f != &force_ && state_.opposed(f, force_);
    });
    const int nearest = found < 0 ? INT_MAX : found;
    nearest_cache_[hex_key(h)] = nearest;
    return nearest;
}

bool RetreatField::farther_from_every_enemy(Hex end) const {
    if (auto it = farther_cache_.find(hex_key(end)); it != farther_cache_.end()) return it->second;
    if (!enemies_) enemies_ = positions_->enemy_hexes(side_);
    const bool farther = std::all_of(enemies_->begin(), enemies_->end(), [&](Hex e) {
        return hex_distance(end, e) > hex_distance(start_, e);
    });
    farther_cache_[hex_key(end)] = farther;
    return farther;
}

}  // namespace umpire::rules
