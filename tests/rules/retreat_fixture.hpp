#pragma once
// Small worlds for the retreat, rout and morale tests: hex maps built by hand, two sides
// ("blue": players blue1 and blue2, allies; "red": player red1) and one-company forces.
#include <algorithm>
#include <ostream>
#include <stdexcept>
#include <string>

#include "shipped_ruleset.hpp"
#include "umpire/rules/ruleset.hpp"
#include "umpire/rules/world.hpp"

namespace umpire::rules {
// Readable hexes in test failure messages.
inline void PrintTo(const Hex& h, std::ostream* os) { *os << to_string(h); }
}  // namespace umpire::rules

namespace umpire::rules::rout_test {

using umpire::rules::valormr;  // the shipped ruleset (shipped_ruleset.hpp)

// Every hex with 0 <= q < width, 0 <= r < height.
inline Map rhombus(int width, int height, const std::string& terrain = "clear") {
    Map map;
    for (int q = 0; q < width; ++q)
        for (int r = 0; r < height; ++r) map.hexes[Hex{q, r}].terrain = terrain;
    return map;
}

// A corridor of clear hexes (0, 0) .. (length - 1, 0), walled in by water on every side, so no
// corridor hex touches the map edge. With `open_west`, the hex west of (0, 0) is off the map.
inline Map corridor(int length, bool open_west = false) {
    Map map;
    for (int q = -1; q <= length; ++q)
        for (int r = -1; r <= 1; ++r)
            map.hexes[Hex{q, r}].terrain = (r == 0 && q >= 0 && q < length) ? "clear" : "water";
    if (open_west) map.hexes.erase(Hex{-1, 0});
    return map;
}

inline void set_terrain(Map& map, Hex h, const std::string& terrain) { map.hexes[h].terrain = terrain; }

inline CampaignState world(Map map) {
    CampaignState state;
    state.id = "rout-test";
    state.map = std::move(map);
    state.sides = {Side{"blue", "Blue", {}}, Side{"red", "Red", {}}};
    state.players = {Player{"blue1", "Blue one", "blue"}, Player{"blue2", "Blue two", "blue"},
                     Player{"red1", "Red one", "red"}};
    return state;
}

inline Side& side(CampaignState& state, const std::string& id) {
    for (auto& s : state.sides)
        if (s.id == id) return s;
    throw std::logic_error("no side " + id);
}

// Adds a force of one regiment (id "<force>-r", `figures` of `troop`), keeping ids ascending.
inline Force& add_force(CampaignState& state, const std::string& id, const std::string& player,
                        Hex hex, const std::string& troop = "spearmen", int morale = 7,
                        int figures = 20) {
    Force f;
    f.id = id;
    f.name = id;
    f.player = player;
    f.place_at(hex);
    Regiment regiment;
    regiment.id = id + "-r";
    regiment.morale = morale;
    regiment.companies.push_back(Company{troop, figures, ""});
    f.regiments.push_back(regiment);
    state.forces.push_back(f);
    std::sort(state.forces.begin(), state.forces.end(),
              [](const Force& a, const Force& b) { return a.id < b.id; });
    return *state.find_force(id);
}

}  // namespace umpire::rules::rout_test
