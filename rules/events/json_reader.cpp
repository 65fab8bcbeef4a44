#include "umpire/rules/json_reader.hpp"

#include <algorithm>

namespace umpire::rules {

void Problems::add(std::string path, std::string message) {
    list_.push_back({std::move(path), std::move(message)});
}

std::string Problems::to_text() const {
    std::string out;
    for (const auto& p : list_) out += p.path + ": " + p.message + "\n";
    return out;
}

std::string member_path(std::string_view parent, std::string_view key) {
    return std::string(parent) + "." + std::string(key);
}

std::string item_path(std::string_view parent, std::size_t index) {
    return std::string(parent) + "[" + std::to_string(index) + "]";
}

std::string json_type_name(const Json& value) {
    if (value.is_number_integer()) return "integer";
    if (value.is_number_float()) return "number";
    return value.type_name();
}

ObjectReader::ObjectReader(const Json& value, std::string path, Problems& problems)
    : path_(std::move(path)), problems_(problems) {
    if (value.is_object())
        object_ = &value;
    else
        problems_.add(path_, "expected an object, found " + json_type_name(value));
}

bool ObjectReader::has(std::string_view key) const {
    return object_ && object_->contains(std::string(key));
}

const Json* ObjectReader::member(std::string_view key, bool required) const {
    if (!object_) return nullptr;
    auto it = object_->find(std::string(key));
    if (it == object_->end()) {
        if (required) problems_.add(path_of(key), "missing");
        return nullptr;
    }
    return &*it;
}

namespace {
const Json* typed(const ObjectReader& reader, std::string_view key, bool required,
                  bool (Json::*is)() const noexcept, const char* expected) {
    const Json* value = reader.member(key, required);
    if (value && !((*value).*is)()) {
        reader.problems().add(reader.path_of(key),
                              std::string("expected ") + expected + ", found " +
                                  json_type_name(*value));
        return nullptr;
    }
    return value;
}
}  // namespace

const Json* ObjectReader::array(std::string_view key, bool required) const {
    return typed(*this, key, required, &Json::is_array, "an array");
}

const Json* ObjectReader::object(std::string_view key, bool required) const {
    return typed(*this, key, required, &Json::is_object, "an object");
}

std::optional<std::string> ObjectReader::string(std::string_view key, bool required) const {
    const Json* value = member(key, required);
    if (!value) return std::nullopt;
    return read_string(*value, path_of(key), problems_);
}

std::optional<long long> ObjectReader::integer(std::string_view key, long long min, long long max,
                                               bool required) const {
    const Json* value = member(key, required);
    if (!value) return std::nullopt;
    return read_integer(*value, path_of(key), min, max, problems_);
}

std::optional<bool> ObjectReader::boolean(std::string_view key, bool required) const {
    const Json* value = typed(*this, key, required, &Json::is_boolean, "true or false");
    if (!value) return std::nullopt;
    return value->get<bool>();
}

std::optional<std::string> ObjectReader::choice(std::string_view key,
                                                std::initializer_list<std::string_view> allowed,
                                                bool required) const {
    auto value = string(key, required);
    if (!value) return std::nullopt;
    for (auto a : allowed)
        if (*value == a) return value;
    std::string list;
    for (auto a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
    problems_.add(path_of(key), "\"" + *value + "\" is not one of: " + list);
    return std::nullopt;
}

std::optional<Hex> ObjectReader::hex(std::string_view key, bool required) const {
    const Json* value = member(key, required);
    if (!value) return std::nullopt;
    return read_hex(*value, path_of(key), problems_);
}

void ObjectReader::reject_unknown(std::initializer_list<std::string_view> known) const {
    if (!object_) return;
    for (auto it = object_->begin(); it != object_->end(); ++it) {
        bool found = false;
        for (auto k : known) found = found || it.key() == k;
        if (!found) problems_.add(path_of(it.key()), "unknown member");
    }
}

std::optional<Hex> read_hex(const Json& value, const std::string& path, Problems& problems) {
    if (!value.is_array() || value.size() != 2 || !value[0].is_number_integer() ||
        !value[1].is_number_integer()) {
        problems.add(path, "expected a hex [q, r] of two integers, found " + value.dump());
        return std::nullopt;
    }
    const long long q = value[0].get<long long>();
    const long long r = value[1].get<long long>();
    constexpr long long kLimit = 100000;
    if (q < -kLimit || q > kLimit || r < -kLimit || r > kLimit) {
        problems.add(path, "hex coordinate out of range");
        return std::nullopt;
    }
    return Hex{static_cast<int>(q), static_cast<int>(r)};
}

std::optional<long long> read_integer(const Json& value, const std::string& path, long long min,
                                      long long max, Problems& problems) {
    if (!value.is_number_integer()) {
        problems.add(path, "expected an integer, found " + json_type_name(value));
        return std::nullopt;
    }
    // Unsigned values beyond the signed range would wrap: report them as out of range.
    if (value.is_number_unsigned() && value.get<unsigned long long>() >
                                          static_cast<unsigned long long>(max)) {
        problems.add(path, "must be between " + std::to_string(min) + " and " +
                               std::to_string(max) + ", found " +
                               std::to_string(value.get<unsigned long long>()));
        return std::nullopt;
    }
    const long long n = value.get<long long>();
    if (n < min || n > max) {
        problems.add(path, "must be between " + std::to_string(min) + " and " +
                               std::to_string(max) + ", found " + std::to_string(n));
        return std::nullopt;
    }
    return n;
}

std::optional<std::string> read_string(const Json& value, const std::string& path,
                                       Problems& problems) {
    if (!value.is_string()) {
        problems.add(path, "expected a string, found " + json_type_name(value));
        return std::nullopt;
    }
    return value.get<std::string>();
}

namespace {

// "at line 3, column 7 (byte 41)": where a parse error is, as an editor shows it. `byte` is the
// parser's 1-based position of the last character it read.
std::string where_in_text(std::string_view text, std::size_t byte) {
    const std::size_t end = std::min(byte > 0 ? byte - 1 : 0, text.size());
    std::size_t line = 1, line_start = 0;
    for (std::size_t i = 0; i < end; ++i)
        if (text[i] == '\n') {
            ++line;
            line_start = i + 1;
        }
    return "at line " + std::to_string(line) + ", column " + std::to_string(end - line_start + 1) +
           " (byte " + std::to_string(byte) + ")";
}

// The parser's own words for what it expected ("syntax error while parsing object - …").
std::string reason_of(const Json::parse_error& e) {
    const std::string what = e.what();
    const auto at = what.find("syntax error");
    return at == std::string::npos ? "" : ": " + what.substr(at);
}

}  // namespace

std::optional<Json> parse_json_text(std::string_view text, Problems& problems) {
    try {
        return Json::parse(text);
    } catch (const Json::parse_error& e) {
        problems.add("$", "not valid JSON " + where_in_text(text, e.byte) + reason_of(e));
        return std::nullopt;
    } catch (const Json::out_of_range&) {  // a number too large for a double: 1e999
        problems.add("$", "not valid JSON (a number out of range)");
        return std::nullopt;
    }
}

}  // namespace umpire::rules
