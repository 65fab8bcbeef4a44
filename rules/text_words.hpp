#pragma once
// Short texts read a word at a time (ids, names, JSON strings): fixed-size loads the compiler
// keeps inline, where copying or comparing a few bytes was a call to memcpy or memcmp.
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace umpire::rules::text_words {

inline std::uint64_t load8(const char* p) {
    std::uint64_t word;
    std::memcpy(&word, p, 8);
    return word;
}
inline std::uint32_t load4(const char* p) {
    std::uint32_t word;
    std::memcpy(&word, p, 4);
    return word;
}

// The bytes of a text shorter than eight as one word, each at least once (some twice where the
// loads overlap). Under four bytes the three low bytes hold them and the rest is `fill`'s; an
// empty text is `fill`.
[[gnu::always_inline]] inline std::uint64_t short_word(const char* p, std::size_t n,
                                                       std::uint64_t fill) {
    if (n >= 4) return load4(p) | static_cast<std::uint64_t>(load4(p + n - 4)) << 32;
    if (n == 0) return fill;
    const auto byte = [](char c) { return std::uint64_t{static_cast<unsigned char>(c)}; };
    return (fill & ~0xffffffull) | byte(p[0]) | byte(p[n / 2]) << 8 | byte(p[n - 1]) << 16;
}

}  // namespace umpire::rules::text_words
