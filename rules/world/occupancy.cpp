#include "rules/world/occupancy.hpp"

#include <algorithm>

#include "umpire/rules/world.hpp"

namespace umpire::rules {

bool Occupancy::fresh(const std::vector<Force>& forces) const {
    return data_ == forces.data() && size_ == forces.size() && size_ > 0;
}

void Occupancy::clear() {
    data_ = nullptr;
    size_ = 0;
    head_.clear();
    next_.clear();
    moves_.clear();
}

void Occupancy::rebuild(const std::vector<Force>& forces, int margin) {
    data_ = forces.data();
    size_ = forces.size();
    head_.clear();
    next_.assign(forces.size(), -1);
    if (forces.empty()) return;
    Hex low = forces.front().hex(), high = low;
    for (const auto& f : forces) {
        low = {std::min(low.q, f.hex().q), std::min(low.r, f.hex().r)};
        high = {std::max(high.q, f.hex().q), std::max(high.r, f.hex().r)};
    }
    low_ = {low.q - margin, low.r - margin};
    width_ = static_cast<long>(high.q) - low.q + 1 + 2L * margin;
    height_ = static_cast<long>(high.r) - low.r + 1 + 2L * margin;
    head_.assign(static_cast<std::size_t>(width_ * height_), -1);
    // Linked from the highest index down, so each hex's list is ascending.
    for (std::size_t i = forces.size(); i-- > 0;) {
        const auto cell = static_cast<std::size_t>(cell_of(forces[i].hex()));
        next_[i] = head_[cell];
        head_[cell] = static_cast<std::int32_t>(i);
    }
}

void Occupancy::link(std::uint32_t index, long cell) {
    std::int32_t* at = &head_[static_cast<std::size_t>(cell)];
    while (*at >= 0 && static_cast<std::uint32_t>(*at) < index)
        at = &next_[static_cast<std::size_t>(*at)];
    next_[index] = *at;
    *at = static_cast<std::int32_t>(index);
}

void Occupancy::unlink(std::uint32_t index, long cell) {
    std::int32_t* at = &head_[static_cast<std::size_t>(cell)];
    while (*at >= 0 && static_cast<std::uint32_t>(*at) != index)
        at = &next_[static_cast<std::size_t>(*at)];
    if (*at >= 0) *at = next_[index];
    next_[index] = -1;
}

void Occupancy::moved(const std::vector<Force>& forces, std::uint32_t index, Hex from) {
    if (!tracking_) return;
    moves_.push_back(index);
    if (!fresh(forces)) return;  // built from the current hexes when next asked
    const long to = cell_of(forces[index].hex());
    if (to < 0) {  // out of the box: built again around every force, with more room
        rebuild(forces, 8 + static_cast<int>(std::max(width_, height_)));
        return;
    }
    unlink(index, cell_of(from));
    link(index, to);
}

}  // namespace umpire::rules
