// Reading a scenario document: the top level, ruleset reference, calendar, sides and players.
// The map and the forces have their own files (scenario_map_read.cpp, scenario_force_read.cpp).
#include <algorithm>

#include "documents/scenario_io.hpp"
#include "documents/scenario_io_detail.hpp"
#include "umpire/rules/calendar.hpp"

namespace umpire::rules {

using namespace scenario_detail;

namespace {

bool is_sha256_hex(const std::string& text) {
    if (text.size() != 64) return false;
    return std::all_of(text.begin(), text.end(),
                       [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

void read_ruleset_ref(const Json& value, const std::string& path, Problems& problems,
                      RulesetRef& out) {
    ObjectReader reader(value, path, problems);
    if (!reader.is_object()) return;
    reader.reject_unknown({"name", "version", "sha256"});
    // Name and version make a file name, so they keep to the id characters.
    if (auto name = read_id(reader, "name")) out.name = *name;
    if (auto version = read_id(reader, "version")) out.version = *version;
    if (auto hash = reader.string("sha256", false)) {
        if (is_sha256_hex(*hash))
            out.hash = *hash;
        else
            problems.add(reader.path_of("sha256"), "expected 64 lowercase hex digits");
    }
}

void read_calendar(const Json& value, const std::string& path, Problems& problems, Calendar& out) {
    ObjectReader reader(value, path, problems);
    if (!reader.is_object()) return;
    reader.reject_unknown({"start_date", "day", "period"});
    if (auto date = reader.string("start_date")) {
        if (is_iso_date(*date))
            out.start_date = *date;
        else
            problems.add(reader.path_of("start_date"),
                         "not a valid date yyyy-mm-dd: " + json_quoted(*date));
    }
    if (auto day = reader.integer("day", 1, 1000000, false)) out.day = static_cast<int>(*day);
    if (auto period = reader.choice("period", {"day", "night"}, false))
        out.period = *period_kind_from_string(*period);
}

void read_sides(const Json& sides, const std::string& path, const Map& map, bool hexes_known,
                Problems& problems, IdRegistry& ids, std::vector<Side>& out) {
    for (std::size_t i = 0; i < sides.size(); ++i) {
        ObjectReader reader(sides[i], item_path(path, i), problems);
        if (!reader.is_object()) continue;
        reader.reject_unknown({"id", "name", "home_hexes"});
        Side side;
        if (auto id = read_id(reader, "id")) {
            ids.add(*id, reader.path_of("id"), problems);
            side.id = *id;
        }
        if (auto name = read_name(reader, "name")) side.name = *name;
        if (const Json* homes = reader.array("home_hexes", false)) {
            for (std::size_t j = 0; j < homes->size(); ++j) {
                const std::string hex_path = item_path(reader.path_of("home_hexes"), j);
                auto h = read_hex((*homes)[j], hex_path, problems);
                if (!h) continue;
                if (hexes_known && !map.contains(*h)) problems.add(hex_path, off_map_message(*h));
                side.home_hexes.push_back(*h);
            }
        }
        out.push_back(std::move(side));
    }
}

void read_players(const Json& players, const std::string& path, const IdRegistry& sides,
                  Problems& problems, IdRegistry& ids, std::vector<Player>& out) {
    for (std::size_t i = 0; i < players.size(); ++i) {
        ObjectReader reader(players[i], item_path(path, i), problems);
        if (!reader.is_object()) continue;
        reader.reject_unknown({"id", "name", "side"});
        Player player;
        if (auto id = read_id(reader, "id")) {
            ids.add(*id, reader.path_of("id"), problems);
            player.id = *id;
        }
        if (auto name = read_name(reader, "name")) player.name = *name;
        if (auto side = reader.string("side")) {
            if (!sides.contains(*side))
                problems.add(reader.path_of("side"), "unknown side " + json_quoted(*side));
            player.side = *side;
        }
        out.push_back(std::move(player));
    }
}

}  // namespace

std::optional<CampaignState> read_scenario(const Json& doc, Problems& problems) {
    const std::size_t before = problems.size();
    auto state = read_scenario_as_far_as_it_goes(doc, problems);
    if (!state || problems.size() != before) return std::nullopt;
    return state;
}

std::optional<CampaignState> read_scenario_as_far_as_it_goes(const Json& doc, Problems& problems) {
    ObjectReader top(doc, "$", problems);
    if (!top.is_object()) return std::nullopt;
    // Another format (or version) would make every other complaint noise.
    if (auto format = top.string("format"); format && *format != kScenarioFormat) {
        problems.add(top.path_of("format"), "unsupported format " + json_quoted(*format) +
                                                "; expected " + json_quoted(kScenarioFormat));
        return std::nullopt;
    }
    top.reject_unknown({"format", "id", "name", "description", "ruleset", "calendar", "map",
                        "sides", "players", "forces", "knowledge", "history", "settings"});

    CampaignState state;
    if (auto id = read_id(top, "id")) state.id = *id;
    if (auto name = read_name(top, "name")) state.name = *name;
    if (auto description = top.string("description", false)) state.description = *description;
    if (const Json* ruleset = top.member("ruleset"))
        read_ruleset_ref(*ruleset, top.path_of("ruleset"), problems, state.ruleset);
    if (const Json* calendar = top.member("calendar"))
        read_calendar(*calendar, top.path_of("calendar"), problems, state.calendar);

    bool hexes_known = false;
    if (const Json* map = top.member("map"))
        hexes_known = read_map(*map, top.path_of("map"), problems, state.map);

    IdRegistry side_ids("side");
    IdRegistry player_ids("player");
    if (const Json* sides = top.array("sides"))
        read_sides(*sides, top.path_of("sides"), state.map, hexes_known, problems, side_ids,
                   state.sides);
    if (const Json* players = top.array("players"))
        read_players(*players, top.path_of("players"), side_ids, problems, player_ids,
                     state.players);
    if (const Json* forces = top.array("forces"))
        read_forces(*forces, top.path_of("forces"), {state.map, hexes_known, player_ids}, problems,
                    state.forces);
    read_knowledge_and_history(top, player_ids, problems, state);
    read_settings(top, problems, state.settings);

    // "Lowest force id" breaks ties in the rules, so the state keeps forces in id order.
    std::sort(state.forces.begin(), state.forces.end(),
              [](const Force& a, const Force& b) { return a.id < b.id; });
    return state;
}

}  // namespace umpire::rules
