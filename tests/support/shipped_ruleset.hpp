#pragma once
// The shipped ruleset (rulesets/valormr-1.json), loaded once for every test that needs it.
#include <stdexcept>
#include <string>

#include "documents/ruleset_load.hpp"
#include "umpire/rules/ruleset.hpp"

namespace umpire::rules {

inline const std::string kRulesetDir = std::string(UMPIRE_SOURCE_DIR) + "/rulesets";

inline const Ruleset& valormr() {
    static const Ruleset ruleset = [] {
        Problems problems;
        auto loaded = load_ruleset_file(kRulesetDir + "/valormr-1.json", problems);
        if (!loaded) throw std::runtime_error(problems.to_text());
        return *loaded;
    }();
    return ruleset;
}

}  // namespace umpire::rules
