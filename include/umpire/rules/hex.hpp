#pragma once
// Axial hex coordinates: q grows east, r grows south-east; s = -q - r is implied.
#include <array>
#include <compare>
#include <cstdint>
#include <cstdlib>
#include <string>

namespace umpire::rules {

struct Hex {
    int q = 0;
    int r = 0;
    auto operator<=>(const Hex&) const = default;  // (q, r) order: the rulebook's "lowest (q, r)"
};

inline constexpr std::array<Hex, 6> kHexDirections{
    Hex{1, 0}, Hex{1, -1}, Hex{0, -1}, Hex{-1, 0}, Hex{-1, 1}, Hex{0, 1}};

inline Hex operator+(Hex a, Hex b) { return {a.q + b.q, a.r + b.r}; }

inline int hex_distance(Hex a, Hex b) {
    const int dq = a.q - b.q;
    const int dr = a.r - b.r;
    return (std::abs(dq) + std::abs(dr) + std::abs(dq + dr)) / 2;
}

// One integer per hex, for hash maps keyed by hex.
inline std::uint64_t hex_key(Hex h) {
    return static_cast<std::uint64_t>(static_cast<std::uint32_t>(h.q)) << 32 |
           static_cast<std::uint32_t>(h.r);
}

inline bool adjacent(Hex a, Hex b) { return hex_distance(a, b) == 1; }

inline std::array<Hex, 6> neighbours(Hex h) {
    std::array<Hex, 6> out{};
    for (std::size_t i = 0; i < 6; ++i) out[i] = h + kHexDirections[i];
    return out;
}

// Visits the 6 * radius hexes at exactly `radius` (>= 1) from `center`, each once; stops early
// when `visit` returns true, and says whether it did.
template <typename Visit>
bool visit_ring(Hex center, int radius, Visit visit) {
    Hex at = center + Hex{kHexDirections[4].q * radius, kHexDirections[4].r * radius};
    for (int side = 0; side < 6; ++side)
        for (int step = 0; step < radius; ++step) {
            if (visit(at)) return true;
            at = at + kHexDirections[side];
        }
    return false;
}

inline std::string to_string(Hex h) {
    return "(" + std::to_string(h.q) + "," + std::to_string(h.r) + ")";
}

// An unordered hex side (for rivers) or hex pair (for roads and tracks), stored low hex first.
struct HexEdge {
    Hex a;
    Hex b;
    static HexEdge between(Hex x, Hex y) { return x < y ? HexEdge{x, y} : HexEdge{y, x}; }
    auto operator<=>(const HexEdge&) const = default;
};

}  // namespace umpire::rules
