#pragma once
// Force by id and side by force, answered by hash lookups instead of a binary search over id
// strings and a scan of the players: a resolving period asks both hundreds of thousands of
// times. A cache inside CampaignState, used like Occupancy only while a period resolves (no
// force or player is added then); rebuilt when the forces or players vector was replaced.
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace umpire::rules {

struct CampaignState;
struct Force;

class ForceDirectory {
public:
    // The index in state.forces of the force with this id, or -1.
    long index_of(const CampaignState& state, std::string_view id);
    // The side of state.forces[index] (CampaignState::side_of).
    const std::string& side_of(const CampaignState& state, std::size_t index);

private:
    void refresh(const CampaignState& state);

    const void* forces_data_ = nullptr;
    std::size_t forces_size_ = 0;
    const void* players_data_ = nullptr;
    std::size_t players_size_ = 0;
    std::unordered_map<std::string_view, std::uint32_t> by_id_;
    std::vector<const std::string*> side_;  // per force index
};

}  // namespace umpire::rules
