// the morale check of a force in retreat or rout, what a fail makes it do, and
// cavalry readiness.
#include "rules/rout_morale/morale.hpp"

#include <climits>

#include "rules/disengagement/assault_regiment.hpp"
#include "rules/events/event_records.generated.hpp"

namespace umpire::rules {

namespace {

// the fail of a force far from the enemy: toward refuge, or it stays.
void move_toward_refuge(CampaignState& state, const Ruleset& ruleset, Force& force,
                        MoraleResult& result, EventLog& log) {
    result.refuge = refuge_target(state, ruleset, force);
    if (!result.refuge) {
        event::RoutStays{.force = force.id, .from = force.hex()}.write(log);
        return;
    }
    result.refuge_path = refuge_path(state, ruleset, force, *result.refuge);
    const Hex from = force.hex();
    if (!result.refuge_path.empty()) state.move_force(force, result.refuge_path.back());
    event::RoutToRefuge{.force = force.id,
                        .from = from,
                        .refuge = *result.refuge,
                        .path = std::span<const Hex>(result.refuge_path)}
        .write(log);
}

}  // namespace

MoraleResult check_morale(CampaignState& state, const Ruleset& ruleset,
                          const std::string& force_id, DiceSource& dice, EventLog& log) {
    MoraleResult result;
    Force* force = state.find_force(force_id);
    const Regiment* assault = force ? assault_regiment(*force) : nullptr;
    if (!assault || (force->order_state != OrderState::in_retreat &&
                     force->order_state != OrderState::in_rout))
        return result;
    const MoraleRules& rules = ruleset.morale;
    result.checked = true;
    result.regiment = assault->id;
    result.morale_value = assault->morale;
    result.state_before = force->order_state;

    const int first = log.roll(dice, 6, "morale", {.force = force->id});
    const int second = log.roll(dice, 6, "morale", {.force = force->id});
    result.dice = {first, second};
    // option: d66 reads the dice as tens and units, on the 11-66 scale.
    result.reading = rules.dice == MoraleDice::d66 ? first * 10 + second : first + second;
    const bool in_rout = force->order_state == OrderState::in_rout;
    result.modifiers = {{in_rout ? "in_rout" : "in_retreat", in_rout ? rules.in_rout : rules.in_retreat},
                        {"leadership", force->general.leadership}};
    result.total = result.reading;
    for (const auto& [name, value] : result.modifiers) result.total += value;
    result.passed = result.total > result.morale_value;  // must exceed

    if (result.passed) {
        force->order_state = OrderState::formed;
        // R-10.6 [S3]: cavalry that recovers from rout is exhausted.
        if (in_rout && is_cavalry_force(*force, ruleset)) {
            force->readiness = CavalryReadiness::exhausted;
            result.exhausted = true;
        }
    } else {
        force->order_state = OrderState::in_rout;  // a retreat turns to rout; a rout stays
    }
    result.state_after = force->order_state;
    event::MoraleCheck{.dice = result.dice,
                       .force = force->id,
                       .modifiers = result.modifiers,
                       .morale_value = result.morale_value,
                       .order_state = to_string(result.state_after),
                       .passed = result.passed,
                       .readiness = to_string(force->readiness),
                       .reading = result.reading,
                       .regiment = result.regiment,
                       .total = result.total}
        .write(log);
    if (result.passed) return result;

    const Force* nearest = nearest_enemy(state, *force, force->hex());
    const int distance = nearest ? hex_distance(force->hex(), nearest->hex()) : INT_MAX;
    result.near_enemy = distance < rules.far_from_enemy_hexes;
    if (result.near_enemy)
        result.rout = make_retreat_move(state, ruleset, force_id, RetreatKind::rout, log);
    else
        move_toward_refuge(state, ruleset, *force, result, log);
    return result;
}

bool is_cavalry_force(const Force& force, const Ruleset& ruleset) {
    const Regiment* assault = assault_regiment(force);
    return assault && main_troop_class(*assault, ruleset) == TroopClass::cavalry;
}

bool cavalry_fought_battle(Force& force, const Ruleset& ruleset) {
    if (!is_cavalry_force(force, ruleset) || force.readiness == CavalryReadiness::exhausted)
        return false;
    force.readiness = force.readiness == CavalryReadiness::fresh ? CavalryReadiness::tired
                                                                 : CavalryReadiness::exhausted;
    return true;
}

}  // namespace umpire::rules
