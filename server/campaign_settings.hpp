#pragma once
// A campaign's settings (docs/protocol.md, "Campaign settings"): a JSON object the GM edits.
// Every member is known and checked, so a misspelt setting is an error, not silently nothing.
//   "observers":      "map" (the default: observers see the map) or "all" (as the GM)
//   "decision_hours": 1 to 720; each decision request must be answered within that many hours
//                     of being asked, or it lapses and standing instructions or the default
//                     answer it (asynchronous play). Absent: requests wait for the period's
//                     deadline.
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace umpire::server {

// Empty when `settings` is valid; otherwise what is wrong, naming the member.
std::string settings_problem(const nlohmann::json& settings);

// `current` with `changes` applied: a member set to null is removed (back to its default).
nlohmann::json merged_settings(const nlohmann::json& current, const nlohmann::json& changes);

// The hours each decision request has to be answered in, if the campaign sets them.
std::optional<int> decision_hours(const nlohmann::json& settings);

}  // namespace umpire::server
