#include "rules/event_fields.hpp"

#include <algorithm>
#include <cstdint>
#include <charconv>

namespace umpire::rules {

namespace {

template <typename Number>
void write_number(TextOut& out, Number n) {
    char digits[24];
    const auto end = std::to_chars(digits, digits + sizeof digits, n).ptr;
    out.put(std::string_view(digits, static_cast<std::size_t>(end - digits)));
}

// True when any of the eight bytes of `word` needs escaping in a JSON string: below 0x20, above
// 0x7e, a quote or a backslash. Names and ids are short plain ASCII; testing eight bytes at a
// time is what makes checking them cheap. Each term sets the high bit of the bytes it finds
// (borrows may set more of them, but only in a word that has one such byte).
constexpr std::uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
constexpr std::uint64_t zero_bytes(std::uint64_t w) { return (w - ones) & ~w; }
constexpr bool needs_escape(std::uint64_t w) {
    const std::uint64_t flagged = ((w - 0x20 * ones) & ~w) | w | zero_bytes(w ^ (0x7f * ones)) |
                                  zero_bytes(w ^ ('"' * ones)) | zero_bytes(w ^ ('\\' * ones));
    return (flagged & highs) != 0;
}

std::uint64_t load8(const char* p) {
    std::uint64_t word;
    std::memcpy(&word, p, 8);
    return word;
}

std::uint32_t load4(const char* p) {
    std::uint32_t word;
    std::memcpy(&word, p, 4);
    return word;
}

bool plain(std::string_view s) {
    const char* p = s.data();
    const std::size_t n = s.size();
    if (n >= 8) {
        for (std::size_t i = 0; i + 8 <= n; i += 8)
            if (needs_escape(load8(p + i))) return false;
        return !needs_escape(load8(p + n - 8));  // the last bytes again, overlapping
    }
    // Shorter: a word made of the text's own bytes (some twice), padded with spaces.
    std::uint64_t word = 0x2020202020202020ull;
    if (n >= 4) {
        word = load4(p) | static_cast<std::uint64_t>(load4(p + n - 4)) << 32;
    } else if (n > 0) {
        const auto byte = [](char c) {
            return static_cast<std::uint64_t>(static_cast<unsigned char>(c));
        };
        word = 0x2020202020000000ull | byte(p[0]) | byte(p[n / 2]) << 8 | byte(p[n - 1]) << 16;
    }
    return !needs_escape(word);
}

void write_json(TextOut& out, const Json& j) {
    switch (j.type()) {
        case Json::value_t::object: {
            out.put('{');
            bool first = true;
            for (const auto& [key, value] : j.items()) {
                if (!first) out.put(',');
                first = false;
                write_json_string(out, key);
                out.put(':');
                write_json(out, value);
            }
            out.put('}');
            return;
        }
        case Json::value_t::array: write_list(out, j, write_json); return;
        case Json::value_t::string: write_json_string(out, j.get_ref<const std::string&>()); return;
        case Json::value_t::boolean: out.put(j.get<bool>() ? "true" : "false"); return;
        case Json::value_t::number_integer: write_number(out, j.get<long long>()); return;
        case Json::value_t::number_unsigned: write_number(out, j.get<unsigned long long>()); return;
        case Json::value_t::null: out.put("null"); return;
        default: out.put(j.dump()); return;  // floating point and the rest: nlohmann's own text
    }
}

void write_hex(TextOut& out, Hex h) {
    out.put('[');
    write_number(out, h.q);
    out.put(',');
    write_number(out, h.r);
    out.put(']');
}

template <typename Names>
void write_names(TextOut& out, const Names& names) {
    write_list(out, names, [](TextOut& o, std::string_view name) { write_json_string(o, name); });
}

}  // namespace

void TextOut::grow(std::size_t needed) {
    const std::size_t used = size();
    const std::size_t capacity = std::max(2 * static_cast<std::size_t>(end_ - buffer_.get()),
                                          used + needed);
    auto bigger = std::make_unique<char[]>(capacity);
    if (used) std::memcpy(bigger.get(), buffer_.get(), used);
    buffer_ = std::move(bigger);
    at_ = buffer_.get() + used;
    end_ = buffer_.get() + capacity;
}

void write_json_string(TextOut& out, std::string_view s) {
    // Printable ASCII needs no escaping; anything else takes nlohmann's own path, so control
    // characters and UTF-8 come out (or are refused) exactly as dump() would.
    if (!plain(s)) {
        out.put(Json(std::string(s)).dump());
        return;
    }
    out.put('"');
    out.put(s);
    out.put('"');
}

std::string json_text(const FieldValue& value) {
    TextOut out;
    value.write(out);
    return std::string(out.text());
}

void write_object(TextOut& out, Fields fields) {
    const Field* few[16];  // objects have a handful of fields: no allocation for them
    std::vector<const Field*> many(fields.size() > 16 ? fields.size() : 0);
    const Field** sorted = many.empty() ? few : many.data();
    std::size_t count = 0;
    for (const Field& f : fields)
        if (!f.value.is_none()) sorted[count++] = &f;
    std::sort(sorted, sorted + count,
              [](const Field* a, const Field* b) { return a->key < b->key; });
    out.put('{');
    for (std::size_t i = 0; i < count; ++i) {
        if (i) out.put(',');
        write_key(out, sorted[i]->key);
        out.put(':');
        sorted[i]->value.write(out);
    }
    out.put('}');
}

std::string object_text(Fields fields) {
    TextOut out;
    write_object(out, fields);
    return std::string(out.text());
}

void FieldValue::write(TextOut& out) const {
    switch (kind_) {
        case Kind::boolean: out.put(integer_ ? "true" : "false"); return;
        case Kind::integer: write_number(out, integer_); return;
        case Kind::unsigned_integer: write_number(out, unsigned_); return;
        case Kind::text: write_json_string(out, text_); return;
        case Kind::hex: write_hex(out, hex_); return;
        case Kind::hexes: write_list(out, hexes_, write_hex); return;
        case Kind::json: write_json(out, *json_); return;
        case Kind::names: write_names(out, *names_); return;
        case Kind::views: write_names(out, views_); return;
        case Kind::owned: write_json(out, *owned_); return;
        case Kind::raw: out.put(text_); return;
        case Kind::writer: writer_.call(writer_.state, out); return;
        case Kind::named:
            write_named(out, *named_, [](const auto& p) -> std::string_view { return p.first; },
                        [](const auto& p) { return p.second; });
            return;
        case Kind::none: out.put("null"); return;  // left out by EventLog; null if written alone
    }
}

}  // namespace umpire::rules
