#pragma once
// The demo scenario (scenarios/valormr-demo.json) with its ruleset, for tests of the rules.
#include <stdexcept>
#include <string>

#include "documents/scenario_io.hpp"

namespace umpire::rules {

inline LoadedScenario load_demo() {
    Problems problems;
    auto loaded =
        load_scenario_file(std::string(UMPIRE_SOURCE_DIR) + "/scenarios/valormr-demo.json",
                           {std::string(UMPIRE_SOURCE_DIR) + "/rulesets"}, problems);
    if (!loaded) throw std::runtime_error(problems.to_text());
    return *loaded;
}

}  // namespace umpire::rules
