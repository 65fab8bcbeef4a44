#pragma once
// The hexes of a map, shared by copies of a state until one of them changes a hex.
//
// Every period resolves on a copy of the campaign's state, and the map never changes while
// periods resolve: copying its tree of hexes (60,000 of them for 10,000 forces) and freeing the
// old one took a tenth of a large period's time. Copies now share one table; the first change
// through a copy gives that copy a table of its own (copy on write).
//
// Lookups go through a dense grid over the hexes' bounding box, built on the first lookup and
// shared like the hexes. A change through a non-const member drops the grid; the next lookup
// builds it again. A table and its copies belong to one thread, as the state they are part of
// does (docs/architecture.md, "Threads"): no lock.
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "umpire/rules/hex.hpp"

namespace umpire::rules {

struct Dwelling {
    std::string kind;  // village, town, castle
    std::string name;
};

struct MapHex {
    std::string terrain;  // a terrain name of the ruleset
    std::optional<Dwelling> dwelling;
};

// The least and greatest of each cube coordinate (q, r and s = -q - r) over a table's hexes.
struct CubeRange {
    int low[3];
    int high[3];
};

// A dense index of hexes over their bounding box: a lookup is an array read.
class HexGrid {
public:
    // Leaves the grid unbuilt for a map far from rectangular in (q, r) (a sparse box).
    void build(const std::map<Hex, MapHex>& hexes);
    bool built() const { return built_; }
    // Worked out by build, built or not (nullopt for no hexes).
    const std::optional<CubeRange>& cube_range() const { return cube_range_; }
    const MapHex* at(Hex h) const {
        const long cell = cell_of(h);
        return cell < 0 ? nullptr : cells_[static_cast<std::size_t>(cell)];
    }
    // The terrain name of the hex at h, nullptr off the map. Every step a force takes reads it,
    // and the hexes lie scattered in their tree: the names are kept as small numbers in an
    // array of their own (a map has a handful of terrains), which stays in the cache.
    const std::string* terrain_at(Hex h) const {
        const long cell = cell_of(h);
        if (cell < 0) return nullptr;
        const std::uint16_t code = terrain_codes_[static_cast<std::size_t>(cell)];
        return code ? terrain_names_[code - 1u] : nullptr;
    }

private:
    long cell_of(Hex h) const {
        const long q = static_cast<long>(h.q) - low_.q, r = static_cast<long>(h.r) - low_.r;
        if (q < 0 || r < 0 || q >= width_ || r >= height_) return -1;
        return r * width_ + q;
    }
    bool built_ = false;
    std::optional<CubeRange> cube_range_;
    Hex low_;
    long width_ = 0, height_ = 0;
    std::vector<const MapHex*> cells_;
    std::vector<std::uint16_t> terrain_codes_;        // 0: no hex; k: terrain_names_[k - 1]
    std::vector<const std::string*> terrain_names_;  // the hexes' own texts, one of each
};

class HexTable {
public:
    using Hexes = std::map<Hex, MapHex>;
    using const_iterator = Hexes::const_iterator;

    // An empty table shares one empty table (made on its first change), so making one and
    // moving from one allocate nothing; a moved-from table is empty, as a std::map would be.
    HexTable() : data_(no_hexes()) {}
    HexTable(const HexTable&) = default;
    HexTable& operator=(const HexTable&) = default;
    HexTable(HexTable&& other) noexcept : data_(std::exchange(other.data_, no_hexes())) {}
    HexTable& operator=(HexTable&& other) noexcept {
        if (this != &other) data_ = std::exchange(other.data_, no_hexes());
        return *this;
    }

    // Reading: iteration is always const, so reading a non-const table never copies it.
    const_iterator begin() const { return data_->hexes.begin(); }
    const_iterator end() const { return data_->hexes.end(); }
    std::size_t size() const { return data_->hexes.size(); }
    bool empty() const { return data_->hexes.empty(); }
    const_iterator find(Hex h) const { return data_->hexes.find(h); }
    std::size_t count(Hex h) const { return data_->hexes.count(h); }
    const MapHex& at(Hex h) const { return data_->hexes.at(h); }
    // The hex at h, or nullptr: through the grid once built.
    const MapHex* lookup(Hex h) const;
    // The terrain name of the hex at h, or nullptr: lookup(h)->terrain, read from the grid.
    const std::string* terrain_at(Hex h) const;
    // Over all hexes (nullopt for none): worked out once with the grid, not by walking the
    // tree of hexes each time a period's index of positions is built.
    const std::optional<CubeRange>& cube_range() const { return grid()->cube_range(); }
    // Whether this table and `other` are one shared table (copies not yet changed).
    bool shares_with(const HexTable& other) const { return data_ == other.data_; }

    // Changing: the table is made this copy's own first (and its grid dropped).
    MapHex& operator[](Hex h) { return own().hexes[h]; }
    std::size_t erase(Hex h) { return own().hexes.erase(h); }

private:
    struct Data {
        Hexes hexes;
        std::unique_ptr<HexGrid> grid;  // null until the first lookup after a change
    };
    static const std::shared_ptr<Data>& no_hexes();
    Data& own();
    const HexGrid* grid() const;

    std::shared_ptr<Data> data_;
};

}  // namespace umpire::rules
