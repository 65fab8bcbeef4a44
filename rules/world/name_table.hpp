#pragma once
// An enum's names as a table of (value, name) pairs, read both ways: the one lookup every rule
// enum of the engine uses to become text at the edge and to be read back from it.
#include <optional>
#include <string_view>

namespace umpire::rules {

// The name of `value` in `table`, or `unknown` when the table does not list it.
template <typename Table, typename Enum>
std::string_view name_in(const Table& table, Enum value, std::string_view unknown) {
    for (const auto& [v, name] : table)
        if (v == value) return name;
    return unknown;
}

// The value named `name` in `table`; nullopt for any other text.
template <typename Enum, typename Table>
std::optional<Enum> value_in(const Table& table, std::string_view name) {
    for (const auto& [v, text] : table)
        if (text == name) return v;
    return std::nullopt;
}

}  // namespace umpire::rules
