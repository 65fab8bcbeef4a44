#pragma once
// A JSON Schema validator for the subset protocol/schemas uses: type (one or a list), const,
// enum, properties, required, additionalProperties (a boolean or a schema), items, minItems,
// maxItems, minLength, maxLength, minimum, maximum. Unknown keywords are an error, so a schema
// cannot silently use more than this checks.
#include <nlohmann/json.hpp>

#include <set>
#include <string>

namespace umpire::testing {

// Empty when `value` matches `schema`; otherwise the first problem with its path.
inline std::string schema_mismatch(const nlohmann::json& schema, const nlohmann::json& value,
                                   const std::string& path = "$") {
    using Json = nlohmann::json;
    static const std::set<std::string> known{
        "$schema", "$id", "title", "description", "x-direction", "type", "const", "enum",
        "properties", "required", "additionalProperties", "items", "minItems", "maxItems",
        "minLength", "maxLength", "minimum", "maximum"};
    for (auto it = schema.begin(); it != schema.end(); ++it)
        if (!known.count(it.key())) return path + ": schema keyword " + it.key() + " not supported";
    auto type_ok = [&](const std::string& t) {
        if (t == "object") return value.is_object();
        if (t == "array") return value.is_array();
        if (t == "string") return value.is_string();
        if (t == "integer") return value.is_number_integer();
        if (t == "number") return value.is_number();
        if (t == "boolean") return value.is_boolean();
        if (t == "null") return value.is_null();
        return false;
    };
    if (schema.contains("type")) {
        bool ok = false;
        if (schema["type"].is_array())
            for (const auto& t : schema["type"]) ok = ok || type_ok(t);
        else
            ok = type_ok(schema["type"]);
        if (!ok) return path + ": expected type " + schema["type"].dump() + ", got " + value.dump().substr(0, 80);
    }
    if (schema.contains("const") && value != schema["const"])
        return path + ": expected " + schema["const"].dump();
    if (schema.contains("enum") &&
        std::find(schema["enum"].begin(), schema["enum"].end(), value) == schema["enum"].end())
        return path + ": " + value.dump() + " not in " + schema["enum"].dump();
    if (value.is_string()) {
        const auto n = value.get_ref<const std::string&>().size();
        if (schema.contains("minLength") && n < schema["minLength"].get<std::size_t>()) return path + ": too short";
        if (schema.contains("maxLength") && n > schema["maxLength"].get<std::size_t>()) return path + ": too long";
    }
    if (value.is_number()) {
        if (schema.contains("minimum") && value.get<double>() < schema["minimum"].get<double>()) return path + ": below minimum";
        if (schema.contains("maximum") && value.get<double>() > schema["maximum"].get<double>()) return path + ": above maximum";
    }
    if (value.is_array()) {
        if (schema.contains("minItems") && value.size() < schema["minItems"].get<std::size_t>()) return path + ": too few items";
        if (schema.contains("maxItems") && value.size() > schema["maxItems"].get<std::size_t>()) return path + ": too many items";
        if (schema.contains("items"))
            for (std::size_t i = 0; i < value.size(); ++i)
                if (auto why = schema_mismatch(schema["items"], value[i], path + "[" + std::to_string(i) + "]"); !why.empty())
                    return why;
    }
    if (value.is_object()) {
        for (const auto& r : schema.value("required", Json::array()))
            if (!value.contains(r.get<std::string>())) return path + "." + r.get<std::string>() + ": missing";
        const Json props = schema.value("properties", Json::object());
        for (auto it = value.begin(); it != value.end(); ++it) {
            if (props.contains(it.key())) {
                if (auto why = schema_mismatch(props[it.key()], it.value(), path + "." + it.key()); !why.empty())
                    return why;
            } else if (const Json extra = schema.value("additionalProperties", Json(true));
                       extra.is_boolean()) {
                if (!extra.get<bool>()) return path + "." + it.key() + ": not allowed";
            } else if (auto why = schema_mismatch(extra, it.value(), path + "." + it.key());
                       !why.empty()) {
                return why;  // every member not named in properties matches this schema
            }
        }
    }
    return {};
}

}  // namespace umpire::testing
