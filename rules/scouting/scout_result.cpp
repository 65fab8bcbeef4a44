#include "rules/scouting/scout_result.hpp"

#include <utility>

#include "rules/world/name_table.hpp"

namespace umpire::rules {

namespace {

constexpr std::pair<ScoutResult, std::string_view> kNames[] = {
    {ScoutResult::killed, "killed"},
    {ScoutResult::captured, "captured"},
    {ScoutResult::success, "success"},
    {ScoutResult::nothing_seen, "nothing seen"},
};

}  // namespace

std::string_view to_string(ScoutResult result) { return name_in(kNames, result, "unknown"); }

std::optional<ScoutResult> scout_result_from_string(std::string_view name) {
    return value_in<ScoutResult>(kNames, name);
}

}  // namespace umpire::rules
