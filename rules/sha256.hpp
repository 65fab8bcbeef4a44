#pragma once
// SHA-256 (FIPS 180-4) in plain C++: rules/ links only the standard library, and a campaign pins
// its ruleset by the hash of the ruleset's canonical JSON.
#include <string>
#include <string_view>

namespace umpire::rules {

// The digest of `data` as 64 lowercase hex characters.
std::string sha256_hex(std::string_view data);

}  // namespace umpire::rules
