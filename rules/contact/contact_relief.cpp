// inside the contact procedure: a supporting force and the force it supports swap hexes
// and roles, before the contact dice or after a disengagement.
#include <algorithm>
#include <set>
#include <tuple>

#include "rules/contact/contact_procedure_detail.hpp"
#include "rules/events/event_records.generated.hpp"
#include "rules/movement/movement_costs.hpp"
#include "umpire/rules/audience.hpp"

namespace umpire::rules {

std::vector<std::string> ContactProcedure::offer_relief(std::vector<std::string> forces,
                                                        const std::string& when) {
    // ▶ Each supporter of a force still in the contact may relieve it; asked together.
    std::vector<DecisionRequest> requests;
    std::vector<std::tuple<std::string, std::string, std::pair<int, int>>> offers;
    for (const auto& id : forces) {
        const auto it = supporters_.find(id);
        if (it == supporters_.end()) continue;
        const std::string supporter = it->second;
        const auto costs = relief_costs(id, supporter);
        if (!costs) continue;
        const Force& s = force(supporter);
        const shape::ReliefContext context{.contact = id_,
                                           .relieves = id,
                                           .hex = s.hex,
                                           .to = force(id).hex,
                                           .cost = costs->second,
                                           .relieved_cost = costs->first};
        requests.push_back({decision_id("relief-" + when + "-" + id, supporter), s.player,
                            supporter, "relief", when, yes_or_no(), false, context});
        offers.emplace_back(id, supporter, *costs);
    }
    if (requests.empty()) return forces;
    const auto answers = r_.decider_.ask_together(requests);
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

std::optional<std::pair<int, int>> ContactProcedure::relief_costs(const std::string& supported,
                                                                  const std::string& supporter) {
    const Force& a = force(supported);
    const Force& s = force(supporter);
    if (!on_map(a) || !on_map(s) || !adjacent(a.hex, s.hex) || r_.used_up_.count(supporter))
        return std::nullopt;
    // still holds for the supporter: it is out of contact.
    for (const Force* e : forces_next_to(r_.state_, s.hex))
        if (r_.state_.opposed(*e, s)) return std::nullopt;
    // each force's first relief in the period is free; a later one costs the move
    // points of the hex it enters, from the points it has left.
    auto cost = [&](const Force& f, Hex to) -> std::optional<int> {
        const auto done = r_.period_.reliefs.find(f.id);
        if (done == r_.period_.reliefs.end() || done->second == 0) return 0;
        const int c = step_cost(r_.state_.map, r_.ruleset_, f.hex, to);
        const ForceMovement& fm = r_.movement_.of(f.id);
        if (c < 0 || c > fm.available - fm.spent) return std::nullopt;
        return c;
    };
    const auto relieved_cost = cost(a, s.hex);
    const auto relieving_cost = cost(s, a.hex);
    if (!relieved_cost || !relieving_cost) return std::nullopt;
    return std::pair{*relieved_cost, *relieving_cost};
}

void ContactProcedure::relieve(const std::string& supported, const std::string& supporter,
                               std::pair<int, int> costs) {
    Force& a = force(supported);
    Force& s = force(supporter);
    const Hex supported_hex = a.hex;
    r_.state_.move_force(a, s.hex);
    r_.state_.move_force(s, supported_hex);
    for (const auto& [id, cost] : {std::pair{supported, costs.first},
                                   std::pair{supporter, costs.second}}) {
        // A free relief takes no points or time: the force has not moved.
        if (cost > 0)
            r_.movement_.moved_outside(id, cost, r_.context_.half);
        else
            r_.movement_.repositioned(id);
        ++r_.period_.reliefs[id];
    }
    // The relieving force is the one in contact now: the same contact, not a new one.
    r_.movement_.joined_contact(supporter);
    r_.participants_.insert(supporter);
    if (std::find(all_.begin(), all_.end(), supporter) == all_.end()) all_.push_back(supporter);
    // The roles swap: the relieved force, next to it and out of contact, now supports it.
    supporters_.erase(supported);
    supporters_[supporter] = supported;
    // After the contact dice the relieving force keeps the relieved force's score (its place
    // in the procedure); the relieved player's private estimates stay with that player.
    if (const auto it = scores_.find(supported); it != scores_.end()) {
        ContactScore score = it->second;
        score.force = supporter;
        scores_[supporter] = score;
    }
    event::Relief{.contact = id_,
                  .cost = costs.second,
                  .force = supporter,
                  .relieved = supported,
                  .relieved_cost = costs.first,
                  .relieved_to = a.hex,
                  .to = s.hex}
        .write(r_.log_, everyone());
}

}  // namespace umpire::rules
