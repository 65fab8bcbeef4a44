#pragma once
// Internal to load_ruleset: the section loaders and the small helpers they share. Each loader
// reads one section with ObjectReader, records every problem under its JSON path and fills what
// it can, so one load reports everything wrong with a file.
#include <initializer_list>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "umpire/rules/json_reader.hpp"
#include "umpire/rules/ruleset.hpp"

namespace umpire::rules::ruleset_loading {

// Names later sections refer to; unset when the section defining them is missing or broken, so
// a broken terrain section is reported once rather than at every reference to it.
struct References {
    std::optional<std::set<std::string>> terrain_names;
    std::optional<std::set<int>> accuracy_columns;  // size-estimation columns
};

// Lowercase snake_case, the form every name in a ruleset takes ("light_horse").
bool is_name(std::string_view text);
// Records a problem at `path` when `text` is not a name.
void check_name(std::string_view text, const std::string& path, Problems& problems);
// Records a problem when `name` is not a terrain of the ruleset (when terrain is known).
void check_terrain_name(const std::string& name, const std::string& path,
                        const References& refs, Problems& problems);

struct IntField {
    std::string_view key;
    int* field;
    long long min;
    long long max;
};
// Reads required integer members into their fields.
void read_ints(const ObjectReader& reader, std::initializer_list<IntField> fields);

// Modifiers are small signed integers.
inline constexpr long long kModifierMin = -10;
inline constexpr long long kModifierMax = 10;
// A generous bound for counts, distances and move points.
inline constexpr long long kCountMax = 1000;

void load_terrain(const Json& value, const std::string& path, Ruleset& out, Problems& problems);
void load_movement(const Json& value, const std::string& path, MovementRules& out,
                   Problems& problems);
void load_calendar(const Json& value, const std::string& path, Ruleset& out, Problems& problems);
void load_dice(const Json& value, const std::string& path, DiceRules& out, Problems& problems);
void load_troop_types(const Json& value, const std::string& path, Ruleset& out,
                      Problems& problems);
void load_favoured_terrain(const Json& value, const std::string& path, const References& refs,
                           Ruleset& out, Problems& problems);

void load_contact(const Json& value, const std::string& path, References& refs,
                  ContactRules& out, Problems& problems);
void load_scouting(const Json& value, const std::string& path, const References& refs,
                   ScoutingRules& out, Problems& problems);
void load_terrain_cards(const Json& value, const std::string& path, const References& refs,
                        TerrainCardRules& out, Problems& problems);

void load_disengagement(const Json& value, const std::string& path, DisengagementRules& out,
                        Problems& problems);
void load_battle(const Json& value, const std::string& path, BattleRules& out,
                 Problems& problems);
void load_recovery(const Json& value, const std::string& path, RecoveryRules& out,
                   Problems& problems);
void load_quick_battle(const Json& value, const std::string& path, QuickBattleRules& out,
                       Problems& problems);
void load_retreat(const Json& value, const std::string& path, RetreatRules& out,
                  Problems& problems);
void load_morale(const Json& value, const std::string& path, MoraleRules& out,
                 Problems& problems);
void load_cavalry_readiness(const Json& value, const std::string& path,
                            CavalryReadinessRules& out, Problems& problems);

}  // namespace umpire::rules::ruleset_loading
