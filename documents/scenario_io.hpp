#pragma once
// The scenario format "umpire-scenario/1" (docs/scenario-format.md): a campaign state as JSON.
// A scenario file starts a campaign; a resolved state written back in the same format can be read
// again, so the format doubles as the engine's save format. Every problem is reported under its
// JSON path, all at once.
#include <optional>
#include <string>
#include <vector>

#include "umpire/rules/json_reader.hpp"
#include "umpire/rules/ruleset.hpp"
#include "umpire/rules/world.hpp"

namespace umpire::rules {

inline constexpr const char* kScenarioFormat = "umpire-scenario/1";

// Structural validation: types, missing and unknown members, duplicate ids, references between
// sides, players and forces, hexes on the map, roads and rivers between adjacent hexes, dates and
// ranges. Needs no ruleset. Returns the state only if no problem was found; forces come out
// sorted by id. Every problem is reported, not only the first of each kind.
std::optional<CampaignState> read_scenario(const Json& doc, Problems& problems);
// The same, but the state is returned with what could be read even when problems were found
// (nullopt only for a document that is not an object of this format), so that a check can go on
// and report every problem in one pass (load_scenario_file checks it against its ruleset).
std::optional<CampaignState> read_scenario_as_far_as_it_goes(const Json& doc, Problems& problems);

// What only the ruleset can tell: terrain and troop type names, forces on impassable terrain,
// saved points above the ruleset's cap, and whether the ruleset is the one the scenario names
// (and pins, when it gives a sha256). Problem paths name members of `source`, the document the
// state was read from, when given; otherwise of write_scenario(state).
void check_scenario_against_ruleset(const CampaignState& state, const Ruleset& ruleset,
                                    Problems& problems, const Json* source = nullptr);

// The state in the same format. Deterministic: write -> read -> write gives the same bytes.
// Every member is written, defaults included (except an unpinned sha256 and the name of an
// unnamed company, whose absence is their meaning).
Json write_scenario(const CampaignState& state);
// The same document as text for files: members in the order of the format description, hex
// lists and small objects on one line, a final newline.
std::string write_scenario_text(const CampaignState& state);

struct LoadedScenario {
    CampaignState state;
    Ruleset ruleset;
};

// Reads a scenario file and the ruleset it names, "<name>-<version>.json", looked for in each of
// `ruleset_dirs`, then the scenario's directory, then <scenario dir>/../rulesets. Problems of the
// ruleset file have its file name in front of their path. Returns a value only if there were no
// problems at all.
std::optional<LoadedScenario> load_scenario_file(const std::string& path,
                                                 const std::vector<std::string>& ruleset_dirs,
                                                 Problems& problems);

}  // namespace umpire::rules
