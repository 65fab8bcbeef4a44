// The state's version (rules/period.hpp): a digest of the state written as a scenario document.
#include "rules/period.hpp"
#include "rules/scenario_io.hpp"
#include "rules/sha256.hpp"

namespace umpire::rules {

std::string state_version_of_text(std::string_view snapshot, std::string_view key) {
    return key.empty() ? sha256_hex(snapshot) : hmac_sha256_hex(key, snapshot);
}

std::string state_version(const CampaignState& state, std::string_view key) {
    return state_version_of_text(write_scenario(state).dump(), key);
}

}  // namespace umpire::rules
