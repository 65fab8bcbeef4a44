#include "rules/world/force_directory.hpp"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstring>

#include "rules/world/text_words.hpp"
#include "umpire/rules/world.hpp"

namespace umpire::rules {

namespace {

using text_words::id_hash;

// Whether two ids are the same text: a tag match nearly always means they are.
bool same_id(std::string_view a, std::string_view b) {
    return text_words::same_text(a.data(), a.size(), b.data(), b.size());
}

}  // namespace

ForceDirectory::Probe ForceDirectory::probe(const CampaignState& state,
                                            std::string_view id) const {
    const std::uint64_t hash = id_hash(id);
    const auto tag = static_cast<std::uint32_t>(hash >> 32);
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t slot = hash & mask;; slot = (slot + 1) & mask)
        if (slots_[slot] == 0 ||
            (tags_[slot] == tag && same_id(state.forces[slots_[slot] - 1].id, id)))
            return {slot, tag};
}

void ForceDirectory::refresh(const CampaignState& state) {
    if (forces_data_ != state.forces.data() || forces_size_ != state.forces.size() ||
        players_data_ != state.players.data() || players_size_ != state.players.size() ||
        forces_size_ == 0) [[unlikely]]
        rebuild(state);
}

// Out of line: refresh, called on every lookup, stays a few compares.
[[gnu::noinline]] void ForceDirectory::rebuild(const CampaignState& state) {
    static const std::string none;
    slots_.assign(std::bit_ceil(2 * state.forces.size() + 1), 0);
    tags_.assign(slots_.size(), 0);
    side_.assign(state.forces.size(), &none);
    for (std::uint32_t i = 0; i < state.forces.size(); ++i) {
        const Force& f = state.forces[i];
        const Probe found = probe(state, f.id);
        if (slots_[found.slot] == 0) {  // the first of equal ids, as a scan finds it
            slots_[found.slot] = i + 1;
            tags_[found.slot] = found.tag;
        }
        if (const Player* p = state.find_player(f.player)) side_[i] = &p->side;
    }
    forces_data_ = state.forces.data();
    forces_size_ = state.forces.size();
    players_data_ = state.players.data();
    players_size_ = state.players.size();
}

long ForceDirectory::index_of(const CampaignState& state, std::string_view id) {
    refresh(state);
    return static_cast<long>(slots_[probe(state, id).slot]) - 1;
}

const std::string& ForceDirectory::side_of(const CampaignState& state, std::size_t index) {
    refresh(state);
    return *side_[index];
}

// CampaignState's lookups by id and side are here, with the directory, so that the directory's
// lookup is compiled into them rather than called: a 1,000-force period asks them some 150,000
// times.
long CampaignState::force_index(const std::string& id) const {
    if (occupancy_.tracking()) {
        const long i = directory_.index_of(*this, id);
        assert(i == [&] {  // Debug builds check the directory against a scan
            auto it = std::find_if(forces.begin(), forces.end(),
                                   [&](const Force& f) { return f.id == id; });
            return it == forces.end() ? -1L : static_cast<long>(it - forces.begin());
        }());
        return i;
    }
    // Forces are kept in ascending id order: a binary search, with a scan as the fallback for
    // a state someone built out of order.
    auto it = std::lower_bound(forces.begin(), forces.end(), id,
                               [](const Force& f, const std::string& key) { return f.id < key; });
    if (it != forces.end() && it->id == id) return it - forces.begin();
    it = std::find_if(forces.begin(), forces.end(), [&](const Force& f) { return f.id == id; });
    return it == forces.end() ? -1 : it - forces.begin();
}

Force* CampaignState::find_force(const std::string& id) {
    const long i = force_index(id);
    return i < 0 ? nullptr : &forces[static_cast<std::size_t>(i)];
}

const Force* CampaignState::find_force(const std::string& id) const {
    const long i = force_index(id);
    return i < 0 ? nullptr : &forces[static_cast<std::size_t>(i)];
}

const std::string& CampaignState::side_of(const Force& force) const {
    static const std::string none;
    if (occupancy_.tracking() && &force >= forces.data() &&
        &force < forces.data() + forces.size()) {
        const auto index = static_cast<std::size_t>(&force - forces.data());
        const std::string& side = directory_.side_of(*this, index);
        assert([&] {  // Debug builds check the directory against the players
            const Player* p = find_player(force.player);
            return side == (p ? p->side : none);
        }());
        return side;
    }
    const Player* p = find_player(force.player);
    return p ? p->side : none;
}

}  // namespace umpire::rules
