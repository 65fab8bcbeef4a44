#include "rules/event_fields.hpp"

#include <charconv>

namespace umpire::rules {

namespace {

template <typename Number>
void write_number(std::string& out, Number n) {
    char digits[24];
    const auto end = std::to_chars(digits, digits + sizeof digits, n).ptr;
    out.append(digits, end);
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

void FieldValue::write(std::string& out) const {
    switch (kind_) {
        case Kind::boolean: out += integer_ ? "true" : "false"; return;
        case Kind::integer: write_number(out, integer_); return;
        case Kind::unsigned_integer: write_number(out, unsigned_); return;
        case Kind::text: write_json_string(out, text_); return;
        case Kind::hex:
            out += '[';
            write_number(out, hex_.q);
            out += ',';
            write_number(out, hex_.r);
            out += ']';
            return;
        case Kind::json: out += json_->dump(); return;
        case Kind::owned: out += owned_.dump(); return;
    }
}

}  // namespace umpire::rules
