#pragma once
// Where the forces of each side stand, for R-10.2's "does this step come closer to some enemy?",
// asked at every step of every retreat about every enemy force on the map. Listing and indexing
// the enemies afresh for each retreat made a 10,000-force period grow faster than N log N; this
// index is built once while a period resolves and kept up to date from the move journal
// (CampaignState::moves()). Eliminated forces are dropped when a query meets them (they never
// come back: ). Outside resolution a retreat builds its own, from scratch.
//
// Cube coordinates (q, r, -q-r): a hex step adds 1 to one of them and takes 1 from another, and
// it comes closer to e exactly when e is beyond the stepper in the first and short of it in the
// second. Per pair of coordinates (a, b), the forces are kept by their value of a, each list
// sorted by b, with the least and greatest b of every block of values of a: "some force with
// a > x and b < y" then costs a walk over blocks, not over forces.
#include <cstdint>
#include <string>
#include <vector>

#include "umpire/rules/hex.hpp"

namespace umpire::rules {

struct CampaignState;
struct Force;

class SidePositions {
public:
    // Brings the index up to date: built on first use or when the forces vector was replaced,
    // then moved along the journal of moves.
    void sync(const CampaignState& state);

    // The number this index gives a side id (CampaignState::side_of); -1 for one no force has.
    int group_of(const std::string& side) const;
    // Some force on the map of another side than `side` (a group_of number) whose cube
    // coordinate `up` is greater than from's and `down` less: the step from `from` adding to
    // `up` and taking from `down` comes closer to it.
    bool enemy_closer_to_step(int side, Hex from, int up, int down);
    // Some force on the map of another side than `side`.
    bool any_enemy(int side);
    // The hexes of the forces on the map of other sides than `side` (one per force).
    std::vector<Hex> enemy_hexes(int side);

    static int cube(Hex h, int axis) { return axis == 0 ? h.q : axis == 1 ? h.r : -h.q - h.r; }

private:
    struct Entry {
        int b;
        std::uint32_t force;
        auto operator<=>(const Entry&) const = default;
    };
    // One side's forces by one pair of cube coordinates (a, b).
    struct PairIndex {
        int a = 0, b = 0;
        int low = 0;                           // the least value of a indexed
        std::vector<std::vector<Entry>> by_a;  // [a - low]: sorted by b
        std::vector<int> block_min, block_max;  // least and greatest b per kBlock values of a
        void insert(Hex h, std::uint32_t force);
        void erase(Hex h, std::uint32_t force);
        void refresh_block(std::size_t block);
    };
    struct SideIndex {
        PairIndex pairs[3];  // (q, r), (q, s), (r, s)
    };
    static constexpr std::size_t kBlock = 16;

    void build(const CampaignState& state);
    bool in_range(Hex h) const;
    void insert(std::uint32_t force, Hex h);
    void erase(std::uint32_t force);
    bool alive(std::uint32_t force) const;
    // Some live force in `index` with a > x and b < y (above) or a < x and b > y (below).
    bool any_above(PairIndex& index, int x, int y);
    bool any_below(PairIndex& index, int x, int y);

    const std::vector<Force>* forces_ = nullptr;
    const Force* data_ = nullptr;  // the vector the index was built for
    std::size_t size_ = 0;
    std::size_t journal_read_ = 0;  // moves taken from CampaignState::moves()
    int low_[3] = {0, 0, 0}, high_[3] = {0, 0, 0};  // the cube range indexed, per axis
    std::vector<std::string> groups_;  // side ids by number ("" first: players without one)
    std::vector<SideIndex> sides_;     // by number
    std::vector<int> side_of_;         // per force index
    std::vector<Hex> indexed_at_;  // per force index, where it is indexed
    std::vector<char> indexed_;    // per force index
};

}  // namespace umpire::rules
