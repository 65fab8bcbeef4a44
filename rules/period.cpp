#include "rules/period.hpp"

#include <algorithm>

#include "rules/calendar.hpp"
#include "rules/movement.hpp"

namespace umpire::rules {

namespace {

void apply_regiment_orders(CampaignState& state, const std::vector<AcceptedOrder>& orders,
                           EventLog& log) {
    for (const auto& order : orders) {
        if (order.regiments.empty()) continue;
        Force& force = *state.find_force(order.force);
        std::vector<Regiment> reordered;
        for (const auto& id : order.regiments)
            reordered.push_back(*std::find_if(force.regiments.begin(), force.regiments.end(),
                                              [&](const Regiment& r) { return r.id == id; }));
        if (std::equal(reordered.begin(), reordered.end(), force.regiments.begin(),
                       [](const Regiment& a, const Regiment& b) { return a.id == b.id; }))
            continue;
        force.regiments = std::move(reordered);
        log.add("regiments_reordered", Json{{"force", force.id}, {"regiments", order.regiments}});
    }
}

// unused points carry over, up to the cap, unless the force made contact or stayed
// stationary for its movement period.
void update_saved_points(Force& force, const ForceMovement& fm, const Ruleset& ruleset,
                         EventLog& log) {
    const int before = force.saved_points;
    std::string lost_because;
    if (fm.contact_at)
        lost_because = "map contact";
    else if (fm.movement_period && fm.entries == 0)
        lost_because = "stationary for its movement period";
    if (!lost_because.empty()) {
        force.saved_points = 0;
        if (before > 0)
            log.add("saved_points_lost",
                    Json{{"force", force.id}, {"points", before}, {"reason", lost_because}});
        return;
    }
    if (!fm.movement_period) return;
    force.saved_points = std::min(ruleset.movement.max_saved_points, fm.available - fm.spent);
    if (force.saved_points != before || force.saved_points > 0)
        log.add("saved_points",
                Json{{"force", force.id}, {"points", force.saved_points}, {"before", before}});
}

// A half period spent stationary and out of contact: re-forming [H], cavalry readiness
// and the end of a forced march's wait.
// `may_reform` is false for a half period that ended before the force became unformed.
void rest_half_period(Force& force, const Ruleset& ruleset, bool may_reform, EventLog& log) {
    ++force.stationary_half_periods;
    force.forced_march_blocked = false;
    if (force.readiness != CavalryReadiness::fresh) {
        force.readiness = force.readiness == CavalryReadiness::exhausted ? CavalryReadiness::tired
                                                                         : CavalryReadiness::fresh;
        log.add("readiness_recovered",
                Json{{"force", force.id}, {"readiness", to_string(force.readiness)}});
    }
    if (may_reform && force.order_state == OrderState::unformed &&
        force.stationary_half_periods >= ruleset.movement.reform_after_stationary_half_periods) {
        force.order_state = OrderState::formed;
        log.add("reformed", Json{{"force", force.id}});
    }
}

void end_of_period(CampaignState& state, const Ruleset& ruleset, const MovementResult& moves,
                   EventLog& log) {
    for (auto& force : state.forces) {
        const ForceMovement& fm = moves.at(force.id);
        update_saved_points(force, fm, ruleset, log);
        // A contact at t <= 1/2 keeps the force in contact for both half periods; a later one
        // only for the second, since the pair stays adjacent.
        const bool contact_first = fm.contact_at && fm.contact_at->first_half();
        const bool contact_second = fm.contact_at.has_value();
        const bool rested[2] = {!fm.moved_first_half && !contact_first,
                                !fm.moved_second_half && !contact_second};
        for (int half = 0; half < 2; ++half) {
            if (rested[half])
                rest_half_period(force, ruleset,
                                 !fm.unformed_in_half || *fm.unformed_in_half < half, log);
            else
                force.stationary_half_periods = 0;
        }
        // unformed at the end of the forced march, and no other until it has rested.
        if (fm.forced_march) {
            force.forced_march_blocked = true;
            if (force.order_state == OrderState::formed) force.order_state = OrderState::unformed;
            log.add("forced_march_ended",
                    Json{{"force", force.id}, {"order_state", to_string(force.order_state)}});
        }
    }
}

}  // namespace

std::vector<Json> resolve_period(CampaignState& state, const Ruleset& ruleset,
                                 const PeriodOrders& orders, DiceSource& dice) {
    EventLog log;
    const Calendar now = state.calendar;
    log.add("period_started", Json{{"day", now.day},
                                   {"period", to_string(now.period)},
                                   {"date", date_of_day(now.start_date, now.day)}});
    PeriodOrders current = orders;
    if (orders.day != now.day || orders.period != now.period) current.orders.clear();
    const auto accepted = validate_orders(state, ruleset, current, log);
    apply_regiment_orders(state, accepted, log);
    const MovementResult moves =
        resolve_movement(state, ruleset, accepted, dice, log, {now.day, now.period});
    end_of_period(state, ruleset, moves, log);
    advance(state.calendar);
    log.add("period_ended", Json{{"day", now.day}, {"period", to_string(now.period)}});
    return log.events();
}

}  // namespace umpire::rules
