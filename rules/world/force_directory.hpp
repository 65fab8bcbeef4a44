#pragma once
// Force by id and side by force, answered by hash lookups instead of a binary search over id
// strings and a scan of the players: a resolving period asks both hundreds of thousands of
// times. A cache inside CampaignState, used like Occupancy only while a period resolves (no
// force or player is added then); rebuilt when the forces or players vector was replaced.
#include <cstdint>
#include <string>
#include <string_view>
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
    // Rebuilds the tables when the forces or players vector is not the one they were built for.
    void refresh(const CampaignState& state);
    void rebuild(const CampaignState& state);
    // The slot of `id` in slots_ (where it is, or the empty slot where it would go) and the
    // tag it has or would have there.
    struct Probe {
        std::size_t slot;
        std::uint32_t tag;
    };
    Probe probe(const CampaignState& state, std::string_view id) const;

    const void* forces_data_ = nullptr;
    std::size_t forces_size_ = 0;
    const void* players_data_ = nullptr;
    std::size_t players_size_ = 0;
    // Open addressing, linear probing: force index + 1 per slot, 0 for empty; a power of two at
    // least twice the forces. A std::unordered_map spent more on its general hash and its
    // buckets than on finding.
    std::vector<std::uint32_t> slots_;
    // Per slot, 32 bits of the id's hash: an id is compared only with those whose tag matches.
    std::vector<std::uint32_t> tags_;
    std::vector<const std::string*> side_;  // per force index
};

}  // namespace umpire::rules
