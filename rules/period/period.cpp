#include "umpire/rules/period.hpp"

#include <algorithm>

#include "rules/contact/contact_procedure.hpp"
#include "rules/events/event_records.generated.hpp"
#include "rules/movement/movement.hpp"
#include "rules/rout_morale/morale.hpp"
#include "rules/scouting/scouting.hpp"
#include "umpire/rules/audience.hpp"
#include "umpire/rules/calendar.hpp"

namespace umpire::rules {

namespace {

// At the start of the period: new role orders and standing instructions.
void apply_force_orders(CampaignState& state, const std::vector<AcceptedOrder>& orders,
                        EventLog& log) {
    for (const auto& order : orders) {
        Force& force = *state.find_force(order.force);
        if (order.standing_instructions) {
            force.standing_instructions = order.standing_instructions;
            event::StandingInstructionsSet{.force = force.id}.write(log,
                                                                    player_audience(force.player));
        }
        if (order.regiments.empty()) continue;
        std::vector<Regiment> reordered;
        for (const auto& id : order.regiments)
            reordered.push_back(*std::find_if(force.regiments.begin(), force.regiments.end(),
                                              [&](const Regiment& r) { return r.id == id; }));
        if (std::equal(reordered.begin(), reordered.end(), force.regiments.begin(),
                       [](const Regiment& a, const Regiment& b) { return a.id == b.id; }))
            continue;
        force.regiments = std::move(reordered);
        event::RegimentsReordered{.force = force.id, .regiments = order.regiments}.write(
            log, side_audience(state, force));
    }
}

// unused points carry over, up to the cap, unless the force made contact or stayed
// stationary for its movement period.
void update_saved_points(const CampaignState& state, Force& force, const ForceMovement& fm,
                         const Ruleset& ruleset, EventLog& log) {
    const int before = force.saved_points;
    std::string lost_because;
    if (fm.contact_at)
        lost_because = "map contact";
    else if (fm.movement_period && fm.entries == 0 && !fm.moved_first_half &&
             !fm.moved_second_half)
        lost_because = "stationary for its movement period";
    if (!lost_because.empty()) {
        force.saved_points = 0;
        if (before > 0)
            event::SavedPointsLost{.force = force.id, .points = before, .reason = lost_because}
                .write(log, side_audience(state, force));
        return;
    }
    if (!fm.movement_period) return;
    force.saved_points =
        std::clamp(fm.available - fm.spent, 0, ruleset.movement.max_saved_points);
    if (force.saved_points != before || force.saved_points > 0)
        event::SavedPoints{.before = before, .force = force.id, .points = force.saved_points}.write(
            log, side_audience(state, force));
}

// A half period spent stationary and out of contact: re-forming [H], cavalry readiness
// and the end of a forced march's wait. `may_reform` is false for a half
// period that ended before the force became unformed.
void rest_half_period(const CampaignState& state, Force& force, const Ruleset& ruleset,
                      bool may_reform, EventLog& log) {
    ++force.stationary_half_periods;
    force.forced_march_blocked = false;
    if (force.readiness != CavalryReadiness::fresh) {
        force.readiness = force.readiness == CavalryReadiness::exhausted ? CavalryReadiness::tired
                                                                         : CavalryReadiness::fresh;
        event::ReadinessRecovered{.force = force.id, .readiness = to_string(force.readiness)}.write(
            log, side_audience(state, force));
    }
    if (may_reform && force.order_state == OrderState::unformed &&
        force.stationary_half_periods >= ruleset.movement.reform_after_stationary_half_periods) {
        force.order_state = OrderState::formed;
        event::Reformed{.force = force.id}.write(log, side_audience(state, force));
    }
}

void end_of_period(CampaignState& state, const Ruleset& ruleset, const MovementResult& moves,
                   const std::set<std::string> (&in_contact)[2], EventLog& log) {
    for (auto& force : state.forces) {
        if (force.regiments.empty()) continue;
        const ForceMovement& fm = moves.at(force.id);
        update_saved_points(state, force, fm, ruleset, log);
        const bool moved[2] = {fm.moved_first_half, fm.moved_second_half};
        for (int half = 0; half < 2; ++half) {
            if (!moved[half] && !in_contact[half].count(force.id))
                rest_half_period(state, force, ruleset,
                                 !fm.unformed_in_half || *fm.unformed_in_half < half, log);
            else
                force.stationary_half_periods = 0;
        }
        // unformed at the end of the forced march, and no other until it has rested.
        if (fm.forced_march) {
            force.forced_march_blocked = true;
            if (force.order_state == OrderState::formed) force.order_state = OrderState::unformed;
            event::ForcedMarchEnded{.force = force.id, .order_state = to_string(force.order_state)}
                .write(log, side_audience(state, force));
        }
    }
    // a force with no regiment left is eliminated.
    state.forces.erase(std::remove_if(state.forces.begin(), state.forces.end(),
                                      [](const Force& f) { return f.regiments.empty(); }),
                       state.forces.end());
}

// Forces next to an enemy at the end of a half period were in contact in it.
std::set<std::string> forces_in_contact(const CampaignState& state,
                                        const std::set<std::string>& participants) {
    std::set<std::string> out = participants;
    for (const auto& [i, j] : adjacent_force_pairs(state)) {
        const Force& a = state.forces[i];
        const Force& b = state.forces[j];
        if (state.opposed(a, b)) {
            out.insert(a.id);
            out.insert(b.id);
        }
    }
    return out;
}

bool retreating(const Force& f) {
    return f.order_state == OrderState::in_retreat || f.order_state == OrderState::in_rout;
}

// at the end of every half period after the one in which it entered retreat or rout,
// each such force checks morale; its own side sees the check, a captor the surrender.
void check_morale_at_half_end(CampaignState& state, const Ruleset& ruleset,
                              const HalfPeriodContext& context, MovementPhase& movement,
                              DiceSource& dice, EventLog& log) {
    std::vector<std::string> due;
    for (const auto& f : state.forces)
        if (on_map(f) && retreating(f) &&
            (!f.retreat_since_half || morale_check_due(*f.retreat_since_half, context.half_ordinal())))
            due.push_back(f.id);
    for (const auto& id : due) {
        Force& f = *state.find_force(id);
        if (!on_map(f)) continue;  // gone meanwhile
        const Hex before = f.hex();
        const std::size_t mark = log.size();
        const MoraleResult m = check_morale(state, ruleset, id, dice, log);
        std::vector<std::string> witnesses{id};
        if (m.rout && !m.rout->captor.empty()) witnesses.push_back(m.rout->captor);
        std::vector<std::string> seen = side_audience(state, f)->players;
        for (const auto& player : forces_audience(state, witnesses)->players)
            if (std::find(seen.begin(), seen.end(), player) == seen.end()) seen.push_back(player);
        std::sort(seen.begin(), seen.end());
        log.restrict_since(mark, seen);
        if (!retreating(f)) f.retreat_since_half.reset();
        if (!on_map(f))
            movement.stop(id, "eliminated");
        else if (f.hex() != before)
            movement.moved_outside(id, 0, context.half);
    }
}

}  // namespace

PeriodOutcome resolve_period(const CampaignState& start, const Ruleset& ruleset,
                             const PeriodInputs& inputs, DiceSource& dice) {
    PeriodOutcome outcome;
    CampaignState state = start;
    state.track_positions(true);  // every move below goes through move_force
    EventLog log;
    // A busy period records some 30 events per force: room for them up front spares moving
    // hundreds of thousands of them as the vector grows (and, for large states, page faults).
    log.reserve(32 * state.forces.size() + 64);
    Decider decider(inputs.answers, inputs.settle_missing, inputs.lapsed, state, log);
    const Calendar now = state.calendar;
    try {
        event::PeriodStarted{.date = date_of_day(now.start_date, now.day),
                             .day = now.day,
                             .period = to_string(now.period)}
            .write(log);
        PeriodOrders current = inputs.orders;
        if (current.day != now.day || current.period != now.period) current.orders.clear();
        const auto accepted = validate_orders(state, ruleset, current, log);
        apply_force_orders(state, accepted, log);
        resolve_scouts(state, ruleset, accepted, dice, log);  // before anyone moves

        MovementPhase movement(state, ruleset, accepted, dice, log, {now.day, now.period});
        PeriodContacts contacts(start, inputs.start_version, inputs.version_key, inputs.version_of);
        contacts.counted_ids = inputs.counted_contact_ids;
        std::set<std::string> in_contact[2];
        for (int half = 0; half < 2; ++half) {
            const HalfPeriodContext context{now.day, now.period, half};
            ContactResolver resolver(state, ruleset, dice, log, decider, movement, context,
                                     contacts);
            if (half == 1) {
                // pairs still adjacent are in contact again at the start of the half.
                resolver.resolve(movement.renew_contacts(1));
                for (const auto& id : resolver.participants()) {
                    const Force* f = state.find_force(id);
                    if (f && !f->regiments.empty() && !resolver.used_up().count(id))
                        movement.resume(id);
                }
            }
            resolver.resolve(movement.run_until(half == 0 ? kHalfTime : kFullTime, half));
            in_contact[half] = forces_in_contact(state, resolver.participants());
            check_morale_at_half_end(state, ruleset, context, movement, dice, log);
            // once the first half's contacts are resolved — by evasion, avoidance, rest,
            // delay or battle — their forces go on with their orders in the second half.
            if (half == 0)
                for (const auto& id : resolver.participants()) {
                    const Force* f = state.find_force(id);
                    if (f && !f->regiments.empty() && f->order_state != OrderState::in_retreat &&
                        f->order_state != OrderState::in_rout)
                        movement.resume(id);
                }
        }
        end_of_period(state, ruleset, movement.result(), in_contact, log);
        advance(state.calendar);
        event::PeriodEnded{.day = now.day, .period = to_string(now.period)}.write(log);
        outcome.complete = true;
        state.track_positions(false);  // the caller may move forces by hand
        outcome.state = std::move(state);
    } catch (AwaitingDecisions& waiting) {
        outcome.pending = std::move(waiting.requests);
        outcome.state = start;
    }
    outcome.events = log.take();
    return outcome;
}

}  // namespace umpire::rules
