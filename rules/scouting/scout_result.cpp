#include "rules/scouting/scout_result.hpp"

namespace umpire::rules {

std::string_view to_string(ScoutResult result) {
    switch (result) {
        case ScoutResult::killed: return "killed";
        case ScoutResult::captured: return "captured";
        case ScoutResult::success: return "success";
        case ScoutResult::nothing_seen: return "nothing seen";
    }
    return "unknown";
}

std::optional<ScoutResult> scout_result_from_string(std::string_view name) {
    for (const auto result : {ScoutResult::killed, ScoutResult::captured, ScoutResult::success,
                              ScoutResult::nothing_seen})
        if (to_string(result) == name) return result;
    return std::nullopt;
}

}  // namespace umpire::rules
