#pragma once
// Partial JSON matching for table-driven tests: an expectation names only the members it cares
// about. Objects match when every expected member matches; arrays and scalars must be equal in
// length and value.
#include <nlohmann/json.hpp>

#include <string>

namespace umpire::testing {

using Json = nlohmann::json;

// Empty when `actual` matches `expected`; otherwise where and how it differs.
inline std::string json_mismatch(const Json& expected, const Json& actual,
                                 const std::string& path = "$") {
    if (expected.is_object()) {
        if (!actual.is_object()) return path + ": expected an object, got " + actual.dump();
        for (auto it = expected.begin(); it != expected.end(); ++it) {
            if (!actual.contains(it.key())) return path + "." + it.key() + ": missing";
            auto why = json_mismatch(it.value(), actual[it.key()], path + "." + it.key());
            if (!why.empty()) return why;
        }
        return {};
    }
    if (expected.is_array()) {
        if (!actual.is_array() || actual.size() != expected.size())
            return path + ": expected " + expected.dump() + ", got " + actual.dump();
        for (std::size_t i = 0; i < expected.size(); ++i) {
            auto why = json_mismatch(expected[i], actual[i], path + "[" + std::to_string(i) + "]");
            if (!why.empty()) return why;
        }
        return {};
    }
    if (expected != actual) return path + ": expected " + expected.dump() + ", got " + actual.dump();
    return {};
}

inline bool json_matches(const Json& expected, const Json& actual) {
    return json_mismatch(expected, actual).empty();
}

}  // namespace umpire::testing
