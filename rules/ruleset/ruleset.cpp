// The ruleset's lookups (documents/ruleset_load.cpp reads and checks the file).
#include "umpire/rules/ruleset.hpp"

namespace umpire::rules {

const TerrainType* Ruleset::find_terrain(const std::string& terrain_name) const {
    return terrain_index_.find(terrain, terrain_name);
}

const TroopType* Ruleset::find_troop_type(const std::string& type_name) const {
    return troop_type_index_.find(troop_types, type_name);
}

bool Ruleset::is_favoured(TroopClass troop_class, const std::string& terrain_name) const {
    auto it = favoured_terrain.find(troop_class);
    return it != favoured_terrain.end() && it->second.count(terrain_name) != 0;
}

std::string Ruleset::identity() const {
    return name + " " + version + " (sha256 " + hash.substr(0, 12) + ")";
}

}  // namespace umpire::rules
