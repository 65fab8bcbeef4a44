#include "rules/force_directory.hpp"

#include "rules/world.hpp"

namespace umpire::rules {

void ForceDirectory::refresh(const CampaignState& state) {
    if (forces_data_ == state.forces.data() && forces_size_ == state.forces.size() &&
        players_data_ == state.players.data() && players_size_ == state.players.size() &&
        forces_size_ > 0)
        return;
    static const std::string none;
    by_id_.clear();
    by_id_.reserve(state.forces.size());
    side_.assign(state.forces.size(), &none);
    for (std::uint32_t i = 0; i < state.forces.size(); ++i) {
        const Force& f = state.forces[i];
        by_id_.emplace(f.id, i);  // the first of equal ids, as a scan finds it
        if (const Player* p = state.find_player(f.player)) side_[i] = &p->side;
    }
    forces_data_ = state.forces.data();
    forces_size_ = state.forces.size();
    players_data_ = state.players.data();
    players_size_ = state.players.size();
}

long ForceDirectory::index_of(const CampaignState& state, std::string_view id) {
    refresh(state);
    auto it = by_id_.find(id);
    return it == by_id_.end() ? -1 : static_cast<long>(it->second);
}

const std::string& ForceDirectory::side_of(const CampaignState& state, std::size_t index) {
    refresh(state);
    return *side_[index];
}

}  // namespace umpire::rules
