// Reading the "map" member of a scenario: legend, terrain rows, roads, tracks, rivers, dwellings.
#include <cstdio>
#include <map>
#include <set>

#include "documents/scenario_io_detail.hpp"

namespace umpire::rules::scenario_detail {

namespace {

// Same bound as read_hex, so every hex a row defines can also be named elsewhere.
constexpr long long kCoordinateLimit = 100000;
constexpr std::size_t kMaxRowLength = 10000;

bool is_legend_letter(char c) { return c > ' ' && c < 127 && c != '.'; }

std::string describe_letter(char c) {
    if (c > ' ' && c < 127) return std::string("'") + c + "'";
    char buffer[8];
    std::snprintf(buffer, sizeof buffer, "\\x%02X", static_cast<unsigned char>(c));
    return buffer;
}

// Fills map.legend; letters whose entry was broken go to `broken`, so rows using them do not
// repeat the complaint.
void read_legend(const Json& legend, const std::string& path, Problems& problems, Map& map,
                 std::set<char>& broken) {
    for (auto it = legend.begin(); it != legend.end(); ++it) {
        const std::string& key = it.key();
        const std::string entry_path = member_path(path, key);
        if (key.size() != 1 || !is_legend_letter(key[0])) {
            problems.add(entry_path,
                         "a legend key is one printable ASCII character other than '.'");
            continue;
        }
        auto name = read_string(it.value(), entry_path, problems);
        if (name && name->empty()) problems.add(entry_path, "terrain name must not be empty");
        if (!name || name->empty()) {
            broken.insert(key[0]);
            continue;
        }
        map.legend[key[0]] = *name;
    }
}

void read_rows(const Json& rows, const std::string& path, Problems& problems, Map& map,
               const std::set<char>& broken_letters) {
    std::map<Hex, std::size_t> defined_by;  // hex -> index of the row that defined it
    for (std::size_t i = 0; i < rows.size(); ++i) {
        ObjectReader row(rows[i], item_path(path, i), problems);
        if (!row.is_object()) continue;
        row.reject_unknown({"r", "q", "terrain"});
        const auto r = row.integer("r", -kCoordinateLimit, kCoordinateLimit);
        const auto q = row.integer("q", -kCoordinateLimit, kCoordinateLimit);
        const auto terrain = row.string("terrain");
        if (!r || !q || !terrain) continue;
        const std::string terrain_path = row.path_of("terrain");
        if (terrain->size() > kMaxRowLength) {
            problems.add(terrain_path, "longer than " + std::to_string(kMaxRowLength) + " hexes");
            continue;
        }
        if (!terrain->empty() &&
            *q + static_cast<long long>(terrain->size()) - 1 > kCoordinateLimit) {
            problems.add(terrain_path, "runs past q = " + std::to_string(kCoordinateLimit));
            continue;
        }
        std::set<char> unknown;
        bool redefined = false;
        for (std::size_t column = 0; column < terrain->size(); ++column) {
            const char c = (*terrain)[column];
            if (c == '.') continue;
            const auto letter = map.legend.find(c);
            if (letter == map.legend.end()) {
                if (!broken_letters.count(c) && unknown.insert(c).second)
                    problems.add(terrain_path, "letter " + describe_letter(c) + " at column " +
                                                   std::to_string(column) +
                                                   " is not in the legend");
                continue;
            }
            const Hex h{static_cast<int>(*q + static_cast<long long>(column)),
                        static_cast<int>(*r)};
            const auto [first, inserted] = defined_by.emplace(h, i);
            if (!inserted) {
                // One report a row: a shifted row would otherwise repeat it for every hex.
                if (!redefined)
                    problems.add(terrain_path,
                                 "hex " + to_string(h) + " at column " + std::to_string(column) +
                                     " is already defined by " + item_path(path, first->second));
                redefined = true;
                continue;
            }
            map.hexes[h].terrain = letter->second;
        }
    }
}

// Checks one hex of a line or side: on the map (when the map's hexes are known).
bool check_on_map(Hex h, const std::string& path, const Map& map, bool hexes_known,
                  Problems& problems) {
    if (!hexes_known || map.contains(h)) return true;
    problems.add(path, off_map_message(h));
    return false;
}

// Roads and tracks: polylines of adjacent hexes on the map.
void read_lines(const Json& lines, const std::string& path, const char* what, const Map& map,
                bool hexes_known, Problems& problems, std::vector<std::vector<Hex>>& out_lines,
                std::set<HexEdge>& out_edges) {
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const std::string line_path = item_path(path, i);
        const Json& line = lines[i];
        if (!line.is_array()) {
            problems.add(line_path, "expected a list of hexes, found " + json_type_name(line));
            continue;
        }
        if (line.size() < 2) {
            problems.add(line_path, std::string("a ") + what + " needs at least two hexes");
            continue;
        }
        std::vector<Hex> hexes;
        std::optional<Hex> previous;
        bool ok = true;
        for (std::size_t j = 0; j < line.size(); ++j) {
            const std::string hex_path = item_path(line_path, j);
            const auto h = read_hex(line[j], hex_path, problems);
            if (!h) {
                ok = false;
                previous.reset();
                continue;
            }
            ok = check_on_map(*h, hex_path, map, hexes_known, problems) && ok;
            if (previous && !adjacent(*previous, *h)) {
                problems.add(hex_path, "not adjacent to the previous hex " + to_string(*previous));
                ok = false;
            }
            previous = *h;
            hexes.push_back(*h);
        }
        if (!ok) continue;
        for (std::size_t j = 1; j < hexes.size(); ++j)
            out_edges.insert(HexEdge::between(hexes[j - 1], hexes[j]));
        out_lines.push_back(std::move(hexes));
    }
}

// Rivers: hex sides, each a pair of adjacent hexes on the map.
void read_rivers(const Json& rivers, const std::string& path, bool hexes_known, Problems& problems,
                 Map& map) {
    std::map<HexEdge, std::size_t> first_at;
    for (std::size_t i = 0; i < rivers.size(); ++i) {
        const std::string side_path = item_path(path, i);
        const Json& side = rivers[i];
        if (!side.is_array() || side.size() != 2) {
            problems.add(side_path, "expected a hex side [[q, r], [q, r]], found " + side.dump());
            continue;
        }
        const auto a = read_hex(side[0], item_path(side_path, 0), problems);
        const auto b = read_hex(side[1], item_path(side_path, 1), problems);
        if (!a || !b) continue;
        bool ok = check_on_map(*a, item_path(side_path, 0), map, hexes_known, problems);
        ok = check_on_map(*b, item_path(side_path, 1), map, hexes_known, problems) && ok;
        if (!adjacent(*a, *b)) {
            problems.add(side_path, "hexes " + to_string(*a) + " and " + to_string(*b) +
                                        " are not adjacent, so share no side");
            ok = false;
        }
        if (!ok) continue;
        const HexEdge edge = HexEdge::between(*a, *b);
        const auto [first, inserted] = first_at.emplace(edge, i);
        if (!inserted) {
            problems.add(side_path, "the same hex side as " + item_path(path, first->second));
            continue;
        }
        map.rivers.insert(edge);
    }
}

void read_dwellings(const Json& dwellings, const std::string& path, bool hexes_known,
                    Problems& problems, Map& map) {
    std::map<Hex, std::size_t> first_at;
    for (std::size_t i = 0; i < dwellings.size(); ++i) {
        ObjectReader reader(dwellings[i], item_path(path, i), problems);
        if (!reader.is_object()) continue;
        reader.reject_unknown({"hex", "kind", "name"});
        const auto h = reader.hex("hex");
        const auto kind = reader.choice("kind", {"village", "town", "castle"});
        const auto name = reader.string("name", false);
        if (!h) continue;
        if (!check_on_map(*h, reader.path_of("hex"), map, hexes_known, problems)) continue;
        const auto [first, inserted] = first_at.emplace(*h, i);
        if (!inserted) {
            problems.add(reader.path_of("hex"), "hex " + to_string(*h) +
                                                    " already has a dwelling (" +
                                                    item_path(path, first->second) + ")");
            continue;
        }
        if (kind && map.contains(*h)) map.hexes[*h].dwelling = Dwelling{*kind, name.value_or("")};
    }
}

}  // namespace

bool read_map(const Json& value, const std::string& path, Problems& problems, Map& map) {
    ObjectReader reader(value, path, problems);
    if (!reader.is_object()) return false;
    reader.reject_unknown({"legend", "rows", "roads", "tracks", "rivers", "dwellings"});

    const std::size_t before = problems.size();
    std::set<char> broken_letters;
    if (const Json* legend = reader.object("legend"))
        read_legend(*legend, reader.path_of("legend"), problems, map, broken_letters);
    if (const Json* rows = reader.array("rows")) {
        read_rows(*rows, reader.path_of("rows"), problems, map, broken_letters);
        if (map.hexes.empty() && problems.size() == before)
            problems.add(reader.path_of("rows"), "the map has no hexes");
    }
    const bool hexes_known = problems.size() == before;

    if (const Json* roads = reader.array("roads", false))
        read_lines(*roads, reader.path_of("roads"), "road", map, hexes_known, problems,
                   map.road_lines, map.roads);
    if (const Json* tracks = reader.array("tracks", false))
        read_lines(*tracks, reader.path_of("tracks"), "track", map, hexes_known, problems,
                   map.track_lines, map.tracks);
    if (const Json* rivers = reader.array("rivers", false))
        read_rivers(*rivers, reader.path_of("rivers"), hexes_known, problems, map);
    if (const Json* dwellings = reader.array("dwellings", false))
        read_dwellings(*dwellings, reader.path_of("dwellings"), hexes_known, problems, map);
    return hexes_known;
}

}  // namespace umpire::rules::scenario_detail
