#pragma once
// Reading a ruleset file (rulesets/*.json, docs/ruleset-format.md) into the engine's Ruleset:
// every section checked, every problem recorded under its JSON path.
#include <optional>
#include <string>

#include "umpire/rules/json_reader.hpp"
#include "umpire/rules/ruleset.hpp"

namespace umpire::rules {

// Validates a ruleset document; on success returns the ruleset, otherwise fills `problems`.
std::optional<Ruleset> load_ruleset(const Json& document, Problems& problems);
std::optional<Ruleset> load_ruleset_file(const std::string& file, Problems& problems);

}  // namespace umpire::rules
