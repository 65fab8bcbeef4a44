// Checking a structurally valid scenario against the ruleset it names.
#include <algorithm>
#include <map>

#include "documents/scenario_io.hpp"
#include "documents/scenario_io_detail.hpp"

namespace umpire::rules {

using namespace scenario_detail;

namespace {

template <typename Table>
std::string names_of(const Table& table) {
    std::string out;
    for (const auto& [name, entry] : table) out += (out.empty() ? "" : ", ") + name;
    return out;
}

// Where each force sits in the document the problems will be read against: `source` if given
// (read_scenario sorted the forces, the file need not be), else the written order (by id).
std::map<std::string, std::size_t> force_positions(const CampaignState& state, const Json* source) {
    std::map<std::string, std::size_t> out;
    if (source && source->is_object() && source->contains("forces") &&
        (*source)["forces"].is_array()) {
        const Json& forces = (*source)["forces"];
        for (std::size_t i = 0; i < forces.size(); ++i)
            if (forces[i].is_object() && forces[i].contains("id") && forces[i]["id"].is_string())
                out.emplace(forces[i]["id"].get<std::string>(), i);
        return out;
    }
    std::vector<std::string> ids;
    for (const auto& force : state.forces) ids.push_back(force.id);
    std::stable_sort(ids.begin(), ids.end());
    for (std::size_t i = 0; i < ids.size(); ++i) out.emplace(ids[i], i);
    return out;
}

void check_reference(const RulesetRef& ref, const Ruleset& ruleset, Problems& problems) {
    if (ref.name != ruleset.name)
        problems.add("$.ruleset.name", "the scenario names ruleset " + json_quoted(ref.name) +
                                           ", but the ruleset given is " +
                                           json_quoted(ruleset.name));
    if (ref.version != ruleset.version)
        problems.add("$.ruleset.version", "the scenario names version " + json_quoted(ref.version) +
                                              ", but the ruleset given is version " +
                                              json_quoted(ruleset.version));
    if (!ref.hash.empty() && ref.hash != ruleset.hash)
        problems.add("$.ruleset.sha256", "the scenario pins sha256 " + ref.hash +
                                             ", but the ruleset given has sha256 " + ruleset.hash);
}

void check_terrain(const Map& map, const Ruleset& ruleset, Problems& problems) {
    for (const auto& [letter, name] : map.legend)
        if (!ruleset.find_terrain(name))
            problems.add(member_path("$.map.legend", std::string(1, letter)),
                         "unknown terrain " + json_quoted(name) +
                             "; the ruleset has: " + names_of(ruleset.terrain));
    // A state built in code may hold terrain no legend letter names.
    std::map<std::string, bool> unlettered;
    for (const auto& [hex, info] : map.hexes) {
        const bool lettered =
            std::any_of(map.legend.begin(), map.legend.end(),
                        [&i = info](const auto& entry) { return entry.second == i.terrain; });
        if (!lettered && !ruleset.find_terrain(info.terrain)) unlettered[info.terrain] = true;
    }
    for (const auto& [name, unused] : unlettered)
        problems.add("$.map.rows", "unknown terrain " + json_quoted(name) +
                                       "; the ruleset has: " + names_of(ruleset.terrain));
}

// a morale value must be a score the ruleset's morale dice can roll.
bool on_morale_scale(int morale, MoraleDice dice) {
    if (dice == MoraleDice::two_d6) return morale >= 2 && morale <= 12;
    const int tens = morale / 10;
    const int units = morale % 10;
    return tens >= 1 && tens <= 6 && units >= 1 && units <= 6;
}

void check_force(const Force& force, const std::string& path, const Map& map,
                 const Ruleset& ruleset, Problems& problems) {
    if (const MapHex* hex = map.at(force.hex())) {
        const TerrainType* terrain = ruleset.find_terrain(hex->terrain);
        if (terrain && !terrain->passable)
            problems.add(member_path(path, "hex"), "on impassable terrain " +
                                                       json_quoted(hex->terrain) + " at " +
                                                       to_string(force.hex()));
    }
    if (force.saved_points > ruleset.movement.max_saved_points)
        problems.add(member_path(path, "saved_points"),
                     "at most " + std::to_string(ruleset.movement.max_saved_points) +
                         " move points may be saved, found " + std::to_string(force.saved_points));
    for (std::size_t j = 0; j < force.regiments.size(); ++j) {
        const std::string regiment_path = item_path(member_path(path, "regiments"), j);
        const int morale = force.regiments[j].morale;
        if (!on_morale_scale(morale, ruleset.morale.dice))
            problems.add(member_path(regiment_path, "morale"),
                         std::to_string(morale) + " is not a morale value of the " +
                             (ruleset.morale.dice == MoraleDice::two_d6 ? "2d6 scale (2 to 12)"
                                                                        : "d66 scale (11 to 66)"));
        const auto& companies = force.regiments[j].companies;
        for (std::size_t k = 0; k < companies.size(); ++k)
            if (!ruleset.find_troop_type(companies[k].type))
                problems.add(
                    member_path(item_path(member_path(regiment_path, "companies"), k), "type"),
                    "unknown troop type " + json_quoted(companies[k].type) +
                        "; the ruleset has: " + names_of(ruleset.troop_types));
    }
}

}  // namespace

void check_scenario_against_ruleset(const CampaignState& state, const Ruleset& ruleset,
                                    Problems& problems, const Json* source) {
    check_reference(state.ruleset, ruleset, problems);
    check_terrain(state.map, ruleset, problems);
    const auto positions = force_positions(state, source);
    for (std::size_t i = 0; i < state.forces.size(); ++i) {
        const Force& force = state.forces[i];
        const auto at = positions.find(force.id);
        const std::size_t index = at == positions.end() ? i : at->second;
        check_force(force, item_path("$.forces", index), state.map, ruleset, problems);
    }
}

}  // namespace umpire::rules
