#include "server/battle_companions.hpp"

#include <stdexcept>

#include "documents/battle_companion_json.hpp"
#include "server/errors.hpp"
#include "storage/decision_codec.hpp"
#include "umpire/rules/battle_record_json.hpp"
#include "umpire/rules/companion_start.hpp"

namespace umpire::server {

std::optional<rules::BattleRecord> find_open_battle(storage::CampaignStore& store,
                                                    const storage::Campaign& campaign,
                                                    const std::string& battle_id) {
    // Answered requests count too: a side that sent its report may still follow the table.
    for (const auto& d : storage::decisions_of(store.decisions(campaign.id()),
                                               campaign.period_index())) {
        if (d.kind != rules::to_string(rules::DecisionKind::battle_report)) continue;
        const auto request = rules::Json::parse(d.request, nullptr, false);
        const rules::Json battle = request.is_object()
                                       ? request.value("context", rules::Json::object())
                                             .value("battle", rules::Json::object())
                                       : rules::Json::object();
        if (!battle.is_object() || battle.value("id", "") != battle_id) continue;
        std::string error;
        if (auto record = rules::battle_record_from_json(battle, error)) return record;
        throw std::runtime_error("decision " + d.decision_id + ": " + error);
    }
    return std::nullopt;
}

LoadedCompanion load_companion(storage::BattleActionStore& store,
                               const storage::Campaign& campaign, rules::BattleRecord record) {
    LoadedCompanion c;
    c.record = std::move(record);
    c.actions = store.actions(campaign.id(), campaign.period_index(), campaign.seed_hash(),
                              c.record.id);
    c.dice = rules::SeededDice(campaign.companion_dice_seed(c.record.id));
    std::vector<rules::CompanionAction> actions;
    for (const auto& a : c.actions) {
        rules::Problems problems;
        auto action = rules::read_companion_action(rules::Json::parse(a.action, nullptr, false),
                                                   "$", problems);
        if (!action)
            throw std::runtime_error("battle " + c.record.id + ", stored action " +
                                     std::to_string(a.no) + ": " + problems.to_text());
        actions.push_back(*action);
    }
    auto replay = rules::replay_companion(rules::companion_rules(campaign.ruleset(), c.record),
                                          rules::companion_start(c.record), actions, c.dice);
    if (!replay.opening.state)
        refuse(protocol::ErrorCode::refused_by_rules,
               "battle \"" + c.record.id + "\" has no companion: " + replay.opening.refusal);
    if (replay.refused_at)
        throw std::runtime_error("battle " + c.record.id + ": stored action " +
                                 std::to_string(*replay.refused_at + 1) +
                                 " no longer replays: " + replay.opening.refusal);
    c.state = std::move(*replay.opening.state);
    return c;
}

rules::Json action_json(const storage::BattleActionRecord& a) {
    return {{"no", a.no}, {"by", a.by}, {"action", rules::Json::parse(a.action, nullptr, false)}};
}

}  // namespace umpire::server
