#include "rules/events.hpp"

namespace umpire::rules {

Json hex_json(Hex h) { return Json::array({h.q, h.r}); }

const Json& EventLog::add(const std::string& type, Json fields) {
    fields["type"] = type;
    events_.push_back(std::move(fields));
    return events_.back();
}

int EventLog::roll(DiceSource& dice, int sides, const std::string& purpose, Json subject) {
    const int value = dice.roll(sides, purpose);
    subject["purpose"] = purpose;
    subject["die"] = "d" + std::to_string(sides);
    subject["value"] = value;
    add("dice_roll", std::move(subject));
    return value;
}

}  // namespace umpire::rules
