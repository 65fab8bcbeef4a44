#pragma once
// Scripted dice as JSON: {"rolls": [4, {"value": 2, "purpose": "rolloff"}, ...]} or a bare
// array. A purpose, when given, must prefix the purpose the engine rolls for.
#include <optional>
#include <vector>

#include "umpire/rules/dice.hpp"
#include "umpire/rules/json_reader.hpp"

namespace umpire::rules {

std::optional<std::vector<ScriptedRoll>> read_scripted_rolls(const Json& document,
                                                             const std::string& path,
                                                             Problems& problems);

}  // namespace umpire::rules
