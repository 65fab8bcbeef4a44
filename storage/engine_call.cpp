#include "storage/engine_call.hpp"

#include <memory>

#include "documents/state_version.hpp"
#include "storage/seeds.hpp"
#include "umpire/rules/answer_json.hpp"
#include "umpire/rules/dice.hpp"
#include "umpire/rules/period.hpp"
#include "umpire/rules/sha256.hpp"
#include "umpire/rules/stream_dice.hpp"

namespace umpire::storage {

std::string version_key_of(const PeriodDice& dice) {
    if (dice.scheme < 2) return "";
    return rules::hmac_sha256_hex(dice.sealed_seed, "umpire state versions");
}

std::string dice_key_of(const std::string& sealed_seed) {
    return rules::hmac_sha256_hex(sealed_seed, "umpire dice streams");
}

EngineOutcome run_engine(const rules::CampaignState& before, const rules::Ruleset& ruleset,
                         const rules::PeriodOrders& orders, const PeriodDice& dice,
                         const std::map<std::string, rules::Json>& answers, bool settle_missing,
                         std::string start_version, std::set<std::string> lapsed) {
    // Scheme 1 (periods resolved before schema v9): one sequence in the order the engine asked.
    std::optional<rules::SeededDice> sequence;
    std::optional<rules::StreamDice> streams;
    rules::DiceSource* source = nullptr;
    if (dice.scheme < 2)
        source = &sequence.emplace(dice_seed(dice.sealed_seed));
    else
        source = &streams.emplace(dice_key_of(dice.sealed_seed));
    const rules::PeriodInputs inputs{orders,
                                     rules::answers_from_json(answers),
                                     settle_missing,
                                     std::move(start_version),
                                     version_key_of(dice),
                                     dice.scheme < 2,
                                     std::move(lapsed),
                                     &rules::state_version};
    rules::PeriodOutcome period = rules::resolve_period(before, ruleset, inputs, *source);
    EngineOutcome outcome;
    outcome.complete = period.complete;
    outcome.pending = std::move(period.pending);
    outcome.state = period.complete ? std::move(period.state) : before;
    outcome.events = std::move(period.events);
    outcome.draws = sequence ? sequence->draws() : streams->draws();
    return outcome;
}

}  // namespace umpire::storage
