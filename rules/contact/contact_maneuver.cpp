// inside the contact procedure: after the disengagement, a force that declared the
// maneuver action may move next to the force that disengaged and force a second contact in the
// same half period.
#include <algorithm>

#include "rules/contact/contact_steps.hpp"
#include "rules/events/event_records.generated.hpp"
#include "rules/movement/movement_costs.hpp"
#include "umpire/rules/audience.hpp"
#include "umpire/rules/calendar.hpp"

namespace umpire::rules {

void ManeuverActions::follow() {
    for (std::size_t i = 0; i < c_.maneuvers.size(); ++i) {
        const Contact::Maneuver m = c_.maneuvers[i];
        std::string why = refusal(m.force, m.target);
        std::vector<std::pair<int, Hex>> hexes;
        if (why.empty()) hexes = reachable_hexes(c_.force(m.force), c_.force(m.target));
        if (why.empty() && hexes.empty()) why = "no hex next to it within reach";
        if (!why.empty()) {
            event::ManeuverRefused{
                .contact = c_.id, .force = m.force, .reason = why, .target = m.target}
                .write(c_.log, c_.audience({m.force}));
            continue;
        }
        // ▶ Where it moves: cheapest first, then lowest (q, r); or it stays.
        Force& mover = c_.force(m.force);
        const ForceMovement& fm = c_.movement.of(m.force);
        std::vector<Answer> options;
        shape::ManeuverMoveContext context{.contact = c_.id,
                                           .hex = mover.hex(),
                                           .target = m.target,
                                           .target_hex = c_.force(m.target).hex(),
                                           .candidates = {},
                                           .points_left = fm.available - fm.spent};
        for (const auto& [cost, h] : hexes) {
            options.emplace_back(Numbers{{h.q, h.r}});
            context.candidates.push_back({h, cost});
        }
        Answer first = options.front();
        options.emplace_back(false);
        const Answer answer = c_.decider.ask(
            {c_.decision_id(std::string(to_string(m.operation)) + "-" + m.target + "-maneuver-move",
                            m.force),
             mover.player, m.force, DecisionKind::maneuver_move, DecisionWindow::none,
             answer_list(std::move(options)), std::move(first), context});
        const auto* hex = answer.as<Numbers>();
        if (!hex) continue;  // it stays (an allowed list is one of the offered hexes)
        const Hex to{hex->values[0], hex->values[1]};
        const int cost = std::find_if(hexes.begin(), hexes.end(), [&](const auto& c) {
                             return c.second == to;
                         })->first;
        const Hex from = mover.hex();
        c_.state.move_force(mover, to);
        c_.movement.moved_outside(m.force, cost, c_.context.half);
        std::vector<std::string> pair{m.force, m.target};
        std::sort(pair.begin(), pair.end());
        event::Maneuvered{.contact = c_.id,
                          .cost = cost,
                          .force = m.force,
                          .from = from,
                          .target = m.target,
                          .to = to}
            .write(c_.log, c_.audience(pair));
        // the pair's second and last contact procedure in this half period.
        const std::string nested = c_.id + "-m" + std::to_string(++c_.second_contacts);
        event::ContactProcedure{.contact = nested,
                                .forces = pair,
                                .half_period = to_string(c_.context.half_period()),
                                .second_contact = true}
            .write(c_.log, c_.audience(pair));
        ContactProcedure(c_.resolver, nested).run(pair);
    }
}

std::string ManeuverActions::refusal(const std::string& mover, const std::string& target) const {
    const Force& m = c_.force(mover);
    const Force& t = c_.force(target);
    if (!on_map(m) || !on_map(t)) return "force gone";
    // a delay, a battle or a rest uses up the half period for the forces in it.
    if (c_.used_up.count(mover) || c_.used_up.count(target)) return "half period used up";
    const auto pair = std::minmax(mover, target);
    const auto done = c_.pair_procedures.find({pair.first, pair.second});
    if (done != c_.pair_procedures.end() &&
        done->second >= c_.ruleset.contact.max_procedures_per_pair_per_half_period)
        return "the pair's contacts for the half period are used up";
    return "";
}

std::vector<std::pair<int, Hex>> ManeuverActions::reachable_hexes(const Force& mover,
                                                                  const Force& target) const {
    // One hex entered, next to the target, paid from the points the mover has left.
    const ForceMovement& fm = c_.movement.of(mover.id);
    const int left = fm.available - fm.spent;
    std::vector<std::pair<int, Hex>> out;
    for (Hex h : neighbours(mover.hex())) {
        if (!adjacent(h, target.hex()) || c_.state.force_at(h)) continue;
        const int cost = step_cost(c_.state.map, c_.ruleset, mover.hex(), h);
        if (cost >= 0 && cost <= left) out.push_back({cost, h});
    }
    std::sort(out.begin(), out.end());  // cheapest, then lowest (q, r)
    return out;
}

}  // namespace umpire::rules
