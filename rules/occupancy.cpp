#include "rules/occupancy.hpp"

#include <algorithm>

#include "rules/world.hpp"

namespace umpire::rules {

namespace {
const std::vector<std::uint32_t> kNobody;
}

bool Occupancy::fresh(const std::vector<Force>& forces) const {
    return data_ == forces.data() && size_ == forces.size() && size_ > 0;
}

void Occupancy::clear() {
    data_ = nullptr;
    size_ = 0;
    by_hex_.clear();
    moves_.clear();
}

void Occupancy::rebuild(const std::vector<Force>& forces) {
    by_hex_.clear();
    by_hex_.reserve(forces.size());
    for (std::uint32_t i = 0; i < forces.size(); ++i)
        by_hex_[hex_key(forces[i].hex)].push_back(i);
    data_ = forces.data();
    size_ = forces.size();
}

const std::vector<std::uint32_t>& Occupancy::at(const std::vector<Force>& forces, Hex h) {
    if (!fresh(forces)) rebuild(forces);
    auto it = by_hex_.find(hex_key(h));
    return it == by_hex_.end() ? kNobody : it->second;
}

void Occupancy::moved(const std::vector<Force>& forces, std::uint32_t index, Hex from) {
    if (!tracking_) return;
    moves_.push_back(index);
    if (!fresh(forces)) return;  // built from the current hexes when next asked
    auto& old_list = by_hex_[hex_key(from)];
    old_list.erase(std::remove(old_list.begin(), old_list.end(), index), old_list.end());
    if (old_list.empty()) by_hex_.erase(hex_key(from));
    auto& new_list = by_hex_[hex_key(forces[index].hex)];
    new_list.insert(std::upper_bound(new_list.begin(), new_list.end(), index), index);
}

}  // namespace umpire::rules
