#pragma once
// Which forces stand on which hex, so "who holds this hex?" costs an array read instead of a
// scan of every force (a 10,000-force period asks it hundreds of thousands of times). A cache
// inside CampaignState, switched on only while a period resolves (resolve_period), where every
// move goes through CampaignState::move_force; outside it, and in every copy of a state, lookups
// scan. Built on first use over the box the forces stand in (rebuilt, wider, when a force moves
// out of it, or when the forces vector was replaced or resized): per hex of the box the first
// force standing there, per force the next one on its hex, in index order. Eliminated forces
// (no regiments) are filtered at lookup, not here.
#include <cstdint>
#include <vector>

#include "umpire/rules/hex.hpp"

namespace umpire::rules {

struct Force;

class Occupancy {
public:
    bool tracking() const { return tracking_; }
    void track(bool on) {
        tracking_ = on;
        clear();
    }
    // Calls visit(index) for the indices into `forces` of the forces whose hex is h, ascending
    // (eliminated ones included).
    template <typename Visit>
    void each(const std::vector<Force>& forces, Hex h, Visit visit) {
        if (!fresh(forces)) rebuild(forces);
        const long cell = cell_of(h);
        if (cell < 0) return;
        for (std::int32_t i = head_[static_cast<std::size_t>(cell)]; i >= 0;
             i = next_[static_cast<std::size_t>(i)])
            visit(static_cast<std::uint32_t>(i));
    }
    // Force `index` has moved from `from` to its current hex.
    void moved(const std::vector<Force>& forces, std::uint32_t index, Hex from);
    // The indices of the forces moved while tracking, in order (a force once per move).
    const std::vector<std::uint32_t>& moves() const { return moves_; }

private:
    bool fresh(const std::vector<Force>& forces) const;
    void rebuild(const std::vector<Force>& forces, int margin = 8);
    void clear();
    long cell_of(Hex h) const {
        const long q = static_cast<long>(h.q) - low_.q, r = static_cast<long>(h.r) - low_.r;
        if (q < 0 || r < 0 || q >= width_ || r >= height_) return -1;
        return r * width_ + q;
    }
    void link(std::uint32_t index, long cell);
    void unlink(std::uint32_t index, long cell);

    bool tracking_ = false;
    const Force* data_ = nullptr;  // the vector the index was built for
    std::size_t size_ = 0;
    Hex low_;
    long width_ = 0, height_ = 0;
    std::vector<std::int32_t> head_;  // per cell of the box: the lowest force index there, or -1
    std::vector<std::int32_t> next_;  // per force: the next force index on its hex, or -1
    std::vector<std::uint32_t> moves_;
};

}  // namespace umpire::rules
