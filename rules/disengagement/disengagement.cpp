// the opposed rolls of one disengagement and the losses they sum to.
#include "rules/disengagement/disengagement.hpp"
#include "rules/events/event_records.generated.hpp"
#include "rules/world/rounding.hpp"

#include <algorithm>
#include <stdexcept>

namespace umpire::rules {

namespace {

int total_of(int die, const NamedModifiers& modifiers) {
    int total = die;
    for (const auto& [name, value] : modifiers) total += value;
    return total;
}

}  // namespace

std::string_view to_string(DisengageOperation operation) {
    switch (operation) {
        case DisengageOperation::avoid: return "avoid";
        case DisengageOperation::delay: return "delay";
        case DisengageOperation::evade: return "evade";
        case DisengageOperation::withdraw: return "withdraw";
    }
    return "unknown";
}

DisengagementOutcome resolve_disengagement(const Ruleset& ruleset,
                                           const DisengagementParty& disengager,
                                           const std::vector<DisengagementParty>& opponents,
                                           int assault_figures, bool displacement_possible,
                                           DiceSource& dice, EventLog& log,
                                           const Audience& owner) {
    if (opponents.empty())
        throw std::invalid_argument("a disengagement needs at least one engaging opponent");
    const DisengagementRules& rules = ruleset.disengagement;

    DisengagementOutcome out;
    out.force = disengager.force;
    out.die = log.roll(dice, 6, "disengagement", {.force = disengager.force});
    out.modifiers = disengagement_modifiers(ruleset, disengager, true, disengager.order_state);
    out.total = total_of(out.die, out.modifiers);

    // the disengager's one total against each opponent's, every loss applying at once.
    for (const auto& party : opponents) {
        OpponentRoll roll;
        roll.force = party.force;
        roll.die = log.roll(dice, 6, "disengagement", {.force = party.force});
        roll.modifiers = disengagement_modifiers(ruleset, party, false, disengager.order_state);
        roll.total = total_of(roll.die, roll.modifiers);
        roll.difference = out.total - roll.total;
        const DisengagementLoss& row = rules.loss_for(roll.difference);
        roll.loss_percent = row.loss_percent;
        roll.displaced = row.displaced;
        out.loss_percent += roll.loss_percent;
        out.displaced = out.displaced || roll.displaced;  // displaced at most once
        out.opponents.push_back(std::move(roll));
    }
    // nowhere to go costs the extra percentage instead, counted once.
    const bool no_hex = out.displaced && !displacement_possible;
    if (no_hex) out.loss_percent += rules.no_hex_displacement_percent;

    const int strength = std::max(assault_figures, 0);
    if (out.loss_percent >= rules.destroy_threshold_percent) {
        out.destroyed = true;  // the assault regiment is lost entire
        out.figures_lost = strength;
    } else if (out.loss_percent > 0) {
        const int rounded = static_cast<int>(percent_half_up(strength, out.loss_percent));
        out.figures_lost = std::min(std::max(rounded, rules.minimum_loss_figures), strength);
    }

    event::Disengagement{.assault_figures = strength,
                         .destroyed = out.destroyed,
                         .die = out.die,
                         .displaced = out.displaced,
                         .figures_lost = out.figures_lost,
                         .force = out.force,
                         .loss_percent = out.loss_percent,
                         .modifiers = out.modifiers,
                         .no_hex_percent = no_hex ? rules.no_hex_displacement_percent : 0,
                         .opponents = out.opponents,
                         .total = out.total,
                         .private_to = owner ? FieldValue(owner) : FieldValue::none()}
        .write(log);
    return out;
}

}  // namespace umpire::rules
