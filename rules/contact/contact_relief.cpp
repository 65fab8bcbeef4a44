// inside the contact procedure: a supporting force and the force it supports swap hexes
// and roles, before the contact dice or after a disengagement.
#include <algorithm>
#include <set>
#include <tuple>

#include "rules/contact/contact_steps.hpp"
#include "rules/events/event_records.generated.hpp"
#include "rules/movement/movement_costs.hpp"
#include "umpire/rules/audience.hpp"

namespace umpire::rules {

std::vector<std::string> Relief::offer(std::vector<std::string> forces, DecisionWindow when) {
    // ▶ Each supporter of a force still in the contact may relieve it; asked together.
    std::vector<DecisionRequest> requests;
    std::vector<std::tuple<std::string, std::string, std::pair<int, int>>> offers;
    for (const auto& id : forces) {
        const auto it = c_.supporters.find(id);
        if (it == c_.supporters.end()) continue;
        const std::string supporter = it->second;
        const auto paid = costs(id, supporter);
        if (!paid) continue;
        const Force& s = c_.force(supporter);
        const shape::ReliefContext context{.contact = c_.id,
                                           .relieves = id,
                                           .hex = s.hex(),
                                           .to = c_.force(id).hex(),
                                           .cost = paid->second,
                                           .relieved_cost = paid->first};
        const std::string step = "relief-" + std::string(to_string(when)) + "-" + id;
        requests.push_back({c_.decision_id(step, supporter), s.player, supporter,
                            DecisionKind::relief, when, yes_or_no(), false, context});
        offers.emplace_back(id, supporter, *paid);
    }
    if (requests.empty()) return forces;
    const auto answers = c_.decider.ask_together(requests);
    std::set<std::string> moved;  // a supporter of two forces relieves the first it accepted
    for (std::size_t i = 0; i < offers.size(); ++i) {
        const auto& [supported, supporter, costs] = offers[i];
        if (!answers[i].yes() || moved.count(supported) || moved.count(supporter)) continue;
        moved.insert({supported, supporter});
        relieve(supported, supporter, costs);
        // The relieving force takes the relieved force's place in the procedure.
        std::replace(forces.begin(), forces.end(), supported, supporter);
    }
    std::sort(forces.begin(), forces.end());
    return forces;
}

std::optional<std::pair<int, int>> Relief::costs(const std::string& supported,
                                                 const std::string& supporter) {
    const Force& a = c_.force(supported);
    const Force& s = c_.force(supporter);
    if (!on_map(a) || !on_map(s) || !adjacent(a.hex(), s.hex()) || c_.used_up.count(supporter))
        return std::nullopt;
    // still holds for the supporter: it is out of contact.
    for (const Force* e : forces_next_to(c_.state, s.hex()))
        if (c_.state.opposed(*e, s)) return std::nullopt;
    // each force's first relief in the period is free; a later one costs the move
    // points of the hex it enters, from the points it has left.
    auto cost = [&](const Force& f, Hex to) -> std::optional<int> {
        const auto done = c_.period.reliefs.find(f.id);
        if (done == c_.period.reliefs.end() || done->second == 0) return 0;
        const int c = step_cost(c_.state.map, c_.ruleset, f.hex(), to);
        const ForceMovement& fm = c_.movement.of(f.id);
        if (c < 0 || c > fm.available - fm.spent) return std::nullopt;
        return c;
    };
    const auto relieved_cost = cost(a, s.hex());
    const auto relieving_cost = cost(s, a.hex());
    if (!relieved_cost || !relieving_cost) return std::nullopt;
    return std::pair{*relieved_cost, *relieving_cost};
}

void Relief::relieve(const std::string& supported, const std::string& supporter,
                     std::pair<int, int> costs) {
    Force& a = c_.force(supported);
    Force& s = c_.force(supporter);
    const Hex supported_hex = a.hex();
    c_.state.move_force(a, s.hex());
    c_.state.move_force(s, supported_hex);
    for (const auto& [id, cost] :
         {std::pair{supported, costs.first}, std::pair{supporter, costs.second}}) {
        // A free relief takes no points or time: the force has not moved.
        if (cost > 0)
            c_.movement.moved_outside(id, cost, c_.context.half);
        else
            c_.movement.repositioned(id);
        ++c_.period.reliefs[id];
    }
    // The relieving force is the one in contact now: the same contact, not a new one.
    c_.movement.joined_contact(supporter);
    c_.participants.insert(supporter);
    if (std::find(c_.all.begin(), c_.all.end(), supporter) == c_.all.end())
        c_.all.push_back(supporter);
    // The roles swap: the relieved force, next to it and out of contact, now supports it.
    c_.supporters.erase(supported);
    c_.supporters[supporter] = supported;
    // After the contact dice the relieving force keeps the relieved force's score (its place
    // in the procedure); the relieved player's private estimates stay with that player.
    if (const auto it = c_.scores.find(supported); it != c_.scores.end()) {
        ContactScore score = it->second;
        score.force = supporter;
        c_.scores[supporter] = score;
    }
    event::Relief{.contact = c_.id,
                  .cost = costs.second,
                  .force = supporter,
                  .relieved = supported,
                  .relieved_cost = costs.first,
                  .relieved_to = a.hex(),
                  .to = s.hex()}
        .write(c_.log, c_.everyone());
}

}  // namespace umpire::rules
