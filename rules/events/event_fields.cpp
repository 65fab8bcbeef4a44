#include "umpire/rules/event_fields.hpp"

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

AudienceText::AudienceText(std::vector<std::string> sorted_players)
    : players(std::move(sorted_players)) {
    TextOut out;
    write_names(out, players);
    text = out.text();
}

void TextOut::grow(std::size_t needed) {
    // Out of the lent room or of its own buffer: what it holds moves to a buffer of its own,
    // a larger one where its own is too small.
    const std::size_t used = size();
    const std::size_t own = static_cast<std::size_t>(own_end_ - buffer_.get());
    if (used + needed > own) {
        const std::size_t capacity = std::max(2 * own, used + needed);
        auto bigger = std::make_unique<char[]>(capacity);
        if (used) std::memcpy(bigger.get(), begin_, used);
        buffer_ = std::move(bigger);
        own_end_ = buffer_.get() + capacity;
    } else if (used && in_lent_room()) {
        std::memcpy(buffer_.get(), begin_, used);  // its own buffer is large enough
    }
    begin_ = buffer_.get();
    at_ = begin_ + used;
    end_ = own_end_;
}

void json_text_detail::write_escaped(TextOut& out, std::string_view s) {
    // Printable ASCII needs no escaping; anything else takes nlohmann's own path, so control
    // characters and UTF-8 come out (or are refused) exactly as dump() would.
    out.put(Json(std::string(s)).dump());
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
    const auto by_key = [](const Field* a, const Field* b) { return a->key < b->key; };
    // The generated writers name their fields in key order: then sorting is only a check.
    if (!std::is_sorted(sorted, sorted + count, by_key)) std::sort(sorted, sorted + count, by_key);
    out.put('{');
    for (std::size_t i = 0; i < count; ++i) {
        if (i) out.put(',');
        write_key(out, sorted[i]->key);
        out.put(':');
        sorted[i]->value.write(out);
    }
    out.put('}');
}

void FieldValue::write_other(TextOut& out) const {
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
