#pragma once
// what became of a scout — the d6's result (the ruleset's table) or, with no enemy near
// its target, nothing seen. Kept in the state's scout records (R-4.2 looks back on them).
#include <optional>
#include <string_view>

namespace umpire::rules {

enum class ScoutResult { killed, captured, success, nothing_seen };
// Its name in scenarios and events: "killed", "captured", "success", "nothing seen".
std::string_view to_string(ScoutResult result);
std::optional<ScoutResult> scout_result_from_string(std::string_view name);

}  // namespace umpire::rules
