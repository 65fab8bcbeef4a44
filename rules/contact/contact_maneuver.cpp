// inside the contact procedure: after the disengagement, a force that declared the
// maneuver action may move next to the force that disengaged and force a second contact in the
// same half period.
#include <algorithm>

#include "rules/contact/contact_procedure_detail.hpp"
#include "rules/events/event_records.generated.hpp"
#include "rules/movement/movement_costs.hpp"
#include "umpire/rules/audience.hpp"
#include "umpire/rules/calendar.hpp"

namespace umpire::rules {

void ContactProcedure::follow_maneuvers() {
    for (std::size_t i = 0; i < maneuvers_.size(); ++i) {
        const Maneuver m = maneuvers_[i];
        std::string why = maneuver_refusal(m.force, m.target);
        std::vector<std::pair<int, Hex>> hexes;
        if (why.empty()) hexes = maneuver_hexes(force(m.force), force(m.target));
        if (why.empty() && hexes.empty()) why = "no hex next to it within reach";
        if (!why.empty()) {
            event::ManeuverRefused{
                .contact = id_, .force = m.force, .reason = why, .target = m.target}
                .write(r_.log_, audience({m.force}));
            continue;
        }
        // ▶ Where it moves: cheapest first, then lowest (q, r); or it stays.
        Force& mover = force(m.force);
        const ForceMovement& fm = r_.movement_.of(m.force);
        std::vector<Answer> options;
        shape::ManeuverMoveContext context{.contact = id_,
                                           .hex = mover.hex,
                                           .target = m.target,
                                           .target_hex = force(m.target).hex,
                                           .candidates = {},
                                           .points_left = fm.available - fm.spent};
        for (const auto& [cost, h] : hexes) {
            options.emplace_back(Numbers{{h.q, h.r}});
            context.candidates.push_back({h, cost});
        }
        Answer first = options.front();
        options.emplace_back(false);
        const Answer answer =
            r_.decider_.ask({decision_id(m.operation + "-" + m.target + "-maneuver-move", m.force),
                             mover.player, m.force, "maneuver_move", "",
                             answer_list(std::move(options)), std::move(first), context});
        const auto* hex = answer.as<Numbers>();
        if (!hex) continue;  // it stays (an allowed list is one of the offered hexes)
        const Hex to{hex->values[0], hex->values[1]};
        const int cost = std::find_if(hexes.begin(), hexes.end(),
                                      [&](const auto& c) { return c.second == to; })
                             ->first;
        const Hex from = mover.hex;
        r_.state_.move_force(mover, to);
        r_.movement_.moved_outside(m.force, cost, r_.context_.half);
        std::vector<std::string> pair{m.force, m.target};
        std::sort(pair.begin(), pair.end());
        event::Maneuvered{.contact = id_,
                          .cost = cost,
                          .force = m.force,
                          .from = from,
                          .target = m.target,
                          .to = to}
            .write(r_.log_, audience(pair));
        // the pair's second and last contact procedure in this half period.
        const std::string nested = id_ + "-m" + std::to_string(++second_contacts_);
        event::ContactProcedure{.contact = nested,
                                .forces = pair,
                                .half_period = to_string(r_.context_.half_period()),
                                .second_contact = true}
            .write(r_.log_, audience(pair));
        ContactProcedure(r_, nested).run(pair);
    }
}

std::string ContactProcedure::maneuver_refusal(const std::string& mover,
                                               const std::string& target) const {
    const Force& m = force(mover);
    const Force& t = force(target);
    if (!on_map(m) || !on_map(t)) return "force gone";
    // a delay, a battle or a rest uses up the half period for the forces in it.
    if (r_.used_up_.count(mover) || r_.used_up_.count(target)) return "half period used up";
    const auto pair = std::minmax(mover, target);
    const auto done = r_.pair_procedures_.find({pair.first, pair.second});
    if (done != r_.pair_procedures_.end() &&
        done->second >= r_.ruleset_.contact.max_procedures_per_pair_per_half_period)
        return "the pair's contacts for the half period are used up";
    return "";
}

std::vector<std::pair<int, Hex>> ContactProcedure::maneuver_hexes(const Force& mover,
                                                                  const Force& target) const {
    // One hex entered, next to the target, paid from the points the mover has left.
    const ForceMovement& fm = r_.movement_.of(mover.id);
    const int left = fm.available - fm.spent;
    std::vector<std::pair<int, Hex>> out;
    for (Hex h : neighbours(mover.hex)) {
        if (!adjacent(h, target.hex) || r_.state_.force_at(h)) continue;
        const int cost = step_cost(r_.state_.map, r_.ruleset_, mover.hex, h);
        if (cost >= 0 && cost <= left) out.push_back({cost, h});
    }
    std::sort(out.begin(), out.end());  // cheapest, then lowest (q, r)
    return out;
}

}  // namespace umpire::rules
