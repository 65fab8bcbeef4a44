#pragma once
// Events: everything a period's resolution did, in order, each a JSON object with a "type" field
// and an "audience": "all", or the ids of the players who may see it (R-11.1; the GM sees every
// event). Dice rolls are events too, each naming its purpose (DESIGN habit 5).
//
// An event is kept as the JSON text it is stored and sent as (keys sorted, as nlohmann::json
// writes them): a period records some 30 events per force, and building each as a JSON object
// cost more than the rules did.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "rules/events/event_list.hpp"
#include "umpire/rules/dice.hpp"
#include "umpire/rules/event_fields.hpp"
#include "umpire/rules/hex.hpp"
#include "umpire/rules/json_reader.hpp"

namespace umpire::rules {

Json hex_json(Hex h);

// The events as JSON objects, for callers that read them field by field (tests, replays).
std::vector<Json> events_json(const EventList& events);

// Whether `player` may see an event with this audience ("all" or a list of players).
bool in_audience(const Json& audience, const std::string& player);

// What a die is rolled for besides its purpose: the subject fields of its dice_roll event
// (protocol/events.json); members left empty are not written. Views, for the one call.
struct RollSubject {
    std::string_view force = {};
    std::string_view opponent = {};                       // size estimates
    std::string_view side = {};                           // battle rolls
    std::string_view regiment = {};                       // recovery rolls
    std::optional<int> round = std::nullopt;              // roll-offs
    std::optional<bool> after_withdrawal = std::nullopt;  // recovery rolls
    std::optional<int> needed = std::nullopt;             // recovery rolls
};

// One field of the event being written: its name and value, both owned by the caller.
struct EventField {
    const FieldKey* key;
    const FieldValue* value;
};

class EventLog {
public:
    // Records {"type": type, "audience": audience, ...fields}.
    void add(std::string_view type, Fields fields = {}, const FieldValue& audience = "all");
    // The same, with fields gathered in a JSON object.
    void add(std::string_view type, const Json& fields, const FieldValue& audience = "all");
    // Rolls one die through `dice`, records a "dice_roll" event with the purpose and the
    // subject (for example {.force = "hadewych"}), and returns the value.
    int roll(DiceSource& dice, int sides, const std::string& purpose,
             const RollSubject& subject = {}, const FieldValue& audience = "all");

    // Narrows every event from index `from` on whose audience is "all" to `audience`: for the
    // pieces of the rules that record events without knowing who may see them, when who may see
    // them is known only afterwards.
    void restrict_since(std::size_t from, const FieldValue& audience);

    // While the returned guard lives, events recorded for "all" are recorded for `audience`
    // instead: restrict_since for an audience known beforehand, without writing the events
    // twice. Guards nest; the innermost applies.
    class Narrowing {
    public:
        ~Narrowing() { log_.narrowings_.pop_back(); }
        Narrowing(const Narrowing&) = delete;
        Narrowing& operator=(const Narrowing&) = delete;

    private:
        friend class EventLog;
        explicit Narrowing(EventLog& log) : log_(log) {}
        EventLog& log_;
    };
    [[nodiscard]] Narrowing narrowed_to(const FieldValue& audience);

    // While the returned guard lives, the dice streams of rolls are named inside `scope` (for
    // example a contact: its half period and forces), so a roll's stream never depends on
    // rolls made elsewhere (include/umpire/rules/stream_dice.hpp). Guards nest.
    class StreamScope {
    public:
        ~StreamScope() { log_.scope_.resize(outer_size_); }
        StreamScope(const StreamScope&) = delete;
        StreamScope& operator=(const StreamScope&) = delete;

    private:
        friend class EventLog;
        StreamScope(EventLog& log, std::size_t outer_size) : log_(log), outer_size_(outer_size) {}
        EventLog& log_;
        std::size_t outer_size_;
    };
    [[nodiscard]] StreamScope stream_scope(std::string_view scope);

    std::size_t size() const { return events_.size(); }
    void reserve(std::size_t events) { events_.reserve(events); }
    const EventList& events() const { return events_; }
    // Hands the events over, leaving the log empty (a period's log can hold 30,000 events).
    EventList take() { return std::exchange(events_, EventList()); }

private:
    void write(std::string_view type, const FieldValue& audience);
    // "<scope>|<audience>": the stream a roll is drawn from (include/umpire/rules/stream_dice.hpp).
    // Rolls that the same players see, in the same contact, share a stream: whoever may check one
    // sees every roll before it in the stream, and nobody else's rolls move it.
    const std::string& stream_name(const FieldValue& audience);

    std::string scope_;   // the stream scopes in force, outermost first (stream_scope)
    std::string stream_;  // the stream name being built, reused
    TextOut stream_out_;

    EventList events_;
    std::vector<std::string> narrowings_;  // audience texts, innermost last (narrowed_to)
    std::vector<EventField> scratch_;  // the fields of the event being written, reused
    TextOut out_;                      // the text of the event being written, reused
};

}  // namespace umpire::rules
