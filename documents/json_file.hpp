#pragma once
// Reading a JSON file (a scenario, a ruleset, a dice script): the engine reads no files.
#include <optional>
#include <string>

#include "umpire/rules/json_reader.hpp"

namespace umpire::rules {

// Reads and parses a file; an unreadable file is a problem too, as is a syntax error (at "$",
// with the byte offset).
std::optional<Json> read_json_file(const std::string& file, Problems& problems);

}  // namespace umpire::rules
