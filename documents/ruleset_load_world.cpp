// Loaders for the map and movement sections of a ruleset (RULEBOOK sections 1 to 3, and the
// favoured terrain of, which names terrain and troop classes).
#include "documents/ruleset_loading.hpp"

namespace umpire::rules::ruleset_loading {

namespace {

FormedMovement formed_movement_from(const std::string& s) {
    if (s == "infantry_or_road") return FormedMovement::infantry_or_road;
    if (s == "road_or_track") return FormedMovement::road_or_track;
    return FormedMovement::any;
}

}  // namespace

// An impassable terrain (water) needs no cost and no formed-movement condition.
void load_terrain(const Json& value, const std::string& path, Ruleset& out, Problems& problems) {
    if (value.empty()) problems.add(path, "no terrain types");
    bool any_passable = false;
    for (auto it = value.begin(); it != value.end(); ++it) {
        const std::string entry_path = member_path(path, it.key());
        check_name(it.key(), entry_path, problems);
        ObjectReader entry(it.value(), entry_path, problems);
        if (!entry.is_object()) continue;
        entry.reject_unknown({"cost", "formed_movement", "passable"});
        TerrainType terrain;
        terrain.name = it.key();
        terrain.passable = entry.boolean("passable", false).value_or(true);
        const auto cost = entry.integer("cost", 1, kCountMax, terrain.passable);
        const auto formed = entry.choice("formed_movement",
                                         {"any", "infantry_or_road", "road_or_track"},
                                         terrain.passable);
        if (cost) terrain.cost = static_cast<int>(*cost);
        if (formed) terrain.formed = formed_movement_from(*formed);
        any_passable = any_passable || terrain.passable;
        out.terrain[terrain.name] = terrain;
    }
    if (!value.empty() && !any_passable) problems.add(path, "every terrain type is impassable");
}

//
void load_movement(const Json& value, const std::string& path, MovementRules& out,
                   Problems& problems) {
    ObjectReader reader(value, path, problems);
    reader.reject_unknown({"road_cost", "river_crossing_cost", "max_saved_points",
                           "forced_march_bonus_percent", "forced_march_rest_half_periods",
                           "exhausted_rate_percent", "reform_after_stationary_half_periods"});
    if (const Json* road = reader.object("road_cost")) {
        ObjectReader fraction(*road, reader.path_of("road_cost"), problems);
        fraction.reject_unknown({"numerator", "denominator"});
        const auto num = fraction.integer("numerator", 1, kCountMax);
        const auto den = fraction.integer("denominator", 1, kCountMax);
        if (num && den && *num > *den)
            problems.add(fraction.path(), "a road may not cost more than the hex (" +
                                              std::to_string(*num) + "/" + std::to_string(*den) +
                                              " is above 1)");
        else if (num && den)
            out.road_cost = {*num, *den};
    }
    read_ints(reader, {{"river_crossing_cost", &out.river_crossing_cost, 0, kCountMax},
                       {"max_saved_points", &out.max_saved_points, 0, kCountMax},
                       {"forced_march_bonus_percent", &out.forced_march_bonus_percent, 0, 100},
                       {"forced_march_rest_half_periods", &out.forced_march_rest_half_periods, 0,
                        kCountMax},
                       {"exhausted_rate_percent", &out.exhausted_rate_percent, 0, 100},
                       {"reform_after_stationary_half_periods",
                        &out.reform_after_stationary_half_periods, 0, kCountMax}});
}

// four half periods, each ending after the one before.
void load_calendar(const Json& value, const std::string& path, Ruleset& out,
                   Problems& problems) {
    ObjectReader reader(value, path, problems);
    reader.reject_unknown({"half_period_end_hours"});
    const Json* hours = reader.object("half_period_end_hours");
    if (!hours) return;
    ObjectReader ends(*hours, reader.path_of("half_period_end_hours"), problems);
    static constexpr std::string_view kNames[] = {"morning", "afternoon", "evening", "night"};
    ends.reject_unknown({kNames[0], kNames[1], kNames[2], kNames[3]});
    std::vector<int> read;
    int previous = 0;
    for (std::size_t i = 0; i < 4; ++i) {
        const auto hour = ends.integer(kNames[i], 1, 24);
        if (!hour) continue;
        if (*hour <= previous)
            problems.add(ends.path_of(kNames[i]), "must end later than the half period before");
        previous = static_cast<int>(*hour);
        read.push_back(previous);
    }
    if (read.size() == 4) out.half_period_end_hours = read;
}

//
void load_dice(const Json& value, const std::string& path, DiceRules& out, Problems& problems) {
    ObjectReader reader(value, path, problems);
    reader.reject_unknown({"roll_off_max_ties"});
    read_ints(reader, {{"roll_off_max_ties", &out.roll_off_max_ties, 1, kCountMax}});
}

//
void load_troop_types(const Json& value, const std::string& path, Ruleset& out,
                      Problems& problems) {
    if (value.empty()) problems.add(path, "no troop types");
    for (auto it = value.begin(); it != value.end(); ++it) {
        const std::string entry_path = member_path(path, it.key());
        check_name(it.key(), entry_path, problems);
        ObjectReader entry(it.value(), entry_path, problems);
        if (!entry.is_object()) continue;
        entry.reject_unknown({"class", "move_points", "moves"});
        TroopType type;
        type.name = it.key();
        if (auto c = entry.choice("class", {"infantry", "cavalry", "creature", "courier"}))
            type.troop_class = *troop_class_from_string(*c);
        if (auto mp = entry.integer("move_points", 1, kCountMax))
            type.move_points = static_cast<int>(*mp);
        if (auto moves = entry.choice("moves", {"day", "night"}))
            type.nocturnal = *moves == "night";
        out.troop_types[type.name] = type;
    }
}

// favoured terrain by troop class; every class is listed, possibly with no terrain.
void load_favoured_terrain(const Json& value, const std::string& path, const References& refs,
                           Ruleset& out, Problems& problems) {
    ObjectReader reader(value, path, problems);
    reader.reject_unknown({"infantry", "cavalry", "creature", "courier"});
    for (auto troop_class : {TroopClass::infantry, TroopClass::cavalry, TroopClass::creature,
                             TroopClass::courier}) {
        const std::string_view key = to_string(troop_class);
        const Json* list = reader.array(key);
        if (!list) continue;
        std::set<std::string>& names = out.favoured_terrain[troop_class];
        for (std::size_t i = 0; i < list->size(); ++i) {
            const std::string item = item_path(reader.path_of(key), i);
            auto name = read_string((*list)[i], item, problems);
            if (!name) continue;
            check_terrain_name(*name, item, refs, problems);
            if (!names.insert(*name).second)
                problems.add(item, "\"" + *name + "\" is listed twice");
        }
    }
}

}  // namespace umpire::rules::ruleset_loading
