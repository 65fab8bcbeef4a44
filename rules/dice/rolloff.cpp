#include "rules/dice/rolloff.hpp"

#include <algorithm>

#include "rules/events/event_records.generated.hpp"

namespace umpire::rules {

std::string roll_off(std::vector<std::string> parties, DiceSource& dice, EventLog& log,
                     const std::string& purpose, const RollOffSubject& subject,
                     const FieldValue& audience) {
    std::sort(parties.begin(), parties.end());
    std::vector<std::string> contenders = parties;
    int rounds = 0;
    while (contenders.size() > 1 && rounds < kMaxRollOffRounds) {
        ++rounds;
        int best = 0;
        std::vector<std::string> leaders;
        for (const auto& id : contenders) {
            const int value = log.roll(dice, 6, purpose, {.force = id, .round = rounds}, audience);
            if (value > best) {
                best = value;
                leaders.clear();
            }
            if (value == best) leaders.push_back(id);
        }
        contenders = std::move(leaders);
    }
    // Still tied after the last round: the lowest id among those still tied.
    auto text_if_any = [](const std::string& s) {
        return s.empty() ? std::nullopt : std::optional<event::EventText>(s);
    };
    event::Rolloff{.contact = text_if_any(subject.contact),
                   .forces = parties,
                   .purpose = purpose,
                   .rounds = rounds,
                   .winner = contenders.front(),
                   .hex = subject.hex ? std::optional<event::EventHex>(*subject.hex) : std::nullopt,
                   .t = subject.hex ? text_if_any(subject.t) : std::nullopt,
                   .side = text_if_any(subject.side)}
        .write(log, audience);
    return contenders.front();
}

}  // namespace umpire::rules
