// post-battle recovery dice, the fixed-shares option and the general and camp penalties.
#include <algorithm>

#include "rules/disengagement/disengagement.hpp"
#include "rules/events/event_records.generated.hpp"
#include "rules/recovery/battle_recovery.hpp"

namespace umpire::rules {

namespace {

int die_needed(const RecoveryByOutcome& by, BattleOutcome outcome) {
    switch (outcome) {
        case BattleOutcome::won: return by.won;
        case BattleOutcome::withdrew: return by.withdrew;
        case BattleOutcome::defeated: return by.defeated;
    }
    return by.defeated;
}

void roll_dice(const RecoveryRules& rules, const SideReport& report, BattleOutcome outcome,
               DiceSource& dice, EventLog& log, const FieldValue& audience, BattleRecovery& out) {
    const int needed = die_needed(rules.die_needed, outcome);
    // "Only on 6" restricts: never easier than the outcome's own threshold.
    const int needed_after = std::max(needed, rules.after_withdrawal_declared);
    for (const auto& loss : report.losses) {
        RegimentRecovery r{loss.regiment, loss.elements, 0};
        const int before = loss.elements - loss.after_withdrawal;
        for (int i = 0; i < loss.elements; ++i) {
            const bool after = i >= before;
            const int need = after ? needed_after : needed;
            const int value = log.roll(dice, 6, "recovery",
                                       {.side = report.side,
                                        .regiment = loss.regiment,
                                        .after_withdrawal = after,
                                        .needed = need},
                                       audience);
            out.dice.push_back(value);
            if (value >= need) ++r.recovered;
        }
        out.regiments.push_back(r);
    }
}

void fixed_shares(const RecoveryRules& rules, const SideReport& report, BattleOutcome outcome,
                  BattleRecovery& out) {
    // Proportional share among the regiments: reuse R-7.4's largest-remainder allocation over a
    // regiment whose "companies" are the regiments' losses.
    Regiment pool;
    int lost = 0;
    for (const auto& loss : report.losses) {
        pool.companies.push_back(Company{"", std::max(0, loss.elements), ""});
        lost += std::max(0, loss.elements);
    }
    const int share =
        static_cast<int>(static_cast<long long>(lost) *
                         die_needed(rules.fixed_share_percent, outcome) / 100);  // rounded down
    const std::vector<int> back = allocate_losses_proportionally(pool, share);
    for (std::size_t i = 0; i < report.losses.size(); ++i)
        out.regiments.push_back({report.losses[i].regiment, report.losses[i].elements, back[i]});
}

}  // namespace

int recovery_penalty(const RecoveryRules& rules, bool general_lost, bool camp_lost) {
    return (general_lost ? rules.general_lost_penalty : 0) +
           (camp_lost ? rules.camp_lost_penalty : 0);
}

BattleRecovery resolve_recovery(const RecoveryRules& rules, const SideReport& report,
                                BattleOutcome outcome, DiceSource& dice, EventLog& log,
                                const FieldValue& audience) {
    BattleRecovery out;
    out.side = report.side;
    out.outcome = outcome;
    out.fixed_shares = rules.fixed_shares;
    if (rules.fixed_shares)
        fixed_shares(rules, report, outcome, out);
    else
        roll_dice(rules, report, outcome, dice, log, audience, out);
    for (const auto& r : out.regiments) out.recovered += r.recovered;
    // the penalties come after the rolls; an evacuated camp is not lost.
    out.penalty = recovery_penalty(rules, report.general_lost, report.camp_lost);

    event::BattleRecovery{.lost = report.elements_lost(),
                          .method = out.fixed_shares ? "fixed_shares" : "dice",
                          .outcome = to_string(outcome),
                          .penalty = out.penalty,
                          .recovered = out.recovered,
                          .regiments = out.regiments,
                          .side = out.side}
        .write(log, audience);
    return out;
}

}  // namespace umpire::rules
