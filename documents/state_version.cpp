#include "documents/state_version.hpp"

#include "documents/scenario_io.hpp"
#include "umpire/rules/sha256.hpp"

namespace umpire::rules {

std::string state_version_of_text(std::string_view snapshot, std::string_view key) {
    return key.empty() ? sha256_hex(snapshot) : hmac_sha256_hex(key, snapshot);
}

std::string state_version(const CampaignState& state, std::string_view key) {
    return state_version_of_text(write_scenario(state).dump(), key);
}

}  // namespace umpire::rules
