// applying a planned retreat or rout move to the state.
#include <stdexcept>

#include "rules/events/event_records.generated.hpp"
#include "rules/rout_morale/retreat_paths.hpp"

namespace umpire::rules {

RetreatOutcome make_retreat_move(CampaignState& state, const Ruleset& ruleset,
                                 const std::string& force_id, RetreatKind kind, EventLog& log) {
    Force* force = state.find_force(force_id);
    if (!force || force->regiments.empty())
        throw std::invalid_argument("no force on the map to retreat: " + force_id);
    const bool rout = kind == RetreatKind::rout;
    force->order_state = rout ? OrderState::in_rout : OrderState::in_retreat;
    RetreatOutcome out = plan_retreat(state, ruleset, *force, kind);
    const Hex from = force->hex();
    const std::span<const Hex> path(out.path);
    switch (out.result) {
        case RetreatOutcome::Result::no_enemy:
            return out;
        case RetreatOutcome::Result::moved:
            state.move_force(*force, out.path.back());
            if (rout)
                event::RoutMove{.force = force->id, .from = from, .path = path}.write(log);
            else
                event::RetreatMove{.force = force->id, .from = from, .path = path}.write(log);
            return out;
        case RetreatOutcome::Result::surrendered:
            // all its figures are lost and the captor is told.
            event::Surrendered{
                .captor = out.captor, .figures = force->figures(), .force = force->id, .from = from}
                .write(log);
            break;
        case RetreatOutcome::Result::routed_off_map:
            event::RoutedOffMap{.exit = *out.exit,
                                .figures = force->figures(),
                                .force = force->id,
                                .from = from,
                                .path = path}
                .write(log);
            break;
    }
    force->regiments.clear();  // eliminated
    event::ForceEliminated{.force = force->id}.write(log);
    return out;
}

}  // namespace umpire::rules
