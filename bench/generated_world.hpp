#pragma once
// A large seeded world: N forces, half a side each, scattered over a square map of clear,
// forest and hill (about six hexes per force, so contacts stay as common as N grows), with
// standing instructions that answer every contact window, and one period's orders in which
// every force marches up to three hexes in one random direction. The same N gives the same
// documents on every platform (std::mt19937_64). rules_bench resolves it; the golden replays
// (tests/golden) replay it through `umpire resolve`.
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdint>
#include <map>
#include <random>
#include <string>
#include <utility>

#include "umpire/rules/hex.hpp"

namespace umpire::bench {

struct GeneratedWorld {
    nlohmann::json scenario;  // umpire-scenario/1
    nlohmann::json orders;    // the first period's orders, as umpire-orders/1 lists them
};

inline GeneratedWorld generate_world(int forces) {
    using Json = nlohmann::json;
    const int side = std::max(6, static_cast<int>(std::ceil(std::sqrt(6.0 * forces))));
    std::mt19937_64 random(static_cast<std::uint64_t>(forces));
    Json rows = Json::array();
    const char terrain[] = "cccccfh";
    for (int r = 0; r < side; ++r) {
        std::string row;
        for (int q = 0; q < side; ++q) row += terrain[random() % 7];
        rows.push_back({{"r", r}, {"q", 0}, {"terrain", row}});
    }
    std::map<std::pair<int, int>, bool> taken;
    Json list = Json::array();
    const Json standing = {{"contact", {"evade_if_larger", "engage"}},
                           {"cards", "auto"},
                           {"losses", "proportional"},
                           {"pursuit", true}};
    for (int i = 0; i < forces; ++i) {
        int q, r;
        do {
            q = static_cast<int>(random() % side);
            r = static_cast<int>(random() % side);
        } while (taken[{q, r}]);
        taken[{q, r}] = true;
        const std::string id = "f" + std::to_string(100000 + i);
        list.push_back(
            {{"id", id},
             {"name", id},
             {"player", i % 2 ? "p2" : "p1"},
             {"hex", {q, r}},
             {"general", {{"name", "G" + id}, {"leadership", 1}}},
             {"camp", true},
             {"standing_instructions", standing},
             {"regiments",
              {{{"id", id + "a"},
                {"name", id + "a"},
                {"morale", 7},
                {"companies",
                 {{{"type", "spearmen"}, {"figures", 20}}, {{"type", "archers"}, {"figures", 8}}}}},
               {{"id", id + "b"},
                {"name", id + "b"},
                {"morale", 7},
                {"companies", {{{"type", "knights"}, {"figures", 10}}}}}}}});
    }
    GeneratedWorld w;
    w.scenario = {
        {"format", "umpire-scenario/1"},
        {"id", "bench"},
        {"name", "bench"},
        {"ruleset", {{"name", "valormr"}, {"version", "1"}}},
        {"calendar", {{"start_date", "1205-06-01"}}},
        {"map", {{"legend", {{"c", "clear"}, {"f", "forest"}, {"h", "hill"}}}, {"rows", rows}}},
        {"sides", {{{"id", "north"}, {"name", "North"}}, {{"id", "south"}, {"name", "South"}}}},
        {"players",
         {{{"id", "p1"}, {"name", "P1"}, {"side", "north"}},
          {{"id", "p2"}, {"name", "P2"}, {"side", "south"}}}},
        {"forces", list}};
    // Each force's path, in the forces' order.
    w.orders = Json::array();
    for (const auto& f : list) {
        const int dir = static_cast<int>(random() % 6);
        rules::Hex at{f["hex"][0].get<int>(), f["hex"][1].get<int>()};
        Json path = Json::array();
        for (int k = 0; k < 3; ++k) {
            at = at + rules::kHexDirections[dir];
            if (at.q < 0 || at.r < 0 || at.q >= side || at.r >= side) break;
            path.push_back({at.q, at.r});
        }
        if (!path.empty())
            w.orders.push_back({{"player", f["player"]}, {"force", f["id"]}, {"path", path}});
    }
    return w;
}

}  // namespace umpire::bench
