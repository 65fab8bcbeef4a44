// step 2: rest (when everyone rests, the contact ends: ), then avoid and delay
// all succeed without dice when nobody engages.
#include <algorithm>

#include "rules/contact/contact_steps.hpp"
#include "rules/events/event_records.generated.hpp"

namespace umpire::rules {

std::vector<std::string> RestAvoidDelay::run(const std::vector<std::string>& forces,
                                             const BeforeContactChoices& choices) {
    const std::vector<Answer>& answers = choices.answers;
    std::vector<std::string> rest, engage, avoid, delay;
    std::map<std::string, Hex> avoid_to;
    for (std::size_t i = 0; i < forces.size(); ++i) {
        const Answer& a = answers[i];
        const std::string& id = forces[i];
        const auto* avoid_hex = a.as<AvoidTo>();
        if (avoid_hex || a.is("avoid")) {
            avoid.push_back(id);
            // Without a chosen hex the first offered one (the farthest from the enemy).
            avoid_to[id] = avoid_hex ? avoid_hex->hex : choices.avoid.at(id).front();
        } else if (a.is("delay")) {
            delay.push_back(id);
        } else if (a.is("rest")) {
            rest.push_back(id);
        } else {
            engage.push_back(id);
        }
    }
    if (rest.size() == forces.size()) {
        c_.fight_on_the_morrow(forces);
        return {};
    }
    // If anyone declines to rest, those who chose rest count as engaging.
    engage.insert(engage.end(), rest.begin(), rest.end());
    std::sort(engage.begin(), engage.end());

    // step 2: avoid and delay; all succeed without dice when nobody engages.
    for (const auto& id : forces) {
        const bool avoids = avoid_to.count(id) != 0;
        const bool delays = std::find(delay.begin(), delay.end(), id) != delay.end();
        if (!avoids && !delays) continue;
        const auto opponents = c_.opponents_of(id, engage);
        Force& f = c_.force(id);
        const Hex before = f.hex();
        if (!opponents.empty())
            ContactDisengagement(c_).disengage(
                id, opponents, avoids ? DisengageOperation::avoid : DisengageOperation::delay);
        if (!on_map(f)) continue;
        if (avoids) {
            // A force displaced by its roll has already moved away.
            if (f.hex() == before) ContactDisengagement(c_).move_avoiding(f, avoid_to[id]);
        } else {
            for (const auto& o : c_.opponents_of(id, forces))
                c_.state.delays.push_back({id, o, c_.context.half_ordinal()});
            // [H] The delaying force and the opponents it delayed do not move again this half.
            c_.used_up.insert(id);
            c_.movement.stop(id, "delayed the enemy");
            for (const auto& o : opponents) {
                c_.used_up.insert(o);
                c_.movement.stop(o, "delayed by the enemy");
            }
            event::Delayed{.force = id, .opponents = opponents}.write(c_.log, c_.everyone());
        }
    }
    std::vector<std::string> remaining;
    for (const auto& id : engage)
        if (on_map(c_.force(id))) remaining.push_back(id);
    if (!c_.both_sides(remaining)) {
        event::ContactEnded{.contact = c_.id, .step = "before_contact"}.write(c_.log,
                                                                              c_.everyone());
        return {};
    }
    return remaining;
}

}  // namespace umpire::rules
