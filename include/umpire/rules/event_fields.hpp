#pragma once
// The fields of one event, written straight to JSON text. A period's resolution records tens of
// thousands of events (every die is one); building each as a nlohmann::json object first and
// dumping it later cost more than the rules themselves. A Field only refers to its value, so
// Fields live for the one call that writes them. Rule code does not use them: it fills the
// typed records generated from the catalogue (rules/events/event_records.generated.hpp), whose
// write() hands their members over as Fields, in key order.
#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "rules/world/name_order.hpp"
#include "rules/world/text_words.hpp"
#include "umpire/rules/hex.hpp"
#include "umpire/rules/json_reader.hpp"

namespace umpire::rules {

// A growing buffer that JSON text is written into. Events are written a character at a time;
// std::string's appends are calls that each check the capacity, these are inline stores.
// It may also write into room lent to it (write_into: the free end of an event list's block,
// so an event is written where it is kept instead of copied there), until that is full: then
// it carries on in a buffer of its own, with what it wrote copied over.
class TextOut {
public:
    TextOut() { grow(240); }
    void put(char c) {
        if (at_ == end_) grow(1);
        *at_++ = c;
    }
    void put(std::string_view s) {
        copy(room(s.size()), s);
        at_ += s.size();
    }
    // Room for `n` more characters, written by the caller and kept by `wrote(n)`.
    char* room(std::size_t n) {
        if (n > static_cast<std::size_t>(end_ - at_)) grow(n);
        return at_;
    }
    void wrote(std::size_t n) { at_ += n; }
    static void copy(char* to, std::string_view s) {
        const std::size_t n = s.size();
        const char* from = s.data();
        if (n <= 16) {
            // Names and numbers are short: two overlapping fixed-size copies instead of a call.
            if (n >= 8) {
                std::memcpy(to, from, 8);
                std::memcpy(to + n - 8, from + n - 8, 8);
            } else if (n >= 4) {
                std::memcpy(to, from, 4);
                std::memcpy(to + n - 4, from + n - 4, 4);
            } else if (n > 0) {
                to[0] = from[0];
                to[n / 2] = from[n / 2];
                to[n - 1] = from[n - 1];
            }
        } else {
            std::memcpy(to, from, n);
        }
    }
    std::size_t size() const { return static_cast<std::size_t>(at_ - begin_); }
    std::string_view text() const { return {begin_, size()}; }
    // Empties it, writing into its own buffer again.
    void clear() {
        begin_ = at_ = buffer_.get();
        end_ = own_end_;
    }
    void truncate(std::size_t size) { at_ = begin_ + size; }  // keeps the first `size`
    // Empties it, writing into `room` until that is full.
    void write_into(char* room, std::size_t size) {
        begin_ = at_ = room;
        end_ = room + size;
    }
    // Whether all it holds is still in the room lent by write_into.
    bool in_lent_room() const { return begin_ != buffer_.get(); }

private:
    void grow(std::size_t needed);
    std::unique_ptr<char[]> buffer_;
    char* own_end_ = nullptr;  // the end of buffer_
    char* begin_ = nullptr;    // buffer_, or the room lent
    char* at_ = nullptr;
    char* end_ = nullptr;
};

// An audience worked out once and written into many events: the list of player ids, and its
// JSON text, which is what the events take (writing the list again for each cost more).
struct AudienceText {
    explicit AudienceText(std::vector<std::string> sorted_players);
    std::vector<std::string> players;  // sorted, distinct
    std::string text;                  // their JSON list
};

class FieldValue {
public:
    FieldValue(bool b) : kind_(Kind::boolean), integer_(b) {}
    FieldValue(int i) : kind_(Kind::integer), integer_(i) {}
    FieldValue(long i) : kind_(Kind::integer), integer_(i) {}
    FieldValue(long long i) : kind_(Kind::integer), integer_(i) {}
    FieldValue(unsigned i) : kind_(Kind::integer), integer_(i) {}
    FieldValue(unsigned long i) : kind_(Kind::unsigned_integer), unsigned_(i) {}
    FieldValue(const char* s) : kind_(Kind::text), text_(s) {}
    FieldValue(const std::string& s) : kind_(Kind::text), text_(s) {}
    FieldValue(std::string_view s) : kind_(Kind::text), text_(s) {}
    FieldValue(Hex h) : kind_(Kind::hex), hex_(h) {}
    FieldValue(const Json& j) : kind_(Kind::json), json_(&j) {}
    FieldValue(const AudienceText& a) : kind_(Kind::raw), text_(a.text) {}
    FieldValue(const std::shared_ptr<const AudienceText>& a) : FieldValue(*a) {}
    // Lists of names (forces, players), written as JSON arrays of strings.
    FieldValue(const std::vector<std::string>& list) : kind_(Kind::names), names_(&list) {}
    FieldValue(std::span<const std::string_view> list) : kind_(Kind::views), views_(list) {}
    FieldValue(std::span<const Hex> hexes) : kind_(Kind::hexes), hexes_(hexes) {}
    // Anything else nlohmann::json can hold (vectors, maps, doubles) is converted once.
    template <typename T>
        requires(!std::is_arithmetic_v<std::remove_cvref_t<T>> &&
                 !std::is_convertible_v<T, std::string_view> &&
                 !std::is_same_v<std::remove_cvref_t<T>, Json> &&
                 !std::is_same_v<std::remove_cvref_t<T>, AudienceText> &&
                 !std::is_same_v<std::remove_cvref_t<T>, Hex> &&
                 !std::is_same_v<std::remove_cvref_t<T>, std::vector<std::string>> &&
                 !std::is_convertible_v<T, std::span<const Hex>> &&
                 std::is_constructible_v<Json, T>)
    FieldValue(T&& other)
        : kind_(Kind::owned), integer_(0), owned_(std::make_unique<Json>(std::forward<T>(other))) {}
    FieldValue(double d) : kind_(Kind::owned), integer_(0), owned_(std::make_unique<Json>(d)) {}
    // A value its own code writes, such as a nested object (write_object): `write(out)` is
    // called with the event's TextOut. `write` must outlive the value (a lambda in the same
    // expression does).
    template <typename Write>
    static FieldValue written(const Write& write) {
        FieldValue v(Kind::writer);
        v.writer_.call = [](const void* w, TextOut& out) { (*static_cast<const Write*>(w))(out); };
        v.writer_.state = &write;
        return v;
    }
    // A value its type's own writer writes, write_json(TextOut&, const T&), found by argument
    // lookup (the typed shapes: include/umpire/rules/shapes_json.generated.hpp). `value` must
    // outlive this.
    template <typename T>
    static FieldValue of(const T& value) {
        FieldValue v(Kind::writer);
        v.writer_.call = [](const void* p, TextOut& out) {
            write_json(out, *static_cast<const T*>(p));
        };
        v.writer_.state = &value;
        return v;
    }
    // (name, value) pairs written as the object {name: value, ...} (modifier lists).
    static FieldValue named(const std::vector<std::pair<std::string, int>>& pairs) {
        FieldValue v(Kind::named);
        v.named_ = &pairs;
        return v;
    }
    // A field left out of the event: {"renewed", renewed ? FieldValue(true) : FieldValue::none()}.
    static FieldValue none() { return FieldValue(Kind::none); }
    bool is_none() const { return kind_ == Kind::none; }

    // Appends the value as compact JSON, exactly as nlohmann::json::dump() writes it. Text and
    // integers, most values, inline (defined below); the rest out of line.
    inline void write(TextOut& out) const;
    // The same, always inlined: for the loop that writes every field of every event, where a
    // call per value (saving and restoring registers each time) cost as much as the writing.
    [[gnu::always_inline]] inline void write_inline(TextOut& out) const;

private:
    void write_other(TextOut& out) const;
    enum class Kind { boolean, integer, unsigned_integer, text, hex, json, names, views, hexes,
                      owned, raw, writer, named, none };
    explicit FieldValue(Kind kind) : kind_(kind), integer_(0) {}
    Kind kind_;
    // One of these, by kind_: a value is built and dropped for every field of every event, so
    // it is kept small and trivially destroyed unless it owns a converted value.
    union {
        long long integer_;
        unsigned long unsigned_;
        std::string_view text_;
        Hex hex_;
        const Json* json_;
        const std::vector<std::string>* names_;
        std::span<const std::string_view> views_;
        std::span<const Hex> hexes_;
        struct {
            void (*call)(const void*, TextOut&);
            const void* state;
        } writer_;
        const std::vector<std::pair<std::string, int>>* named_;
    };
    std::unique_ptr<Json> owned_;
};

// True when `s` needs no escaping in a JSON string (printable ASCII but quote and backslash).
constexpr bool plain_name(std::string_view s) {
    for (char c : s)
        if (c < 0x20 || c > 0x7e || c == '"' || c == '\\') return false;
    return true;
}

void a_field_name_must_need_no_escaping();  // never defined: named in a compile-time error

// The name of a field. Names are written in code, so they are checked when compiled (a name that
// would need escaping does not compile) and carry their first eight bytes as a number, which
// orders names as their text does: sorting an event's fields compares numbers (and key_less,
// nlohmann's key order, only when those are equal).
class FieldKey {
public:
    consteval FieldKey(const char* name) : text_(name), prefix_(prefix_of(text_)) {
        if (!plain_name(text_)) a_field_name_must_need_no_escaping();
    }
    // A name known only when running (the keys of a JSON object), checked then.
    static FieldKey of(std::string_view name) { return FieldKey(name, plain_name(name)); }

    std::string_view text() const { return text_; }
    bool plain() const { return plain_; }
    friend bool operator<(const FieldKey& a, const FieldKey& b) {
        return a.prefix_ != b.prefix_ ? a.prefix_ < b.prefix_ : key_less(a.text_, b.text_);
    }
    friend bool operator==(const FieldKey& a, const FieldKey& b) { return a.text_ == b.text_; }

private:
    constexpr FieldKey(std::string_view name, bool plain)
        : text_(name), prefix_(prefix_of(name)), plain_(plain) {}
    static constexpr std::uint64_t prefix_of(std::string_view s) {
        std::uint64_t p = 0;  // big-endian, zero-padded: "ab" < "abc" < "b"
        for (std::size_t i = 0; i < 8; ++i)
            p = p << 8 | (i < s.size() ? static_cast<unsigned char>(s[i]) : 0u);
        return p;
    }
    std::string_view text_;
    std::uint64_t prefix_;
    bool plain_ = true;
};

struct Field {
    FieldKey key;
    FieldValue value;
};

// An event's own fields; they are written sorted by key, as nlohmann::json (std::map objects)
// writes them, so the text is the same byte for byte. Given in key order (as the generated
// records give them), sorting them is only a check.
class Fields {
public:
    Fields() = default;
    Fields(std::initializer_list<Field> fields) : fields_(fields) {}
    const Field* begin() const { return fields_.begin(); }
    const Field* end() const { return fields_.end(); }
    std::size_t size() const { return fields_.size(); }

private:
    std::initializer_list<Field> fields_;
};

namespace json_text_detail {
// True when any of the eight bytes of `word` is not written as it is in a JSON string: below
// 0x20, a quote or a backslash (escaped), or above 0x7f (UTF-8, checked). Names and ids are short
// plain ASCII; testing eight bytes at a time is what makes checking them cheap. Each term sets
// the high bit of the bytes it finds (borrows may set more of them, but only in a word that has
// one such byte): w - 0x20 those below 0x20, w itself those above 0x7f. DEL (0x7f) is written as
// it is, as dump() does.
constexpr std::uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
constexpr std::uint64_t zero_bytes(std::uint64_t w) { return (w - ones) & ~w; }
constexpr bool needs_escape(std::uint64_t w) {
    const std::uint64_t flagged = (w - 0x20 * ones) | w | zero_bytes(w ^ ('"' * ones)) |
                                  zero_bytes(w ^ ('\\' * ones));
    return (flagged & highs) != 0;
}
using text_words::load8;
// True when `s` is written as it is, between quotes.
inline bool plain(std::string_view s) {
    const char* p = s.data();
    const std::size_t n = s.size();
    if (n >= 8) {
        for (std::size_t i = 0; i + 8 <= n; i += 8)
            if (needs_escape(load8(p + i))) return false;
        return !needs_escape(load8(p + n - 8));  // the last bytes again, overlapping
    }
    // Shorter: a word made of the text's own bytes, padded with spaces (which need no escaping).
    return !needs_escape(text_words::short_word(p, n, 0x2020202020202020ull));
}
// Text that needs escaping, or is refused: nlohmann's own path.
void write_escaped(TextOut& out, std::string_view s);
}  // namespace json_text_detail

// Appends `s` as a JSON string, escaped exactly as nlohmann::json::dump() does. Inline: every
// event writes a few, nearly all plain names and ids.
inline void write_json_string(TextOut& out, std::string_view s) {
    if (!json_text_detail::plain(s)) return json_text_detail::write_escaped(out, s);
    char* at = out.room(s.size() + 2);
    at[0] = '"';
    TextOut::copy(at + 1, s);
    at[s.size() + 1] = '"';
    out.wrote(s.size() + 2);
}

void FieldValue::write(TextOut& out) const { write_inline(out); }
void FieldValue::write_inline(TextOut& out) const {
    if (kind_ == Kind::text) return write_json_string(out, text_);
    if (kind_ == Kind::integer) {
        char* at = out.room(24);  // the longest long long, sign included, is 20 characters
        out.wrote(static_cast<std::size_t>(std::to_chars(at, at + 24, integer_).ptr - at));
        return;
    }
    write_other(out);
}
// Appends a field's name as a JSON string: names written in code need no escaping.
inline void write_key(TextOut& out, const FieldKey& key) {
    if (!key.plain()) return write_json_string(out, key.text());
    out.put('"');
    out.put(key.text());
    out.put('"');
}
// The JSON text nlohmann::json::dump() gives for this value.
std::string json_text(const FieldValue& value);
// Appends [item,item,...], each written by write_item(out, item).
template <typename List, typename WriteItem>
void write_list(TextOut& out, const List& items, WriteItem write_item) {
    out.put('[');
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i) out.put(',');
        write_item(out, items[i]);
    }
    out.put(']');
}

// Appends {name: value, ...} from a list of items in any order, with name_of(item) and
// value_of(item): keys sorted and, of equal names, the last item's value, as assigning each into
// a JSON object keeps. For modifier lists ({"formed": 2, "supported": 1}).
template <typename Items, typename NameOf, typename ValueOf>
void write_named(TextOut& out, const Items& items, NameOf name_of, ValueOf value_of) {
    std::vector<std::size_t> order(items.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return key_less(name_of(items[a]), name_of(items[b]));
    });
    out.put('{');
    bool first = true;
    for (std::size_t k = 0; k < order.size(); ++k) {
        const auto& item = items[order[k]];
        if (k + 1 < order.size() && name_of(items[order[k + 1]]) == name_of(item)) continue;
        if (!first) out.put(',');
        first = false;
        write_json_string(out, name_of(item));
        out.put(':');
        FieldValue(value_of(item)).write(out);
    }
    out.put('}');
}

// Appends the object of these fields, keys sorted (fields left out skipped): nested objects are
// written this way inside FieldValue::written, with no JSON object built.
void write_object(TextOut& out, Fields fields);

}  // namespace umpire::rules
