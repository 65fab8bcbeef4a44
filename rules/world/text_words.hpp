#pragma once
// Short texts read a word at a time (ids, names, JSON strings): fixed-size loads the compiler
// keeps inline, where copying or comparing a few bytes was a call to memcpy or memcmp.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

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

// Ids are short: mixing them eight bytes at a time takes one or two multiplications.
inline std::uint64_t id_hash(std::string_view id) {
    auto mix = [](std::uint64_t h, std::uint64_t word) {
        h = (h ^ word) * 0xbf58476d1ce4e5b9ull;
        return h ^ (h >> 31);
    };
    const char* p = id.data();
    const std::size_t n = id.size();
    std::uint64_t h = n * 0x9e3779b97f4a7c15ull;
    if (n < 8) {
        h = mix(h, short_word(p, n, 0));
    } else {
        for (std::size_t i = 0; i + 8 <= n; i += 8) h = mix(h, load8(p + i));
        if (n % 8) h = mix(h, load8(p + n - 8));  // the last bytes again, overlapping
    }
    // A product's low bits see only the low bytes, and ids differ in their last ones: fold
    // the high bits down (MurmurHash3's finalizer) before the slot takes the low bits.
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ull;
    return h ^ (h >> 33);
}

// Hash and equality for hash tables keyed by ids (std::unordered_map<std::string_view, T,
// IdHash, IdEqual>): inline, where std::hash and std::equal_to call out for every key.
struct IdHash {
    std::size_t operator()(std::string_view id) const noexcept { return id_hash(id); }
};
struct IdEqual {
    bool operator()(std::string_view a, std::string_view b) const noexcept {
        return same_text(a.data(), a.size(), b.data(), b.size());
    }
};

}  // namespace umpire::rules::text_words
