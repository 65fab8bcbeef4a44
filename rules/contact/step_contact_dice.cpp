// step 3: the contact dice and the contact hour, seen by every
// participant; then what each commander learns of each opponent, privately.
#include <algorithm>
#include <span>

#include "rules/contact/contact_steps.hpp"
#include "rules/events/event_records.generated.hpp"
#include "rules/scouting/scouting.hpp"

namespace umpire::rules {

void ContactDiceStep::run(const std::vector<std::string>& forces) {
    const int period = c_.context.period_ordinal();
    std::vector<ContactCommander> commanders;
    for (const auto& id : forces) {
        const Force& f = c_.force(id);
        ContactCommander c;
        c.force = id;
        c.side = c_.side(id);
        c.daily_allowance = c_.movement.of(id).daily;
        c.regiments = static_cast<int>(f.regiments.size());
        c.terrain = *c_.state.map.terrain_at(f.hex());
        const auto opponents = c_.opponents_of(id, forces);
        c.scouted_opponent = has_successful_scout(c_.state, c_.ruleset, id, opponents, period);
        c.captured_opponent_scout = has_captured_scout(c_.state, c_.ruleset, id, opponents, period);
        c.previous_contact =
            std::any_of(opponents.begin(), opponents.end(), [&](const std::string& other) {
                return c_.period.met_recently(c_.state, id, other, period);
            });
        commanders.push_back(c);
    }
    for (std::size_t i = 0; i < forces.size(); ++i)
        for (std::size_t j = i + 1; j < forces.size(); ++j)
            if (c_.side(forces[i]) != c_.side(forces[j]))
                c_.period.record_contact(c_.state, forces[i], forces[j], period);

    // Contact dice are seen by every participant.
    auto scores = [&] {
        const auto narrowed = c_.log.narrowed_to(c_.everyone());
        return roll_contact_dice(c_.ruleset, commanders, c_.dice, c_.log);
    }();
    c_.hour = contact_hour(c_.ruleset, c_.context.half_period(), scores);
    for (auto& s : scores) c_.scores[s.force] = std::move(s);
    event::ContactHour{.contact = c_.id, .hour = *c_.hour}.write(c_.log, c_.everyone());

    // R-6.3/6.4: each commander learns of each opponent what its own score gives, privately.
    for (const auto& receiver : forces) {
        const Force& rf = c_.force(receiver);
        const std::string_view player = rf.player;
        const FieldValue private_audience(std::span<const std::string_view>(&player, 1));
        int largest = -1;
        for (const auto& opponent : c_.opponents_of(receiver, forces)) {
            shape::IntelligenceFact fact = [&] {
                const auto narrowed = c_.log.narrowed_to(private_audience);
                return contact_intelligence(c_.ruleset, c_.scores.at(receiver).table_score(),
                                            c_.force(opponent), c_.dice, c_.log, receiver);
            }();
            if (const auto size = known_size(fact)) largest = std::max(largest, *size);
            event::Intelligence{.contact = c_.id, .fact = fact, .receiver = receiver}.write(
                c_.log, private_audience);
            c_.intel[receiver][opponent] = fact;
            c_.state.knowledge[rf.player].push_back(
                {opponent, std::move(fact), "contact " + c_.id, period});
        }
        if (largest >= 0) c_.estimates[receiver] = largest;
    }
}

}  // namespace umpire::rules
