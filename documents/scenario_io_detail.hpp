#pragma once
// Shared pieces of the scenario reader and writer (scenario_*.cpp); not a public interface.
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "umpire/rules/json_reader.hpp"
#include "umpire/rules/world.hpp"

namespace umpire::rules::scenario_detail {

// The writer builds documents with members in the order the format describes them.
using OrderedJson = nlohmann::ordered_json;

// Ids name things in orders, events and URLs: 1 to 64 of [A-Za-z0-9_.-].
bool is_valid_id(std::string_view id);
// A required id member; a problem if missing, not a string or not a valid id.
std::optional<std::string> read_id(const ObjectReader& reader, std::string_view key);
// A required string member that must not be empty.
std::optional<std::string> read_name(const ObjectReader& reader, std::string_view key);

std::string json_quoted(std::string_view text);
std::string off_map_message(Hex h);
OrderedJson hex_json(Hex h);

// The "map" member. Adds problems; `map` is filled as far as it could be read. Returns whether
// the set of hexes is complete (legend and rows read cleanly), i.e. whether "off the map" checks
// elsewhere mean anything.
bool read_map(const Json& value, const std::string& path, Problems& problems, Map& map);
OrderedJson write_map(const Map& map);

// Reports ids met twice, with the path of the first.
class IdRegistry {
public:
    explicit IdRegistry(std::string what) : what_(std::move(what)) {}
    // False (and a problem) when `id` was seen before.
    bool add(const std::string& id, const std::string& path, Problems& problems);
    bool contains(const std::string& id) const { return first_.count(id) != 0; }

private:
    std::string what_;
    std::map<std::string, std::string> first_;  // id -> path of its first occurrence
};

// What reading the forces needs from the parts read before them.
struct ForceContext {
    const Map& map;
    bool hexes_known;  // false: the map had problems, so "off the map" would mislead
    const IdRegistry& players;
};
void read_forces(const Json& forces, const std::string& path, const ForceContext& context,
                 Problems& problems, std::vector<Force>& out);

OrderedJson write_scenario_ordered(const CampaignState& state);

// The optional "knowledge" and "history" members of a running campaign (written only when
// non-empty, so a fresh scenario reads as before).
void read_knowledge_and_history(const ObjectReader& top, const IdRegistry& players,
                                Problems& problems, CampaignState& state);
void write_knowledge_and_history(const CampaignState& state, OrderedJson& out);
// One fact as the "knowledge" lists hold it: {about, kind, value, source, period}.
OrderedJson write_fact(const KnownFact& fact);

// The optional "settings" member (written only when a setting differs from its default).
void read_settings(const ObjectReader& top, Problems& problems, CampaignSettings& settings);
void write_settings(const CampaignSettings& settings, OrderedJson& out);

}  // namespace umpire::rules::scenario_detail
