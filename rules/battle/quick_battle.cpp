// quick battle — one d6 a side plus bonuses, the margin table, and the losses.
#include "rules/battle/quick_battle.hpp"
#include "rules/events/event_records.generated.hpp"
#include "rules/world/rounding.hpp"

namespace umpire::rules {

std::string to_string(WithdrawState s) {
    switch (s) {
        case WithdrawState::formed: return "formed";
        case WithdrawState::in_retreat: return "in_retreat";
        case WithdrawState::in_rout: return "in_rout";
    }
    return "formed";
}

int percent_of_figures(int figures, int percent) {
    if (figures <= 0 || percent <= 0) return 0;
    return static_cast<int>(percent_half_up(figures, percent));
}

namespace {

int elements_of(const BattleRules& rules, const QuickBattleSide& side) {
    int total = 0;
    for (const auto& r : side.regiments) total += regiment_elements(rules, r.figures);
    return total;
}

// Rolls the die and adds the bonuses that apply; a bonus is listed only when it applies.
QuickBattleSideResult roll_side(const Ruleset& ruleset, const QuickBattleSide& side,
                                int own_elements, int opponent_elements, DiceSource& dice,
                                EventLog& log, const FieldValue& audience) {
    const QuickBattleRules& rules = ruleset.quick_battle;
    QuickBattleSideResult out;
    out.side = side.side;
    out.elements = own_elements;
    out.die = log.roll(dice, 6, "quick battle", {.side = side.side}, audience);
    if (const int bonus = rules.ratio_bonus(own_elements, opponent_elements); bonus != 0)
        out.modifiers.emplace_back("ratio", bonus);
    if (side.formed) out.modifiers.emplace_back("formed", rules.formed_bonus);
    if (side.favoured_terrain)
        out.modifiers.emplace_back("favoured_terrain", rules.favoured_terrain_bonus);
    if (side.supported) out.modifiers.emplace_back("supported", rules.support_bonus);
    out.total = out.die;
    for (const auto& [name, value] : out.modifiers) out.total += value;
    return out;
}

void take_losses(QuickBattleSideResult& out, const QuickBattleSide& side, int percent) {
    out.loss_percent = percent;
    for (const auto& r : side.regiments)
        out.losses.push_back({r.regiment, percent_of_figures(r.figures, percent)});
}

// The side as the quick_battle event shows it.
shape::QuickBattleSide shown(const QuickBattleSideResult& s) {
    return {.side = s.side,
            .elements = s.elements,
            .die = s.die,
            .modifiers = s.modifiers,
            .total = s.total,
            .outcome = to_string(s.outcome),
            .loss_percent = s.loss_percent,
            .losses = s.losses,
            .withdraw_state = s.withdraw_state
                                  ? std::optional<std::string>(to_string(*s.withdraw_state))
                                  : std::nullopt};
}

}  // namespace

QuickBattleResult resolve_quick_battle(const Ruleset& ruleset, const QuickBattleSide& attacker,
                                       const QuickBattleSide& defender, DiceSource& dice,
                                       EventLog& log, const FieldValue& audience) {
    const int ae = elements_of(ruleset.battle, attacker);
    const int de = elements_of(ruleset.battle, defender);
    QuickBattleResult result;
    result.attacker = roll_side(ruleset, attacker, ae, de, dice, log, audience);
    result.defender = roll_side(ruleset, defender, de, ae, dice, log, audience);
    const int diff = result.attacker.total - result.defender.total;
    result.margin = diff < 0 ? -diff : diff;

    const QuickBattleMargin& row = ruleset.quick_battle.margin_row(result.margin);
    // margin 0 (row "attacker"): the defender holds the field; otherwise the lower total
    // loses. A "lower_total" row reached with equal totals falls back to the attacker.
    const bool attacker_loses = row.loser == QuickBattleLoser::attacker || diff <= 0;
    QuickBattleSideResult& loser = attacker_loses ? result.attacker : result.defender;
    QuickBattleSideResult& winner = attacker_loses ? result.defender : result.attacker;
    const QuickBattleSide& loser_side = attacker_loses ? attacker : defender;
    const QuickBattleSide& winner_side = attacker_loses ? defender : attacker;
    loser.outcome = row.loser_outcome == QuickBattleOutcome::withdrew ? BattleOutcome::withdrew
                                                                      : BattleOutcome::defeated;
    loser.withdraw_state = row.loser_state;
    winner.outcome = BattleOutcome::won;
    take_losses(loser, loser_side, row.loser_loss_percent);
    take_losses(winner, winner_side, row.winner_loss_percent);

    event::QuickBattle{.attacker = shown(result.attacker),
                       .defender = shown(result.defender),
                       .margin = result.margin}
        .write(log, audience);
    return result;
}

}  // namespace umpire::rules
