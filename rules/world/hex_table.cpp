#include "rules/world/hex_table.hpp"

#include <algorithm>
#include <cassert>
#include <climits>
#include <string_view>
#include <unordered_map>

namespace umpire::rules {

void HexGrid::build(const std::map<Hex, MapHex>& hexes) {
    *this = HexGrid();
    if (hexes.empty()) return;
    Hex high = hexes.begin()->first;
    low_ = high;
    CubeRange cubes{{INT_MAX, INT_MAX, INT_MAX}, {INT_MIN, INT_MIN, INT_MIN}};
    for (const auto& [h, cell] : hexes) {
        low_ = {std::min(low_.q, h.q), std::min(low_.r, h.r)};
        high = {std::max(high.q, h.q), std::max(high.r, h.r)};
        const int cube[3] = {h.q, h.r, -h.q - h.r};
        for (int axis = 0; axis < 3; ++axis) {
            cubes.low[axis] = std::min(cubes.low[axis], cube[axis]);
            cubes.high[axis] = std::max(cubes.high[axis], cube[axis]);
        }
    }
    cube_range_ = cubes;
    width_ = static_cast<long>(high.q) - low_.q + 1;
    height_ = static_cast<long>(high.r) - low_.r + 1;
    // A map far from rectangular in (q, r) keeps its tree lookups rather than a sparse grid.
    if (width_ * height_ > 4 * static_cast<long>(hexes.size()) + 4096) return;
    cells_.assign(static_cast<std::size_t>(width_ * height_), nullptr);
    terrain_codes_.assign(cells_.size(), 0);
    std::unordered_map<std::string_view, std::uint16_t> codes;
    for (const auto& [h, cell] : hexes) {
        const auto at = static_cast<std::size_t>((h.r - low_.r) * width_ + (h.q - low_.q));
        cells_[at] = &cell;
        auto [code, added] = codes.try_emplace(cell.terrain, 0);
        if (added) {
            // More names than codes (no ruleset has so many): the grid is left unbuilt.
            if (terrain_names_.size() == UINT16_MAX) return;
            terrain_names_.push_back(&cell.terrain);
            code->second = static_cast<std::uint16_t>(terrain_names_.size());
        }
        terrain_codes_[at] = code->second;
    }
    built_ = true;
}

const MapHex* HexTable::lookup(Hex h) const {
    const HexGrid* grid = this->grid();
    if (grid->built()) {
        assert(grid->at(h) == [&]() -> const MapHex* {  // Debug builds check the grid
            auto it = data_->hexes.find(h);
            return it == data_->hexes.end() ? nullptr : &it->second;
        }());
        return grid->at(h);
    }
    auto it = data_->hexes.find(h);
    return it == data_->hexes.end() ? nullptr : &it->second;
}

const std::string* HexTable::terrain_at(Hex h) const {
    const HexGrid* grid = this->grid();
    if (grid->built()) return grid->terrain_at(h);
    const MapHex* cell = lookup(h);
    return cell ? &cell->terrain : nullptr;
}

const HexGrid* HexTable::grid() const {
    Data& data = *data_;
    if (!data.grid) {
        data.grid = std::make_unique<HexGrid>();
        data.grid->build(data.hexes);
    }
    return data.grid.get();
}

const std::shared_ptr<HexTable::Data>& HexTable::no_hexes() {
    // Shared by every empty table of every thread: its (empty) grid is built here, once,
    // so that no lookup ever builds it.
    static const std::shared_ptr<Data> none = [] {
        auto data = std::make_shared<Data>();
        data->grid = std::make_unique<HexGrid>();
        data->grid->build(data->hexes);
        return data;
    }();
    return none;
}

HexTable::Data& HexTable::own() {
    if (data_.use_count() > 1) {
        auto mine = std::make_shared<Data>();
        mine->hexes = data_->hexes;
        data_ = std::move(mine);
    } else {
        // The caller may add or remove hexes: the grid is built again when next needed.
        data_->grid.reset();
    }
    return *data_;
}

}  // namespace umpire::rules
