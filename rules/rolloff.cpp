#include "rules/rolloff.hpp"

#include <algorithm>

namespace umpire::rules {

std::string roll_off(std::vector<std::string> parties, DiceSource& dice, EventLog& log,
                     const std::string& purpose, Json subject, const FieldValue& audience) {
    std::sort(parties.begin(), parties.end());
    subject["forces"] = parties;
    std::vector<std::string> contenders = parties;
    int rounds = 0;
    while (contenders.size() > 1 && rounds < kMaxRollOffRounds) {
        ++rounds;
        int best = 0;
        std::vector<std::string> leaders;
        for (const auto& id : contenders) {
            const int value =
                log.roll(dice, 6, purpose, Fields{{"force", id}, {"round", rounds}}, audience);
            if (value > best) {
                best = value;
                leaders.clear();
            }
            if (value == best) leaders.push_back(id);
        }
        contenders = std::move(leaders);
    }
    // Still tied after the last round: the lowest id among those still tied.
    subject["winner"] = contenders.front();
    subject["rounds"] = rounds;
    subject["purpose"] = purpose;
    log.add("rolloff", subject, audience);
    return contenders.front();
}

}  // namespace umpire::rules
