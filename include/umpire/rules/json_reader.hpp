#pragma once
// Reading our JSON documents (rulesets, scenarios, orders) with every problem recorded under its
// JSON path ("$.forces[2].hex"), instead of stopping at the first one.
#include <nlohmann/json.hpp>

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "umpire/rules/hex.hpp"

namespace umpire::rules {

using Json = nlohmann::json;

struct Problem {
    std::string path;
    std::string message;
};

class Problems {
public:
    void add(std::string path, std::string message);
    bool empty() const { return list_.empty(); }
    std::size_t size() const { return list_.size(); }
    const std::vector<Problem>& list() const { return list_; }
    // One problem a line: "$.forces[2].hex: off the map".
    std::string to_text() const;

private:
    std::vector<Problem> list_;
};

std::string member_path(std::string_view parent, std::string_view key);
std::string item_path(std::string_view parent, std::size_t index);
std::string json_type_name(const Json& value);

// Reads the members of one JSON object. Each accessor records a problem (missing member, wrong
// type, out of range) and returns nullopt, so a loader can go on and report everything at once.
class ObjectReader {
public:
    ObjectReader(const Json& value, std::string path, Problems& problems);

    bool is_object() const { return object_ != nullptr; }
    const std::string& path() const { return path_; }
    std::string path_of(std::string_view key) const { return member_path(path_, key); }
    Problems& problems() const { return problems_; }
    bool has(std::string_view key) const;

    // The member itself, or nullptr (recorded as missing when required).
    const Json* member(std::string_view key, bool required = true) const;
    const Json* array(std::string_view key, bool required = true) const;
    const Json* object(std::string_view key, bool required = true) const;

    std::optional<std::string> string(std::string_view key, bool required = true) const;
    std::optional<long long> integer(std::string_view key, long long min, long long max,
                                     bool required = true) const;
    std::optional<bool> boolean(std::string_view key, bool required = true) const;
    // A string that must be one of `allowed`.
    std::optional<std::string> choice(std::string_view key,
                                      std::initializer_list<std::string_view> allowed,
                                      bool required = true) const;
    std::optional<Hex> hex(std::string_view key, bool required = true) const;

    // Members not in `known` are reported: a misspelt key must not pass silently.
    void reject_unknown(std::initializer_list<std::string_view> known) const;

private:
    const Json* object_ = nullptr;
    std::string path_;
    Problems& problems_;
};

// Standalone readers for array items and nested values.
std::optional<Hex> read_hex(const Json& value, const std::string& path, Problems& problems);
std::optional<long long> read_integer(const Json& value, const std::string& path, long long min,
                                      long long max, Problems& problems);
std::optional<std::string> read_string(const Json& value, const std::string& path,
                                       Problems& problems);

// Parses text as JSON; a syntax error becomes a problem at "$" with the byte offset.
std::optional<Json> parse_json_text(std::string_view text, Problems& problems);

}  // namespace umpire::rules
