#pragma once
// Which forces stand on which hex, so "who holds this hex?" costs a hash lookup instead of a
// scan of every force (a 10,000-force period asks it tens of thousands of times). A cache inside
// CampaignState, switched on only while a period resolves (resolve_period), where every move
// goes through CampaignState::move_force; outside it, and in every copy of a state, lookups
// scan. Built on first use, rebuilt when the forces vector was replaced or resized. Eliminated
// forces (no regiments) are filtered at lookup, not here.
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "rules/hex.hpp"

namespace umpire::rules {

struct Force;

class Occupancy {
public:
    Occupancy() = default;
    // A copy starts switched off: its forces vector is another one.
    Occupancy(const Occupancy&) {}
    Occupancy& operator=(const Occupancy&) {
        clear();
        tracking_ = false;
        return *this;
    }
    Occupancy(Occupancy&&) noexcept = default;
    Occupancy& operator=(Occupancy&&) noexcept = default;

    bool tracking() const { return tracking_; }
    void track(bool on) {
        tracking_ = on;
        clear();
    }
    // Indices into `forces` of the forces whose hex is h, ascending (eliminated ones included).
    const std::vector<std::uint32_t>& at(const std::vector<Force>& forces, Hex h);
    // Force `index` has moved from `from` to its current hex.
    void moved(const std::vector<Force>& forces, std::uint32_t index, Hex from);
    // The indices of the forces moved while tracking, in order (a force once per move).
    const std::vector<std::uint32_t>& moves() const { return moves_; }

private:
    bool fresh(const std::vector<Force>& forces) const;
    void rebuild(const std::vector<Force>& forces);
    void clear();

    bool tracking_ = false;
    const Force* data_ = nullptr;  // the vector the index was built for
    std::size_t size_ = 0;
    std::unordered_map<std::uint64_t, std::vector<std::uint32_t>> by_hex_;
    std::vector<std::uint32_t> moves_;
};

}  // namespace umpire::rules
