#include "umpire/rules/world.hpp"

#include <algorithm>
#include <bit>
#include <cassert>

#include "rules/world/name_table.hpp"

namespace umpire::rules {

int Regiment::figures() const {
    int total = 0;
    for (const auto& c : companies) total += c.figures;
    return total;
}

int Force::figures() const {
    int total = 0;
    for (const auto& r : regiments) total += r.figures();
    return total;
}

// find_force and side_of are in force_directory.cpp, compiled together with the lookup they use.

const Player* CampaignState::find_player(const std::string& id) const {
    auto it = std::find_if(players.begin(), players.end(), [&](const Player& p) { return p.id == id; });
    return it == players.end() ? nullptr : &*it;
}

const Side* CampaignState::find_side(const std::string& id) const {
    auto it = std::find_if(sides.begin(), sides.end(), [&](const Side& s) { return s.id == id; });
    return it == sides.end() ? nullptr : &*it;
}

const Force* CampaignState::force_at(Hex h) const {
    if (!occupancy_.tracking()) {
        for (const auto& f : forces)
            // An eliminated force holds nothing.
            if (f.hex() == h && !f.regiments.empty()) return &f;
        return nullptr;
    }
    const Force* found = nullptr;
    for_each_force_at(h, [&](const Force& f) {
        if (!found) found = &f;
    });
    // Debug builds (the sanitizer run) check the index against a scan of every force.
    assert(found == [&]() -> const Force* {
        for (const auto& f : forces)
            if (f.hex() == h && !f.regiments.empty()) return &f;
        return nullptr;
    }());
    return found;
}

std::vector<const Force*> CampaignState::forces_at(Hex h, const Force* except) const {
    std::vector<const Force*> out;
    if (!occupancy_.tracking()) {
        for (const auto& f : forces)
            if (f.hex() == h && &f != except && !f.regiments.empty()) out.push_back(&f);
        return out;
    }
    for_each_force_at(h, [&](const Force& f) {
        if (&f != except) out.push_back(&f);
    });
    return out;
}

std::vector<const Force*> forces_next_to(const CampaignState& state, Hex h) {
    std::vector<const Force*> out;
    for (Hex n : neighbours(h))
        state.for_each_force_at(n, [&](const Force& f) { out.push_back(&f); });
    std::sort(out.begin(), out.end());  // addresses in the vector follow id order
    return out;
}

int nearest_force_distance(const CampaignState& state, Hex h,
                           const std::function<bool(const Force&)>& wanted) {
    auto found_at = [&](Hex at) {
        bool found = false;
        state.for_each_force_at(at, [&](const Force& f) { found = found || wanted(f); });
        return found;
    };
    if (found_at(h)) return 0;
    std::size_t looked_at = 1;  // rings while they are smaller than a scan of every force
    for (int radius = 1; looked_at < state.forces.size(); ++radius) {
        if (visit_ring(h, radius, found_at)) return radius;
        looked_at += 6 * static_cast<std::size_t>(radius);
    }
    int nearest = -1;
    for (const auto& f : state.forces)
        if (!f.regiments.empty() && wanted(f) &&
            (nearest < 0 || hex_distance(h, f.hex()) < nearest))
            nearest = hex_distance(h, f.hex());
    return nearest;
}

SidePositions* CampaignState::side_positions() const {
    if (!occupancy_.tracking()) return nullptr;
    side_positions_.sync(*this);
    return &side_positions_;
}

void CampaignState::move_force(Force& force, Hex to) {
    const Hex from = force.hex_;
    force.hex_ = to;
    if (&force >= forces.data() && &force < forces.data() + forces.size())
        occupancy_.moved(forces, static_cast<std::uint32_t>(&force - forces.data()), from);
}

namespace {
constexpr std::pair<OrderState, const char*> kOrderStates[] = {
    {OrderState::formed, "formed"},
    {OrderState::unformed, "unformed"},
    {OrderState::in_retreat, "in_retreat"},
    {OrderState::in_rout, "in_rout"}};
constexpr std::pair<CavalryReadiness, const char*> kReadiness[] = {
    {CavalryReadiness::fresh, "fresh"},
    {CavalryReadiness::tired, "tired"},
    {CavalryReadiness::exhausted, "exhausted"}};
constexpr std::pair<PeriodKind, const char*> kPeriods[] = {{PeriodKind::day, "day"},
                                                           {PeriodKind::night, "night"}};
constexpr std::pair<HalfPeriod, const char*> kHalfPeriods[] = {
    {HalfPeriod::morning, "morning"},
    {HalfPeriod::afternoon, "afternoon"},
    {HalfPeriod::evening, "evening"},
    {HalfPeriod::night, "night"}};
}  // namespace

std::string to_string(OrderState s) { return std::string(name_in(kOrderStates, s, "?")); }
std::optional<OrderState> order_state_from_string(const std::string& s) {
    return value_in<OrderState>(kOrderStates, s);
}
std::string to_string(CavalryReadiness r) { return std::string(name_in(kReadiness, r, "?")); }
std::optional<CavalryReadiness> readiness_from_string(const std::string& s) {
    return value_in<CavalryReadiness>(kReadiness, s);
}
std::string to_string(PeriodKind p) { return std::string(name_in(kPeriods, p, "?")); }
std::optional<PeriodKind> period_kind_from_string(const std::string& s) {
    return value_in<PeriodKind>(kPeriods, s);
}
std::string to_string(HalfPeriod h) { return std::string(name_in(kHalfPeriods, h, "?")); }

}  // namespace umpire::rules

namespace umpire::rules {

std::vector<std::pair<std::size_t, std::size_t>> adjacent_force_pairs(
    const std::vector<Force>& forces) {
    // (hex, force) sorted by hex, and where each hex's run starts in an open-addressing table:
    // this runs at moments of movement over every force, six neighbours each, and one sorted
    // vector with a flat index costs less than a hash table of lists or a binary search each.
    std::vector<std::pair<std::uint64_t, std::size_t>> at;
    at.reserve(forces.size());
    for (std::size_t i = 0; i < forces.size(); ++i)
        if (!forces[i].regiments.empty()) at.push_back({hex_key(forces[i].hex()), i});
    std::sort(at.begin(), at.end());
    constexpr std::uint32_t kEmpty = ~0u;
    std::vector<std::uint32_t> run_start(std::bit_ceil(2 * at.size() + 2), kEmpty);
    const std::size_t mask = run_start.size() - 1;
    const auto slot_of = [&](std::uint64_t key) {
        std::size_t slot = ((key * 0x9e3779b97f4a7c15ull) >> 40) & mask;
        while (run_start[slot] != kEmpty && at[run_start[slot]].first != key)
            slot = (slot + 1) & mask;
        return slot;
    };
    for (std::size_t k = 0; k < at.size(); ++k)
        if (k == 0 || at[k].first != at[k - 1].first)
            run_start[slot_of(at[k].first)] = static_cast<std::uint32_t>(k);
    std::vector<std::pair<std::size_t, std::size_t>> pairs;
    for (std::size_t i = 0; i < forces.size(); ++i) {
        if (forces[i].regiments.empty()) continue;
        for (Hex h : neighbours(forces[i].hex())) {
            const std::uint64_t key = hex_key(h);
            const std::uint32_t start = run_start[slot_of(key)];
            if (start == kEmpty) continue;
            for (std::size_t k = start; k < at.size() && at[k].first == key; ++k)
                if (at[k].second > i) pairs.push_back({i, at[k].second});
        }
    }
    std::sort(pairs.begin(), pairs.end());
    return pairs;
}

std::vector<std::pair<std::size_t, std::size_t>> adjacent_force_pairs(const CampaignState& state) {
    if (!state.tracking_positions()) return adjacent_force_pairs(state.forces);
    const auto& forces = state.forces;
    std::vector<std::pair<std::size_t, std::size_t>> pairs;
    for (std::size_t i = 0; i < forces.size(); ++i) {
        if (forces[i].regiments.empty()) continue;
        const std::size_t first = pairs.size();
        for (Hex h : neighbours(forces[i].hex()))
            state.for_each_force_at(h, [&](const Force& other) {
                const auto j = static_cast<std::size_t>(&other - forces.data());
                if (j > i) pairs.push_back({i, j});
            });
        // The six hexes' forces come hex by hex; each force stands on one hex, so no pair twice.
        std::sort(pairs.begin() + static_cast<std::ptrdiff_t>(first), pairs.end());
    }
    return pairs;
}

}  // namespace umpire::rules
