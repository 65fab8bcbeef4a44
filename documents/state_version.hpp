#pragma once
// The version a battle record binds to: a digest of the state written as a scenario
// document (compact JSON), that is of the snapshot text storage keeps, HMAC-SHA256 under
// `key`. Players see it, so it must not be a plain digest of the secret state: one who knows
// the scenario could test guesses of the enemy's hidden figures against it offline.
// Without a key (tools and tests that hold the whole state anyway), the plain SHA-256.
// The engine takes it as PeriodInputs::start_version, or calls it through version_of.
#include <string>
#include <string_view>

#include "umpire/rules/world.hpp"

namespace umpire::rules {

std::string state_version(const CampaignState& state, std::string_view key = {});
std::string state_version_of_text(std::string_view snapshot, std::string_view key);

}  // namespace umpire::rules
