#pragma once
// The ruleset: every table and house value of the rulebook, loaded from one JSON file
// (rulesets/*.json) and validated on load (documents/ruleset_load.hpp). A campaign pins it by
// name, version and content hash.
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "rules/ruleset/ruleset_combat.hpp"
#include "rules/ruleset/ruleset_contact.hpp"
#include "rules/world/name_index.hpp"
#include "rules/world/name_order.hpp"
#include "rules/world/troop_class.hpp"

namespace umpire::rules {

// when a force may enter a hex in formed movement.
enum class FormedMovement {
    any,               // every force stays formed
    infantry_or_road,  // only an all-infantry force, unless moving by road or track
    road_or_track,     // only by road or track
};

struct TerrainType {
    std::string name;
    bool passable = true;  // water is impassable to land forces
    int cost = 0;          // move points to enter
    FormedMovement formed = FormedMovement::any;
};

struct TroopType {
    std::string name;
    TroopClass troop_class = TroopClass::infantry;
    int move_points = 12;    // daily move points
    bool nocturnal = false;  // moves in the night period instead of the day period
};

struct Fraction {
    long long numerator = 1;
    long long denominator = 1;
};

struct MovementRules {
    Fraction road_cost{2, 3};        // road movement pays 2/3 of the entered hex's cost
    int river_crossing_cost = 3;     // crossing a river without a bridge
    int max_saved_points = 12;
    int forced_march_bonus_percent = 50;  // rounded down
    int forced_march_rest_half_periods = 1;  // stationary this long before forcing again
    int exhausted_rate_percent = 50;      // exhausted cavalry moves at half rate
    // [H] An unformed force that spends this many whole half periods stationary and out of
    // contact becomes formed again; the rulebook names no way back to formed.
    int reform_after_stationary_half_periods = 1;
};

struct DiceRules {
    int roll_off_max_ties = 10;  // after this many ties the lower force id wins
};

struct Ruleset {
    std::string name;
    std::string version;
    std::string hash;  // SHA-256 of the canonical JSON (sorted keys, no whitespace), hex

    // NameLess: std::string's order, compared inline (looked up for every step and company).
    std::map<std::string, TerrainType, NameLess> terrain;
    std::map<std::string, TroopType, NameLess> troop_types;
    MovementRules movement;
    // end hour of each half period, in the order morning, afternoon, evening, night.
    std::vector<int> half_period_end_hours{6, 12, 18, 24};
    DiceRules dice;
    // terrain names each troop class is favoured in (every class has an entry).
    std::map<TroopClass, std::set<std::string>> favoured_terrain;
    ScoutingRules scouting;
    ContactRules contact;
    TerrainCardRules terrain_cards;
    DisengagementRules disengagement;
    BattleRules battle;
    RecoveryRules recovery;
    QuickBattleRules quick_battle;
    RetreatRules retreat;
    MoraleRules morale;
    CavalryReadinessRules cavalry_readiness;

    std::string document;  // the whole validated file as loaded, written as compact JSON

    const TerrainType* find_terrain(const std::string& name) const;
    const TroopType* find_troop_type(const std::string& name) const;
    bool is_favoured(TroopClass troop_class, const std::string& terrain_name) const;
    // "valormr 1 (sha256 ab12…)": how a campaign names the ruleset it pinned.
    std::string identity() const;

private:
    // find_terrain and find_troop_type look names up here (built on first use, not copied).
    NameIndex<TerrainType> terrain_index_;
    NameIndex<TroopType> troop_type_index_;
};

}  // namespace umpire::rules
