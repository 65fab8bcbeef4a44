#include "rules/retreat_enemies.hpp"

#include <algorithm>
#include <climits>
#include <string_view>
#include <vector>

namespace umpire::rules {

RetreatField::RetreatField(const CampaignState& state, const Force& force, Hex start)
    : start_(start), state_(state), force_(force) {
    // The own side's players first: there are few, and this runs over every force at each
    // retreat. A force of any other player is an enemy.
    const std::string& own_side = state.side_of(force);
    std::vector<std::string_view> own_players;
    for (const auto& p : state.players)
        if (p.side == own_side) own_players.push_back(p.id);
    auto enemy = [&](const Force& f) {
        return std::find(own_players.begin(), own_players.end(), f.player) == own_players.end();
    };
    for (const auto& other : state.forces)
        if (!other.regiments.empty() && other.id != force.id && enemy(other))
            enemies_.push_back(other.hex);
    index_pair(pairs_[0], 0, 1);
    index_pair(pairs_[1], 0, 2);
    index_pair(pairs_[2], 1, 2);
}

bool RetreatField::held_by(Hex h, bool enemy) const {
    for (const Force* f : state_.forces_at(h, &force_))
        if (state_.opposed(*f, force_) == enemy) return true;
    return false;
}

void RetreatField::index_pair(PairIndex& index, int a, int b) const {
    index.a = a;
    index.b = b;
    if (enemies_.empty()) return;
    int lowest = INT_MAX, highest = INT_MIN;
    for (Hex e : enemies_) {
        lowest = std::min(lowest, cube(e, a));
        highest = std::max(highest, cube(e, a));
    }
    const std::size_t n = static_cast<std::size_t>(highest - lowest) + 1;
    index.lowest_a = lowest;
    index.min_b_above.assign(n, INT_MAX);
    index.max_b_below.assign(n, INT_MIN);
    for (Hex e : enemies_) {
        const std::size_t i = static_cast<std::size_t>(cube(e, a) - lowest);
        index.min_b_above[i] = std::min(index.min_b_above[i], cube(e, b));
        index.max_b_below[i] = std::max(index.max_b_below[i], cube(e, b));
    }
    for (std::size_t i = n - 1; i-- > 0;)
        index.min_b_above[i] = std::min(index.min_b_above[i], index.min_b_above[i + 1]);
    for (std::size_t i = 1; i < n; ++i)
        index.max_b_below[i] = std::max(index.max_b_below[i], index.max_b_below[i - 1]);
}

bool RetreatField::step_closer_to_an_enemy(Hex from, Hex to) const {
    int up = -1, down = -1;  // the cube axes the step adds to and takes from
    for (int axis = 0; axis < 3; ++axis) {
        const int d = cube(to, axis) - cube(from, axis);
        if (d > 0) up = axis;
        if (d < 0) down = axis;
    }
    if (up < 0 || down < 0) return false;  // not a step to a neighbour
    for (const PairIndex& index : pairs_) {
        const long n = static_cast<long>(index.min_b_above.size());
        if (index.a == up && index.b == down) {
            // Some enemy with a > from's a and b < from's b.
            const long i = std::max(0L, static_cast<long>(cube(from, up)) + 1 - index.lowest_a);
            return i < n && index.min_b_above[i] < cube(from, down);
        }
        if (index.a == down && index.b == up) {
            // Some enemy with a < from's a (the down axis) and b > from's b (the up axis).
            const long i =
                std::min(n - 1, static_cast<long>(cube(from, down)) - 1 - index.lowest_a);
            return i >= 0 && index.max_b_below[i] > cube(from, up);
        }
    }
    return false;
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
    const bool farther = std::all_of(enemies_.begin(), enemies_.end(), [&](Hex e) {
        return hex_distance(end, e) > hex_distance(start_, e);
    });
    farther_cache_[hex_key(end)] = farther;
    return farther;
}

}  // namespace umpire::rules
