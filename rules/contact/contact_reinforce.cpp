// inside the contact procedure: the supporter of a displaced force may reinforce it.
#include "rules/contact/contact_steps.hpp"
#include "rules/events/event_records.generated.hpp"

namespace umpire::rules {

bool Reinforcement::reinforced(const std::string& id, DisengageOperation operation,
                               Hex displacement) {
    const auto it = c_.supporters.find(id);
    if (it == c_.supporters.end()) return false;
    const std::string supporter = it->second;
    const Force& s = c_.force(supporter);
    const Force& f = c_.force(id);
    if (!on_map(s) || !adjacent(s.hex(), f.hex())) return false;
    // ▶ Asked of the supporter's player once the losses are known; the losses stand either way.
    const shape::ReinforceContext context{.contact = c_.id,
                                          .reinforces = id,
                                          .hex = s.hex(),
                                          .displaced_from = f.hex(),
                                          .displaced_to = displacement};
    const std::string step = std::string(to_string(operation)) + "-" + id + "-reinforce";
    const bool yes = c_.decider
                         .ask({c_.decision_id(step, supporter), s.player, supporter,
                               DecisionKind::reinforce, DecisionWindow::none, yes_or_no(), false,
                               context})
                         .yes();
    if (yes) {
        std::vector<std::string> seen_by = c_.all;
        seen_by.push_back(supporter);
        event::Reinforced{.contact = c_.id, .force = supporter, .hex = f.hex(), .reinforces = id}
            .write(c_.log, c_.audience(seen_by));
    }
    return yes;
}

}  // namespace umpire::rules
