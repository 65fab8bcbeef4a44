#include "rules/contact/contact_dice.hpp"
#include "rules/events/event_records.generated.hpp"

#include <algorithm>
#include <stdexcept>

namespace umpire::rules {

shape::Modifiers contact_modifiers(const Ruleset& ruleset,
                                   const std::vector<ContactCommander>& commanders,
                                   std::size_t index) {
    const ContactCommander& self = commanders.at(index);
    std::vector<const ContactCommander*> opponents;
    for (const auto& c : commanders)
        if (c.side != self.side) opponents.push_back(&c);
    shape::Modifiers out;
    // Every criterion is about opponents; a commander without one gets nothing.
    if (opponents.empty()) return out;

    const ContactModifiers& m = ruleset.contact.modifiers;
    auto every_opponent = [&](auto predicate) {
        return std::all_of(opponents.begin(), opponents.end(),
                           [&](const ContactCommander* o) { return predicate(*o); });
    };
    // strictly more than every opponent.
    if (every_opponent([&](const ContactCommander& o) {
            return self.daily_allowance > o.daily_allowance;
        }))
        out.push_back({"more_move_points", m.more_move_points});
    // "smallest force by at least one regiment": at most every opponent's count - margin.
    const int margin = ruleset.contact.smallest_force_margin_regiments;
    if (every_opponent([&](const ContactCommander& o) { return self.regiments <= o.regiments - margin; }))
        out.push_back({"smallest_force", m.smallest_force});
    if (self.scouted_opponent) out.push_back({"successful_scout", m.successful_scout});
    if (self.captured_opponent_scout) out.push_back({"captured_scout", m.captured_scout});
    if (self.previous_contact) out.push_back({"previous_contact", m.previous_contact});
    // all opponents in clear (+1) / mountain (-1): every opponent's hex is that terrain.
    for (const auto& [terrain, value] : m.all_opponents_in_terrain)
        if (every_opponent([&t = terrain](const ContactCommander& o) { return o.terrain == t; }))
            out.push_back({"opponents_in_" + terrain, value});
    return out;
}

int ContactScore::table_score() const {
    // the ruleset format fixes the table to scores 1..6; 0 reads as 1, 7 as 6.
    return std::clamp(modified, 1, 6);
}

std::vector<ContactScore> roll_contact_dice(const Ruleset& ruleset,
                                            const std::vector<ContactCommander>& commanders,
                                            DiceSource& dice, EventLog& log) {
    std::vector<ContactScore> scores;
    for (std::size_t i = 0; i < commanders.size(); ++i) {
        ContactScore score;
        score.force = commanders[i].force;
        score.die = log.roll(dice, 6, "contact die", {.force = score.force});
        score.modifiers = contact_modifiers(ruleset, commanders, i);
        score.modified = score.die;
        for (const auto& [name, value] : score.modifiers) score.modified += value;
        scores.push_back(std::move(score));
    }
    // the unmodified and the modified score are both kept; all participants see them.
    std::vector<shape::ContactScore> shown;
    shown.reserve(scores.size());
    for (const ContactScore& score : scores) {
        shown.push_back({.force = score.force,
                         .die = score.die,
                         .modifiers = score.modifiers,
                         .modified = score.modified,
                         .table_score = score.table_score()});
    }
    event::ContactDice{.scores = shown}.write(log);
    return scores;
}

int contact_hour(const Ruleset& ruleset, HalfPeriod half, const std::vector<ContactScore>& scores) {
    const int end_hour = ruleset.half_period_end_hours.at(static_cast<std::size_t>(half));
    if (scores.empty()) return end_hour;
    auto [low, high] = std::minmax_element(
        scores.begin(), scores.end(),
        [](const ContactScore& a, const ContactScore& b) { return a.die < b.die; });
    // unmodified dice only.
    return end_hour - (high->die - low->die);
}

}  // namespace umpire::rules
