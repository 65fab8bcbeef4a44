#pragma once
#include <optional>
#include <string>
#include <string_view>

namespace umpire::rules {

// Troop classes are fixed by the rules; troop types, which name a class, are data.
enum class TroopClass { infantry, cavalry, creature, courier };

std::string_view to_string(TroopClass c);
std::optional<TroopClass> troop_class_from_string(std::string_view s);

}  // namespace umpire::rules
