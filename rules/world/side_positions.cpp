#include "rules/world/side_positions.hpp"

#include <algorithm>
#include <climits>
#include <string>

#include "umpire/rules/world.hpp"

namespace umpire::rules {

namespace {
constexpr int kPairAxes[3][2] = {{0, 1}, {0, 2}, {1, 2}};
}

void SidePositions::PairIndex::insert(Hex h, std::uint32_t force) {
    auto& list = by_a[static_cast<std::size_t>(cube(h, a) - low)];
    const Entry e{cube(h, b), force};
    list.insert(std::upper_bound(list.begin(), list.end(), e), e);
    refresh_block(static_cast<std::size_t>(cube(h, a) - low) / kBlock);
}

void SidePositions::PairIndex::erase(Hex h, std::uint32_t force) {
    auto& list = by_a[static_cast<std::size_t>(cube(h, a) - low)];
    const Entry e{cube(h, b), force};
    auto it = std::lower_bound(list.begin(), list.end(), e);
    if (it != list.end() && *it == e) list.erase(it);
    refresh_block(static_cast<std::size_t>(cube(h, a) - low) / kBlock);
}

void SidePositions::PairIndex::refresh_block(std::size_t block) {
    int least = INT_MAX, greatest = INT_MIN;
    const std::size_t end = std::min(by_a.size(), (block + 1) * kBlock);
    for (std::size_t i = block * kBlock; i < end; ++i)
        if (!by_a[i].empty()) {
            least = std::min(least, by_a[i].front().b);
            greatest = std::max(greatest, by_a[i].back().b);
        }
    block_min[block] = least;
    block_max[block] = greatest;
}

int SidePositions::group_of(const std::string& side) const {
    auto it = std::find(groups_.begin(), groups_.end(), side);
    return it == groups_.end() ? -1 : static_cast<int>(it - groups_.begin());
}

bool SidePositions::alive(std::uint32_t force) const {
    return !(*forces_)[force].regiments.empty();
}

bool SidePositions::in_range(Hex h) const {
    for (int axis = 0; axis < 3; ++axis)
        if (cube(h, axis) < low_[axis] || cube(h, axis) > high_[axis]) return false;
    return true;
}

void SidePositions::build(const CampaignState& state) {
    const auto& forces = state.forces;
    // Sides by their id, in order of first appearance; a force whose player is unknown is in
    // a group of its own ("" like CampaignState::side_of), so "another side" means opposed.
    groups_.assign(1, "");
    side_of_.assign(forces.size(), 0);
    for (std::size_t i = 0; i < forces.size(); ++i) {
        const std::string& side = state.side_of(forces[i]);
        side_of_[i] = group_of(side);
        if (side_of_[i] < 0) {
            groups_.push_back(side);
            side_of_[i] = static_cast<int>(groups_.size()) - 1;
        }
    }
    // The range of each cube coordinate over the map and the forces.
    for (int axis = 0; axis < 3; ++axis) {
        low_[axis] = INT_MAX;
        high_[axis] = INT_MIN;
    }
    auto widen = [&](Hex h) {
        for (int axis = 0; axis < 3; ++axis) {
            low_[axis] = std::min(low_[axis], cube(h, axis));
            high_[axis] = std::max(high_[axis], cube(h, axis));
        }
    };
    if (const auto& map = state.map.hexes.cube_range())
        for (int axis = 0; axis < 3; ++axis) {
            low_[axis] = std::min(low_[axis], map->low[axis]);
            high_[axis] = std::max(high_[axis], map->high[axis]);
        }
    for (const auto& f : forces) widen(f.hex());
    sides_.assign(groups_.size(), SideIndex{});
    for (auto& side : sides_)
        for (int p = 0; p < 3; ++p) {
            PairIndex& index = side.pairs[p];
            index.a = kPairAxes[p][0];
            index.b = kPairAxes[p][1];
            index.low = low_[index.a];
            const std::size_t n =
                forces.empty() ? 0 : static_cast<std::size_t>(high_[index.a] - low_[index.a]) + 1;
            index.by_a.assign(n, {});
            index.block_min.assign((n + kBlock - 1) / kBlock, INT_MAX);
            index.block_max.assign((n + kBlock - 1) / kBlock, INT_MIN);
        }
    indexed_.assign(forces.size(), 0);
    indexed_at_.assign(forces.size(), Hex{});
    forces_ = &forces;
    for (std::uint32_t i = 0; i < forces.size(); ++i)
        if (alive(i)) insert(i, forces[i].hex());
    data_ = forces.data();
    size_ = forces.size();
    journal_read_ = state.moves().size();
}

void SidePositions::insert(std::uint32_t force, Hex h) {
    for (PairIndex& index : sides_[side_of_[force]].pairs) index.insert(h, force);
    indexed_[force] = 1;
    indexed_at_[force] = h;
}

void SidePositions::erase(std::uint32_t force) {
    for (PairIndex& index : sides_[side_of_[force]].pairs) index.erase(indexed_at_[force], force);
    indexed_[force] = 0;
}

void SidePositions::sync(const CampaignState& state) {
    forces_ = &state.forces;  // the state may have been moved since
    const auto& moves = state.moves();
    if (data_ != state.forces.data() || size_ != state.forces.size() || size_ == 0 ||
        journal_read_ > moves.size()) {
        build(state);
        return;
    }
    for (; journal_read_ < moves.size(); ++journal_read_) {
        const std::uint32_t i = moves[journal_read_];
        const Hex now = state.forces[i].hex();
        if (indexed_[i] && indexed_at_[i] == now) continue;
        if (!in_range(now)) {
            build(state);
            return;
        }
        if (indexed_[i]) erase(i);
        if (alive(i)) insert(i, now);
    }
}

bool SidePositions::any_above(PairIndex& index, int x, int y) {
    const long n = static_cast<long>(index.by_a.size());
    for (long i = std::max(0L, static_cast<long>(x) + 1 - index.low); i < n;) {
        const auto block = static_cast<std::size_t>(i) / kBlock;
        if (i % static_cast<long>(kBlock) == 0 && index.block_min[block] >= y) {
            i += static_cast<long>(kBlock);
            continue;
        }
        auto& list = index.by_a[static_cast<std::size_t>(i)];
        while (!list.empty() && list.front().b < y) {
            if (alive(list.front().force)) return true;
            erase(list.front().force);
        }
        ++i;
    }
    return false;
}

bool SidePositions::any_below(PairIndex& index, int x, int y) {
    const long n = static_cast<long>(index.by_a.size());
    for (long i = std::min(n, static_cast<long>(x) - index.low) - 1; i >= 0;) {
        const auto block = static_cast<std::size_t>(i) / kBlock;
        if ((i + 1) % static_cast<long>(kBlock) == 0 && index.block_max[block] <= y) {
            i -= static_cast<long>(kBlock);
            continue;
        }
        auto& list = index.by_a[static_cast<std::size_t>(i)];
        while (!list.empty() && list.back().b > y) {
            if (alive(list.back().force)) return true;
            erase(list.back().force);
        }
        --i;
    }
    return false;
}

bool SidePositions::enemy_closer_to_step(int side, Hex from, int up, int down) {
    for (int g = 0; g < static_cast<int>(sides_.size()); ++g) {
        if (g == side) continue;
        for (PairIndex& index : sides_[g].pairs) {
            if (index.a == up && index.b == down &&
                any_above(index, cube(from, up), cube(from, down)))
                return true;
            if (index.a == down && index.b == up &&
                any_below(index, cube(from, down), cube(from, up)))
                return true;
        }
    }
    return false;
}

bool SidePositions::any_enemy(int side) {
    for (int g = 0; g < static_cast<int>(sides_.size()); ++g) {
        if (g == side) continue;
        for (auto& list : sides_[g].pairs[0].by_a)
            while (!list.empty()) {
                if (alive(list.front().force)) return true;
                erase(list.front().force);
            }
    }
    return false;
}

std::vector<Hex> SidePositions::enemy_hexes(int side) {
    std::vector<Hex> out;
    for (int g = 0; g < static_cast<int>(sides_.size()); ++g) {
        if (g == side) continue;
        for (const auto& list : sides_[g].pairs[0].by_a)
            for (const Entry& e : list)
                if (alive(e.force)) out.push_back(indexed_at_[e.force]);
    }
    return out;
}

}  // namespace umpire::rules
