#include "storage/engine_call.hpp"

#include "rules/dice.hpp"
#include "rules/period.hpp"

namespace umpire::storage {

EngineOutcome run_engine(const rules::CampaignState& before, const rules::Ruleset& ruleset,
                         const rules::PeriodOrders& orders, std::uint64_t dice_seed) {
    EngineOutcome outcome{before, {}, 0};
    rules::SeededDice dice(dice_seed);
    outcome.events = rules::resolve_period(outcome.state, ruleset, orders, dice);
    outcome.draws = dice.draws();
    return outcome;
}

}  // namespace umpire::storage
