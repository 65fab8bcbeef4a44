#include "rules/events.hpp"

namespace umpire::rules {

Json hex_json(Hex h) { return Json::array({h.q, h.r}); }

const Json& EventLog::add(const std::string& type, Json fields, Json audience) {
    fields["type"] = type;
    fields["audience"] = std::move(audience);
    events_.push_back(std::move(fields));
    return events_.back();
}

int EventLog::roll(DiceSource& dice, int sides, const std::string& purpose, Json subject,
                   Json audience) {
    const int value = dice.roll(sides, purpose);
    subject["purpose"] = purpose;
    subject["die"] = "d" + std::to_string(sides);
    subject["value"] = value;
    add("dice_roll", std::move(subject), std::move(audience));
    return value;
}

void EventLog::restrict_since(std::size_t from, const Json& audience) {
    for (std::size_t i = from; i < events_.size(); ++i)
        if (events_[i]["audience"] == "all") events_[i]["audience"] = audience;
}

}  // namespace umpire::rules
