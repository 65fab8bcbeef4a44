#include "rules/events.hpp"

#include <cassert>

namespace umpire::rules {

namespace {
constexpr FieldKey kAudience = "audience", kType = "type", kPurpose = "purpose", kDie = "die",
                   kValue = "value";
}  // namespace

Json hex_json(Hex h) { return Json::array({h.q, h.r}); }

std::vector<Json> events_json(const std::vector<Event>& events) {
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

int EventLog::roll(DiceSource& dice, int sides, const std::string& purpose, Fields subject,
                   const FieldValue& audience) {
    const int value = dice.roll(sides, purpose);
    const std::string die = "d" + std::to_string(sides);
    scratch_.clear();
    for (const Field& f : subject)
        if (!f.value.is_none()) scratch_.push_back({&f.key, &f.value});
    const FieldValue purpose_value(purpose), die_value(die), rolled(value);
    scratch_.push_back({&kPurpose, &purpose_value});
    scratch_.push_back({&kDie, &die_value});
    scratch_.push_back({&kValue, &rolled});
    write("dice_roll", audience);
    return value;
}

int EventLog::roll(DiceSource& dice, int sides, const std::string& purpose, const Json& subject,
                   const FieldValue& audience) {
    const int value = dice.roll(sides, purpose);
    Json fields = subject;
    fields["purpose"] = purpose;
    fields["die"] = "d" + std::to_string(sides);
    fields["value"] = value;
    add("dice_roll", fields, audience);
    return value;
}

// Writes {"audience":…, "type":…, fields…} with keys sorted, as nlohmann::json (std::map
// objects) would, noting where the type and audience values sit.
void EventLog::write(std::string_view type, const FieldValue& audience) {
    const FieldValue type_value(type);
    scratch_.push_back({&kAudience, &audience});
    scratch_.push_back({&kType, &type_value});
    const EventLayout& layout = layouts_.of(scratch_);

    // Written aside first: a value that cannot be written (text that is not UTF-8) throws and
    // leaves the log as it was.
    Event e;
    out_.clear();
    for (std::size_t k = 0; k < layout.size(); ++k) {
        out_.put(layout.piece(k));
        const FieldValue* value = scratch_[layout.field(k)].value;
        const std::size_t at = out_.size();
        value->write(out_);
        if (value == &audience) {
            e.audience_at_ = static_cast<std::uint32_t>(at);
            e.audience_size_ = static_cast<std::uint32_t>(out_.size() - at);
        } else if (value == &type_value) {
            // The type is a plain name: its text sits between the quotes.
            e.type_at_ = static_cast<std::uint32_t>(at + 1);
            e.type_size_ = static_cast<std::uint32_t>(out_.size() - at - 2);
        }
    }
    out_.put('}');
    e.text_ = out_.text();
    events_.push_back(std::move(e));
}

void EventLog::restrict_since(std::size_t from, const FieldValue& audience) {
    out_.clear();
    audience.write(out_);
    const std::string_view text = out_.text();
    for (std::size_t i = from; i < events_.size(); ++i) {
        Event& e = events_[i];
        if (!e.for_all()) continue;
        e.text_.replace(e.audience_at_, e.audience_size_, text);
        // "audience" sorts before "type", so the type moved by the difference.
        e.type_at_ = static_cast<std::uint32_t>(e.type_at_ + text.size() - e.audience_size_);
        e.audience_size_ = static_cast<std::uint32_t>(text.size());
    }
}

}  // namespace umpire::rules
