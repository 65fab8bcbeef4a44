// Writing the "map" member of a scenario: hexes back into legend letters and terrain rows.
#include <map>
#include <set>
#include <stdexcept>

#include "documents/scenario_io_detail.hpp"

namespace umpire::rules::scenario_detail {

namespace {

// Letters for terrain names the legend lacks (a state built in code), in order of preference.
constexpr std::string_view kSpareLetters =
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    "!#$%&'()*+,-/:;<=>?@[]^_`{|}~";

// The legend to write, and the letter of each terrain name: the lowest letter naming it.
struct Lettering {
    std::map<char, std::string> legend;
    std::map<std::string, char> letter_of;
};

Lettering letter_terrain(const Map& map) {
    Lettering out;
    out.legend = map.legend;
    for (const auto& [letter, name] : map.legend) out.letter_of.emplace(name, letter);
    std::size_t spare = 0;
    for (const auto& [hex, info] : map.hexes) {
        if (out.letter_of.count(info.terrain)) continue;
        while (spare < kSpareLetters.size() && out.legend.count(kSpareLetters[spare])) ++spare;
        if (spare == kSpareLetters.size())
            throw std::length_error("scenario map has more terrain names than legend letters");
        out.legend[kSpareLetters[spare]] = info.terrain;
        out.letter_of[info.terrain] = kSpareLetters[spare];
    }
    return out;
}

// One row per r, from its lowest to its highest q, with '.' in the gaps.
OrderedJson write_rows(const Map& map, const Lettering& lettering) {
    std::map<int, std::map<int, char>> by_row;
    for (const auto& [hex, info] : map.hexes)
        by_row[hex.r][hex.q] = lettering.letter_of.at(info.terrain);
    OrderedJson rows = OrderedJson::array();
    for (const auto& [r, cells] : by_row) {
        const int first_q = cells.begin()->first;
        std::string terrain(static_cast<std::size_t>(cells.rbegin()->first - first_q + 1), '.');
        for (const auto& [q, letter] : cells)
            terrain[static_cast<std::size_t>(q - first_q)] = letter;
        rows.push_back(OrderedJson{{"r", r}, {"q", first_q}, {"terrain", terrain}});
    }
    return rows;
}

// The drawn polylines, then any connected pair no polyline covers (added by code, not drawn).
OrderedJson write_lines(const std::vector<std::vector<Hex>>& lines,
                        const std::set<HexEdge>& edges) {
    OrderedJson out = OrderedJson::array();
    std::set<HexEdge> drawn;
    for (const auto& line : lines) {
        OrderedJson hexes = OrderedJson::array();
        for (std::size_t i = 0; i < line.size(); ++i) {
            hexes.push_back(hex_json(line[i]));
            if (i > 0) drawn.insert(HexEdge::between(line[i - 1], line[i]));
        }
        out.push_back(std::move(hexes));
    }
    for (const auto& edge : edges)
        if (!drawn.count(edge))
            out.push_back(OrderedJson::array({hex_json(edge.a), hex_json(edge.b)}));
    return out;
}

}  // namespace

OrderedJson write_map(const Map& map) {
    const Lettering lettering = letter_terrain(map);
    OrderedJson legend = OrderedJson::object();
    for (const auto& [letter, name] : lettering.legend) legend[std::string(1, letter)] = name;

    OrderedJson rivers = OrderedJson::array();
    for (const auto& edge : map.rivers)
        rivers.push_back(OrderedJson::array({hex_json(edge.a), hex_json(edge.b)}));

    OrderedJson dwellings = OrderedJson::array();
    for (const auto& [hex, info] : map.hexes)
        if (info.dwelling)
            dwellings.push_back(OrderedJson{{"hex", hex_json(hex)},
                                            {"kind", info.dwelling->kind},
                                            {"name", info.dwelling->name}});

    OrderedJson out = OrderedJson::object();
    out["legend"] = std::move(legend);
    out["rows"] = write_rows(map, lettering);
    out["roads"] = write_lines(map.road_lines, map.roads);
    out["tracks"] = write_lines(map.track_lines, map.tracks);
    out["rivers"] = std::move(rivers);
    out["dwellings"] = std::move(dwellings);
    return out;
}

}  // namespace umpire::rules::scenario_detail
