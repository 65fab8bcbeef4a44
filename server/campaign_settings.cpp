#include "server/campaign_settings.hpp"

namespace umpire::server {

namespace {

constexpr int kMaxDecisionHours = 720;  // 30 days: longer is a typo, not a campaign

}  // namespace

std::string settings_problem(const nlohmann::json& settings) {
    if (!settings.is_object()) return "settings must be an object";
    for (auto it = settings.begin(); it != settings.end(); ++it) {
        const std::string& key = it.key();
        const auto& value = *it;
        if (key == "observers") {
            if (value != "map" && value != "all")
                return "settings.observers: \"map\" or \"all\", not " + value.dump();
        } else if (key == "press") {
            if (value != "private" && value != "gm_reads" && value != "off")
                return "settings.press: \"private\", \"gm_reads\" or \"off\", not " + value.dump();
        } else if (key == "decision_hours") {
            if (!value.is_number_integer() || value.get<long long>() < 1 ||
                value.get<long long>() > kMaxDecisionHours)
                return "settings.decision_hours: a whole number of hours from 1 to " +
                       std::to_string(kMaxDecisionHours) + ", not " + value.dump();
        } else {
            return "settings." + key +
                   ": no such setting (known: observers, decision_hours, press)";
        }
    }
    return "";
}

nlohmann::json merged_settings(const nlohmann::json& current, const nlohmann::json& changes) {
    nlohmann::json merged = current.is_object() ? current : nlohmann::json::object();
    for (auto it = changes.begin(); it != changes.end(); ++it) {
        if (it->is_null())
            merged.erase(it.key());
        else
            merged[it.key()] = *it;
    }
    return merged;
}

std::optional<int> decision_hours(const nlohmann::json& settings) {
    if (!settings.is_object()) return std::nullopt;
    const auto it = settings.find("decision_hours");
    if (it == settings.end() || !it->is_number_integer()) return std::nullopt;
    return it->get<int>();
}

}  // namespace umpire::server
