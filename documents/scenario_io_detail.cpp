#include "documents/scenario_io_detail.hpp"

namespace umpire::rules::scenario_detail {

bool is_valid_id(std::string_view id) {
    if (id.empty() || id.size() > 64) return false;
    for (const char c : id) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                        (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.';
        if (!ok) return false;
    }
    return true;
}

std::optional<std::string> read_id(const ObjectReader& reader, std::string_view key) {
    auto id = reader.string(key);
    if (id && !is_valid_id(*id)) {
        reader.problems().add(reader.path_of(key),
                              "an id is 1 to 64 of the characters A-Z a-z 0-9 _ - . (found " +
                                  json_quoted(*id) + ")");
        return std::nullopt;
    }
    return id;
}

std::optional<std::string> read_name(const ObjectReader& reader, std::string_view key) {
    auto name = reader.string(key);
    if (name && name->empty()) {
        reader.problems().add(reader.path_of(key), "must not be empty");
        return std::nullopt;
    }
    return name;
}

std::string json_quoted(std::string_view text) {
    // dump() escapes quotes and control characters; replace keeps bad UTF-8 from throwing.
    return Json(std::string(text)).dump(-1, ' ', false, Json::error_handler_t::replace);
}

std::string off_map_message(Hex h) {
    return "off the map: " + to_string(h) + " is not a hex of the map";
}

OrderedJson hex_json(Hex h) { return OrderedJson::array({h.q, h.r}); }

bool IdRegistry::add(const std::string& id, const std::string& path, Problems& problems) {
    const auto [first, inserted] = first_.emplace(id, path);
    if (!inserted)
        problems.add(path, "duplicate " + what_ + " id " + json_quoted(id) + " (first at " +
                               first->second + ")");
    return inserted;
}

}  // namespace umpire::rules::scenario_detail
