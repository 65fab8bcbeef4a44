#pragma once
// Typed shapes and knowledge facts (rules/events/shapes.generated.hpp) as the JSON they are stored
// and sent as, for tests that compare them with expected JSON.
#include <string>

#include "umpire/rules/shapes_json.generated.hpp"
#include "umpire/rules/world.hpp"

namespace umpire::testing {

template <typename Shape>
rules::Json json_of(const Shape& value) {
    return rules::Json::parse(rules::shape::json_text_of(value));
}

inline std::string kind_of(const rules::KnownFact& fact) {
    return std::string(rules::shape::fact_kind(fact.value));
}

}  // namespace umpire::testing
