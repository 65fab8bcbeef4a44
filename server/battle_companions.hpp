#pragma once
// The battles of a campaign's open period and their companions (RULEBOOK ). A battle
// exists while the open period holds its battle_report requests, whose context carries the
// battle record. A companion is never kept in memory: it is rebuilt by replaying the battle's
// stored actions (storage/battle_action_store.hpp) with the battle's own dice, derived from the
// period's sealed seed (storage::companion_dice_seed) — on every message, and after a restart
// alike.
#include <optional>
#include <string>
#include <vector>

#include "storage/battle_action_store.hpp"
#include "storage/campaign_service.hpp"
#include "umpire/rules/battle_companion.hpp"
#include "umpire/rules/battle_record.hpp"

namespace umpire::server {

// The record of battle `battle_id` of the campaign's open period, if it has one.
std::optional<rules::BattleRecord> find_open_battle(storage::CampaignStore& store,
                                                    const storage::Campaign& campaign,
                                                    const std::string& battle_id);

struct LoadedCompanion {
    rules::BattleRecord record;
    std::vector<storage::BattleActionRecord> actions;  // accepted, in order
    rules::CompanionState state;                       // after the last of them
    rules::SeededDice dice{0};  // where the replay left off: the next start_bound rolls on
};

// Replays the battle's companion. Throws ProtocolError(refused_by_rules) when the record cannot
// start a companion (the refusal names the rule), and std::runtime_error when stored actions
// no longer replay (a broken invariant: every stored action was accepted).
LoadedCompanion load_companion(storage::BattleActionStore& actions,
                               const storage::Campaign& campaign, rules::BattleRecord record);

// {"no", "by", "action"} of a stored action, for clients.
rules::Json action_json(const storage::BattleActionRecord& action);

}  // namespace umpire::server
