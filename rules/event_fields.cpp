#include "rules/event_fields.hpp"

#include <algorithm>
#include <charconv>

namespace umpire::rules {

namespace {

template <typename Number>
void write_number(std::string& out, Number n) {
    char digits[24];
    const auto end = std::to_chars(digits, digits + sizeof digits, n).ptr;
    out.append(digits, end);
}

// [item,item,...], each written by write_item(out, item).
template <typename List, typename WriteItem>
void write_list(std::string& out, const List& items, WriteItem write_item) {
    out += '[';
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i) out += ',';
        write_item(out, items[i]);
    }
    out += ']';
}

void write_json(std::string& out, const Json& j) {
    switch (j.type()) {
        case Json::value_t::object: {
            out += '{';
            bool first = true;
            for (const auto& [key, value] : j.items()) {
                if (!first) out += ',';
                first = false;
                write_json_string(out, key);
                out += ':';
                write_json(out, value);
            }
            out += '}';
            return;
        }
        case Json::value_t::array: write_list(out, j, write_json); return;
        case Json::value_t::string: write_json_string(out, j.get_ref<const std::string&>()); return;
        case Json::value_t::boolean: out += j.get<bool>() ? "true" : "false"; return;
        case Json::value_t::number_integer: write_number(out, j.get<long long>()); return;
        case Json::value_t::number_unsigned: write_number(out, j.get<unsigned long long>()); return;
        case Json::value_t::null: out += "null"; return;
        default: out += j.dump(); return;  // floating point and the rest: nlohmann's own text
    }
}

void write_hex(std::string& out, Hex h) {
    out += '[';
    write_number(out, h.q);
    out += ',';
    write_number(out, h.r);
    out += ']';
}

template <typename Names>
void write_names(std::string& out, const Names& names) {
    write_list(out, names,
               [](std::string& o, std::string_view name) { write_json_string(o, name); });
}

}  // namespace

void write_json_string(std::string& out, std::string_view s) {
    // Printable ASCII needs no escaping; anything else takes nlohmann's own path, so control
    // characters and UTF-8 come out (or are refused) exactly as dump() would.
    for (const char c : s)
        if (c < 0x20 || c > 0x7e || c == '"' || c == '\\') {
            out += Json(std::string(s)).dump();
            return;
        }
    out += '"';
    out.append(s);
    out += '"';
}

std::string json_text(const FieldValue& value) {
    std::string out;
    value.write(out);
    return out;
}

std::string object_text(Fields fields) {
    std::vector<const Field*> sorted;
    sorted.reserve(fields.size());
    for (const Field& f : fields)
        if (!f.value.is_none()) sorted.push_back(&f);
    std::sort(sorted.begin(), sorted.end(),
              [](const Field* a, const Field* b) { return a->key < b->key; });
    std::string out = "{";
    for (const Field* f : sorted) {
        if (out.size() > 1) out += ',';
        write_json_string(out, f->key);
        out += ':';
        f->value.write(out);
    }
    out += '}';
    return out;
}

void FieldValue::write(std::string& out) const {
    switch (kind_) {
        case Kind::boolean: out += integer_ ? "true" : "false"; return;
        case Kind::integer: write_number(out, integer_); return;
        case Kind::unsigned_integer: write_number(out, unsigned_); return;
        case Kind::text: write_json_string(out, text_); return;
        case Kind::hex: write_hex(out, hex_); return;
        case Kind::hexes: write_list(out, hexes_, write_hex); return;
        case Kind::json: write_json(out, *json_); return;
        case Kind::names: write_names(out, *names_); return;
        case Kind::views: write_names(out, views_); return;
        case Kind::owned: write_json(out, owned_); return;
        case Kind::raw: out.append(text_); return;
        case Kind::none: out += "null"; return;  // left out by EventLog; null if written alone
    }
}

}  // namespace umpire::rules
