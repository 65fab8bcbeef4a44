#include "storage/engine_call.hpp"

#include "rules/dice.hpp"
#include "rules/period.hpp"

namespace umpire::storage {

EngineOutcome run_engine(const rules::CampaignState& before, const rules::Ruleset& ruleset,
                         const rules::PeriodOrders& orders, std::uint64_t dice_seed,
                         const std::map<std::string, rules::Json>& answers,
                         bool settle_missing, std::string version_key,
                         std::string start_version) {
    rules::SeededDice dice(dice_seed);
    const rules::PeriodInputs inputs{orders, answers, settle_missing, std::move(start_version),
                                     std::move(version_key)};
    rules::PeriodOutcome period = rules::resolve_period(before, ruleset, inputs, dice);
    EngineOutcome outcome;
    outcome.complete = period.complete;
    outcome.pending = std::move(period.pending);
    outcome.state = period.complete ? std::move(period.state) : before;
    outcome.events = std::move(period.events);
    outcome.draws = dice.draws();
    return outcome;
}

}  // namespace umpire::storage
