#pragma once
// Checks an event against its type's JSON Schema (protocol/schemas/events/<type>.json, made from
// the event catalogue protocol/events.json by scripts/gen_event_types.py). The schemas are
// closed: a field the catalogue does not declare, a field of another JSON type, or a missing
// required one is a mismatch. Needs UMPIRE_SOURCE_DIR.
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <string>

#include "json_schema.hpp"

namespace umpire::testing {

// Empty when `event` matches its type's schema; otherwise what is wrong, naming the type.
inline std::string event_mismatch(const nlohmann::json& event) {
    static std::mutex mutex;
    static std::map<std::string, nlohmann::json> schemas;  // by type, read once
    const std::string type = event.value("type", "");
    nlohmann::json schema;
    {
        std::lock_guard lock(mutex);
        auto it = schemas.find(type);
        if (it == schemas.end()) {
            const auto file = std::filesystem::path(UMPIRE_SOURCE_DIR) / "protocol" / "schemas" /
                              "events" / (type + ".json");
            if (type.empty() || !std::filesystem::exists(file))
                return "event type \"" + type + "\" is not in the catalogue (protocol/events.json)";
            std::ifstream in(file);
            it = schemas.emplace(type, nlohmann::json::parse(in)).first;
        }
        schema = it->second;
    }
    const auto why = schema_mismatch(schema, event, type);
    return why.empty() ? why : why + " in " + event.dump().substr(0, 300);
}

// Empty when a decision request's context matches its kind's schema
// (protocol/schemas/decisions/<kind>.json, from the catalogue's "decision_contexts"); the
// battle report and dispute, whose contexts carry documents, have none yet.
inline std::string decision_context_mismatch(const nlohmann::json& request) {
    const std::string kind = request.value("kind", "");
    if (kind == "battle_report" || kind == "battle_dispute") return "";
    const auto file = std::filesystem::path(UMPIRE_SOURCE_DIR) / "protocol" / "schemas" /
                      "decisions" / (kind + ".json");
    if (kind.empty() || !std::filesystem::exists(file))
        return "decision kind \"" + kind + "\" has no context in the catalogue";
    std::ifstream in(file);
    const auto why = schema_mismatch(nlohmann::json::parse(in),
                                     request.value("context", nlohmann::json()), kind + ".context");
    return why.empty() ? why : why + " in " + request.dump().substr(0, 300);
}

}  // namespace umpire::testing
