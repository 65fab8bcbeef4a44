#pragma once
// One line of plain English per event, for people watching a resolution (`--format text`).
#include "rules/json_reader.hpp"

#include <string>

namespace umpire::cli {

std::string describe_event(const rules::Json& event);

}  // namespace umpire::cli
