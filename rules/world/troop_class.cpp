#include "rules/world/troop_class.hpp"

namespace umpire::rules {

std::string_view to_string(TroopClass c) {
    switch (c) {
        case TroopClass::infantry: return "infantry";
        case TroopClass::cavalry: return "cavalry";
        case TroopClass::creature: return "creature";
        case TroopClass::courier: return "courier";
    }
    return "infantry";
}

std::optional<TroopClass> troop_class_from_string(std::string_view s) {
    for (auto c : {TroopClass::infantry, TroopClass::cavalry, TroopClass::creature,
                   TroopClass::courier})
        if (to_string(c) == s) return c;
    return std::nullopt;
}

}  // namespace umpire::rules
