#include "rules/world/troop_class.hpp"

#include <utility>

#include "rules/world/name_table.hpp"

namespace umpire::rules {

namespace {

constexpr std::pair<TroopClass, std::string_view> kNames[] = {
    {TroopClass::infantry, "infantry"},
    {TroopClass::cavalry, "cavalry"},
    {TroopClass::creature, "creature"},
    {TroopClass::courier, "courier"},
};

}  // namespace

std::string_view to_string(TroopClass c) { return name_in(kNames, c, "infantry"); }

std::optional<TroopClass> troop_class_from_string(std::string_view s) {
    return value_in<TroopClass>(kNames, s);
}

}  // namespace umpire::rules
