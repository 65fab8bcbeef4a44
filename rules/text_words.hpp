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

// A word standing for a text: for texts of up to eight bytes of the same length, equal words
// mean equal texts (every byte is in the word); longer texts must be compared as well.
inline std::uint64_t text_word(const char* p, std::size_t n) {
    return n >= 8 ? load8(p) : short_word(p, n, 0);
}

// Whether two short texts (ids) are the same: ids of up to 16 bytes are compared in two
// overlapping words rather than by a call to memcmp.
inline bool same_text(const char* a, std::size_t n, const char* b, std::size_t m) {
    if (n != m) return false;
    if (n > 16) return std::memcmp(a, b, n) == 0;
    if (n >= 8) return load8(a) == load8(b) && load8(a + n - 8) == load8(b + n - 8);
    return short_word(a, n, 0) == short_word(b, n, 0);  // every byte is in it
}

}  // namespace umpire::rules::text_words
