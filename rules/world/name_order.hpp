#pragma once
// std::string's order (bytes as unsigned char, then the shorter first), compared a byte at a
// time: names mostly differ in their first letters, and a call to memcmp per comparison cost
// more than the comparing.
#include <algorithm>
#include <cstddef>
#include <string_view>

namespace umpire::rules {

inline bool key_less(std::string_view a, std::string_view b) {
    const std::size_t common = std::min(a.size(), b.size());
    for (std::size_t i = 0; i < common; ++i)
        if (a[i] != b[i]) return static_cast<unsigned char>(a[i]) < static_cast<unsigned char>(b[i]);
    return a.size() < b.size();
}

// For maps keyed by short names looked up while a period resolves (the ruleset's terrain and
// troop types): the same order as std::less<std::string>, so iterating gives the same sequence.
struct NameLess {
    using is_transparent = void;
    bool operator()(std::string_view a, std::string_view b) const { return key_less(a, b); }
};

}  // namespace umpire::rules
