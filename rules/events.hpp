#pragma once
// Events: everything a period's resolution did, in order, as JSON objects with a "type" field
// and an "audience": "all", or the ids of the players who may see it (R-11.1; the GM sees every
// event). Dice rolls are events too, each naming its purpose (DESIGN habit 5).
#include <string>
#include <vector>

#include "rules/dice.hpp"
#include "rules/hex.hpp"
#include "rules/json_reader.hpp"

namespace umpire::rules {

Json hex_json(Hex h);

class EventLog {
public:
    // Appends {"type": type, "audience": audience, ...fields}; returns the stored event.
    const Json& add(const std::string& type, Json fields = Json::object(),
                    Json audience = "all");
    // Rolls one die through `dice`, records a "dice_roll" event with the purpose and the
    // subject fields (for example {"force": "hadewych"}), and returns the value.
    int roll(DiceSource& dice, int sides, const std::string& purpose,
             Json subject = Json::object(), Json audience = "all");

    // Narrows every event from index `from` on whose audience is "all" to `audience`: for the
    // pieces of the rules that record events without knowing who may see them.
    void restrict_since(std::size_t from, const Json& audience);

    std::size_t size() const { return events_.size(); }
    const std::vector<Json>& events() const { return events_; }
    // Hands the events over, leaving the log empty (a period's log can hold 30,000 events).
    std::vector<Json> take() { return std::move(events_); }

private:
    std::vector<Json> events_;
};

}  // namespace umpire::rules
