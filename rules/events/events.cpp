#include "umpire/rules/events.hpp"

#include <algorithm>
#include <array>
#include <cassert>
#include <span>
#include <stdexcept>

namespace umpire::rules {

namespace {
constexpr FieldKey kAudience = "audience", kType = "type", kPurpose = "purpose", kDie = "die",
                   kValue = "value", kStream = "stream", kForce = "force", kOpponent = "opponent",
                   kSide = "side", kRegiment = "regiment", kRound = "round",
                   kAfterWithdrawal = "after_withdrawal", kNeeded = "needed";
constexpr std::string_view kAll = "\"all\"";
// The free room an event is written into; longer ones (a battle's record) are copied in.
constexpr std::size_t kEventRoom = 1024;

// "d6": the names of the dice rolled are few, taken from a table rather than built for every
// roll (short enough to be copied without an allocation).
std::string die_name(int sides) {
    static const auto names = [] {
        std::array<std::string, 65> n;
        for (std::size_t i = 0; i < n.size(); ++i) n[i] = "d" + std::to_string(i);
        return n;
    }();
    if (sides >= 0 && sides < static_cast<int>(names.size())) return names[sides];
    return "d" + std::to_string(sides);
}

[[noreturn]] void named_twice(const FieldKey& key) {
    throw std::logic_error("the event field \"" + std::string(key.text()) + "\" is named twice");
}

bool ascending(std::span<const EventField> fields) {
    for (std::size_t k = 1; k < fields.size(); ++k)
        if (!(*fields[k - 1].key < *fields[k].key)) return false;
    return true;
}

// Writes `{"key":` or `,"key":` (`before` is the brace or the comma) in one reservation: names
// written in code need no escaping.
inline void write_key_piece(TextOut& out, char before, const FieldKey& key) {
    if (!key.plain()) {
        out.put(before);
        write_key(out, key);
        out.put(':');
        return;
    }
    const std::string_view name = key.text();
    char* at = out.room(name.size() + 4);
    at[0] = before;
    at[1] = '"';
    TextOut::copy(at + 2, name);
    at[name.size() + 2] = '"';
    at[name.size() + 3] = ':';
    out.wrote(name.size() + 4);
}

// Fields given out of key order (tests, hand-written events), sorted; a name given twice is
// refused, as nlohmann::json would have kept only one of them.
void sort_fields(std::vector<EventField>& fields) {
    const auto by_key = [](const EventField& a, const EventField& b) { return *a.key < *b.key; };
    std::sort(fields.begin(), fields.end(), by_key);
    for (std::size_t k = 1; k < fields.size(); ++k)
        if (*fields[k - 1].key == *fields[k].key) named_twice(*fields[k].key);
}
}  // namespace

Json hex_json(Hex h) { return Json::array({h.q, h.r}); }

std::vector<Json> events_json(const EventList& events) {
    std::vector<Json> out;
    out.reserve(events.size());
    for (const auto& e : events) out.push_back(e.json());
    return out;
}

void EventLog::add(std::string_view type, Fields fields, const FieldValue& audience) {
    scratch_.clear();
    for (const Field& f : fields)
        if (!f.value.is_none()) scratch_.push_back({&f.key, &f.value});
    write(type, audience);
}

void EventLog::add(std::string_view type, const Json& fields, const FieldValue& audience) {
    assert((fields.is_object() || fields.is_null()) && "an event's fields are an object");
    std::vector<FieldKey> keys;
    std::vector<FieldValue> values;
    keys.reserve(fields.size());
    values.reserve(fields.size());
    for (const auto& [key, value] : fields.items()) {
        keys.push_back(FieldKey::of(key));
        values.emplace_back(value);
    }
    scratch_.clear();
    for (std::size_t i = 0; i < keys.size(); ++i) scratch_.push_back({&keys[i], &values[i]});
    write(type, audience);
}

EventLog::StreamScope EventLog::stream_scope(std::string_view scope) {
    const std::size_t outer = scope_.size();
    scope_.push_back('/');
    scope_.append(scope);
    return StreamScope(*this, outer);
}

const std::string& EventLog::stream_name(const FieldValue& audience) {
    // The audience as the event will carry it (narrowed, if "all" is narrowed), without quotes.
    stream_out_.clear();
    audience.write(stream_out_);
    std::string_view seen = stream_out_.text();
    if (!narrowings_.empty() && seen == kAll) seen = narrowings_.back();
    stream_.assign(scope_).append("|");
    for (const char c : seen)
        if (c != '"') stream_.push_back(c);
    return stream_;
}

int EventLog::roll(DiceSource& dice, int sides, const std::string& purpose,
                   const RollSubject& subject, const FieldValue& audience) {
    const bool streams = dice.has_streams();
    const int value = streams ? dice.roll_in_stream(sides, purpose, stream_name(audience))
                              : dice.roll(sides, purpose);
    const std::string die = die_name(sides);
    const FieldValue force(subject.force), opponent(subject.opponent), side(subject.side),
        regiment(subject.regiment), round(subject.round.value_or(0)),
        after_withdrawal(subject.after_withdrawal.value_or(false)),
        needed(subject.needed.value_or(0));
    const FieldValue purpose_value(purpose), die_value(die), rolled(value), stream_value(stream_);
    // Gathered on the stack and handed over at once: every die is an event, and a push onto the
    // scratch list per member cost a call each.
    EventField fields[11];  // in key order (write's check then finds them sorted)
    std::size_t n = 0;
    if (subject.after_withdrawal) fields[n++] = {&kAfterWithdrawal, &after_withdrawal};
    fields[n++] = {&kDie, &die_value};
    if (!subject.force.empty()) fields[n++] = {&kForce, &force};
    if (subject.needed) fields[n++] = {&kNeeded, &needed};
    if (!subject.opponent.empty()) fields[n++] = {&kOpponent, &opponent};
    fields[n++] = {&kPurpose, &purpose_value};
    if (!subject.regiment.empty()) fields[n++] = {&kRegiment, &regiment};
    if (subject.round) fields[n++] = {&kRound, &round};
    if (!subject.side.empty()) fields[n++] = {&kSide, &side};
    if (streams) fields[n++] = {&kStream, &stream_value};
    fields[n++] = {&kValue, &rolled};
    scratch_.assign(fields, fields + n);
    write("dice_roll", audience);
    return value;
}

// Writes {"audience":…, "type":…, fields…} with keys sorted, as nlohmann::json (std::map
// objects) would, noting where the type and audience values sit.
void EventLog::write(std::string_view type, const FieldValue& audience) {
    // The generated event records name their fields in key order and JSON objects keep theirs,
    // so sorting is a check; "audience" and "type" are merged in as the fields are written.
    if (!ascending(scratch_)) sort_fields(scratch_);
    const FieldValue type_value(type);
    const EventField extras[] = {{&kAudience, &audience}, {&kType, &type_value}};
    const EventField* extra = extras;  // the next of the two still to be written

    // Written where it will be kept, at the free end of the list's last block (or in out_'s own
    // buffer for an event too long for that room), and kept only once whole: a value that
    // cannot be written (text that is not UTF-8) throws and leaves the log as it was.
    EventSpans spans;
    const auto [room, room_size] = events_.free_room(kEventRoom);
    out_.write_into(room, room_size);
    std::size_t next = 0;  // the next of the event's own fields
    for (std::size_t k = 0, total = scratch_.size() + 2; k < total; ++k) {
        const bool own_left = next < scratch_.size();
        const EventField* field = own_left ? &scratch_[next] : nullptr;
        if (extra != std::end(extras) && (!own_left || !(*field->key < *extra->key))) {
            if (own_left && !(*extra->key < *field->key)) named_twice(*field->key);
            field = extra++;
        } else {
            ++next;
        }
        write_key_piece(out_, k ? ',' : '{', *field->key);
        const FieldValue* value = field->value;
        const std::size_t at = out_.size();
        value->write_inline(out_);
        if (value == &audience) {
            if (!narrowings_.empty() && out_.text().substr(at) == kAll) {
                out_.truncate(at);
                out_.put(narrowings_.back());
            }
            spans.audience_at = static_cast<std::uint32_t>(at);
            spans.audience_size = static_cast<std::uint32_t>(out_.size() - at);
        } else if (value == &type_value) {
            // The type is a plain name: its text sits between the quotes.
            spans.type_at = static_cast<std::uint32_t>(at + 1);
            spans.type_size = static_cast<std::uint32_t>(out_.size() - at - 2);
        }
    }
    out_.put('}');
    if (out_.in_lent_room())
        events_.keep_written(out_.size(), spans);
    else
        events_.push_back(out_.text(), spans);
}

EventLog::Narrowing EventLog::narrowed_to(const FieldValue& audience) {
    out_.clear();
    audience.write(out_);
    narrowings_.emplace_back(out_.text());
    return Narrowing(*this);
}

void EventLog::restrict_since(std::size_t from, const FieldValue& audience) {
    if (from >= events_.size()) return;
    // The events from `from` on are the last written: set them aside, drop them and write
    // them again, each for "all" with the audience replaced.
    const EventList tail = [&] {
        EventList kept;
        for (std::size_t i = from; i < events_.size(); ++i) kept.push_back(events_[i]);
        return kept;
    }();
    events_.truncate(from);
    out_.clear();
    audience.write(out_);
    const std::string narrowed(out_.text());
    for (const Event& e : tail) {
        if (!e.for_all()) {
            events_.push_back(e);
            continue;
        }
        const std::string_view text = e.text();
        const std::uint32_t at = static_cast<std::uint32_t>(e.audience().data() - text.data());
        const std::uint32_t size = static_cast<std::uint32_t>(e.audience().size());
        out_.clear();
        out_.put(text.substr(0, at));
        out_.put(narrowed);
        out_.put(text.substr(at + size));
        // "audience" sorts before "type", so the type moved by the difference.
        const std::uint32_t type_at =
            static_cast<std::uint32_t>(e.type().data() - text.data() + narrowed.size() - size);
        events_.push_back(out_.text(), {type_at, static_cast<std::uint32_t>(e.type().size()), at,
                                        static_cast<std::uint32_t>(narrowed.size())});
    }
}

bool in_audience(const Json& audience, const std::string& player) {
    if (audience.is_string()) return audience == "all";
    for (const auto& p : audience)
        if (p == player) return true;
    return false;
}

}  // namespace umpire::rules
