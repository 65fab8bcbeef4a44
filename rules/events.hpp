#pragma once
// Events: everything a period's resolution did, in order, each a JSON object with a "type" field
// and an "audience": "all", or the ids of the players who may see it (R-11.1; the GM sees every
// event). Dice rolls are events too, each naming its purpose (DESIGN habit 5).
//
// An event is kept as the JSON text it is stored and sent as (keys sorted, as nlohmann::json
// writes them): a period records some 30 events per force, and building each as a JSON object
// cost more than the rules did.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "rules/dice.hpp"
#include "rules/event_fields.hpp"
#include "rules/event_layouts.hpp"
#include "rules/hex.hpp"
#include "rules/json_reader.hpp"

namespace umpire::rules {

Json hex_json(Hex h);

class Event {
public:
    const std::string& text() const { return text_; }  // the whole event, compact JSON
    std::string_view type() const { return std::string_view(text_).substr(type_at_, type_size_); }
    // "all" or the list of player ids, as JSON text.
    std::string_view audience() const {
        return std::string_view(text_).substr(audience_at_, audience_size_);
    }
    bool for_all() const { return audience() == "\"all\""; }
    Json json() const { return Json::parse(text_); }

private:
    friend class EventLog;
    std::string text_;
    std::uint32_t type_at_ = 0, type_size_ = 0, audience_at_ = 0, audience_size_ = 0;
};

// The events as JSON objects, for callers that read them field by field (tests, replays).
std::vector<Json> events_json(const std::vector<Event>& events);

class EventLog {
public:
    // Records {"type": type, "audience": audience, ...fields}.
    void add(std::string_view type, Fields fields = {}, const FieldValue& audience = "all");
    // The same, with fields gathered in a JSON object.
    void add(std::string_view type, const Json& fields, const FieldValue& audience = "all");
    // Rolls one die through `dice`, records a "dice_roll" event with the purpose and the
    // subject fields (for example {"force": "hadewych"}), and returns the value.
    int roll(DiceSource& dice, int sides, const std::string& purpose, Fields subject = {},
             const FieldValue& audience = "all");
    int roll(DiceSource& dice, int sides, const std::string& purpose, const Json& subject,
             const FieldValue& audience = "all");

    // Narrows every event from index `from` on whose audience is "all" to `audience`: for the
    // pieces of the rules that record events without knowing who may see them.
    void restrict_since(std::size_t from, const FieldValue& audience);

    std::size_t size() const { return events_.size(); }
    void reserve(std::size_t events) { events_.reserve(events); }
    const std::vector<Event>& events() const { return events_; }
    // Hands the events over, leaving the log empty (a period's log can hold 30,000 events).
    std::vector<Event> take() { return std::move(events_); }

private:
    void write(std::string_view type, const FieldValue& audience);

    std::vector<Event> events_;
    std::vector<EventField> scratch_;  // the fields of the event being written, reused
    TextOut out_;                      // the text of the event being written, reused
    EventLayouts layouts_;
};

}  // namespace umpire::rules
