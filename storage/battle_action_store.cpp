#include "storage/battle_action_store.hpp"

#include <nlohmann/json.hpp>

#include "storage/store_rows.hpp"

namespace umpire::storage {

namespace {

constexpr const char* kColumns =
    "campaign_id, period_index, seed_hash, battle_id, action_no, action, by_role, at";

BattleActionRecord read_action(Statement& s) {
    return {s.text(0), static_cast<int>(s.integer(1)), s.text(2), s.text(3),
            static_cast<int>(s.integer(4)), s.text(5), s.text(6), s.text(7)};
}

[[noreturn]] void invalid(const std::string& message) {
    throw StorageError(ErrorKind::invalid_input, message);
}

}  // namespace

void BattleActionStore::append(const BattleActionRecord& a) {
    if (a.by != "attacker" && a.by != "defender" && a.by != "gm")
        invalid("a battle action is sent by the attacker, the defender or the GM, not \"" + a.by +
                "\"");
    if (a.no < 1) invalid("battle actions are numbered from 1");
    if (nlohmann::json::parse(a.action, nullptr, false).is_discarded())
        invalid("a battle action is stored as JSON");
    Transaction transaction(*db_);
    auto open = db_->prepare(
        "SELECT count(*) FROM open_periods WHERE campaign_id = ? AND period_index = ? "
        "AND seed_hash = ?");
    open.bind_all(a.campaign_id, a.period_index, a.seed_hash);
    if (!open.step() || open.integer(0) == 0)
        throw StorageError(ErrorKind::conflict,
                           "period " + std::to_string(a.period_index) + " of \"" + a.campaign_id +
                               "\" is not open (any more): its battles take no actions");
    auto last = db_->prepare(
        "SELECT coalesce(max(action_no), 0) FROM battle_actions WHERE campaign_id = ? "
        "AND period_index = ? AND seed_hash = ? AND battle_id = ?");
    last.bind_all(a.campaign_id, a.period_index, a.seed_hash, a.battle_id);
    last.step();
    if (last.integer(0) + 1 != a.no)
        throw StorageError(ErrorKind::conflict,
                           "battle \"" + a.battle_id + "\" has " + std::to_string(last.integer(0)) +
                               " actions; action " + std::to_string(a.no) + " is not the next");
    rows::insert_battle_action(*db_, a);
    transaction.commit();
}

std::vector<BattleActionRecord> BattleActionStore::actions(const std::string& campaign,
                                                           int period_index,
                                                           const std::string& seed_hash,
                                                           const std::string& battle_id) {
    auto s = db_->prepare(std::string("SELECT ") + kColumns +
                          " FROM battle_actions WHERE campaign_id = ? AND period_index = ? "
                          "AND seed_hash = ? AND battle_id = ? ORDER BY action_no");
    s.bind_all(campaign, period_index, seed_hash, battle_id);
    std::vector<BattleActionRecord> out;
    while (s.step()) out.push_back(read_action(s));
    return out;
}

std::vector<BattleActionRecord> BattleActionStore::all(const std::string& campaign) {
    // rowid-less: order by the key; attempts of one index come in seed-hash order, which is
    // enough to keep each attempt's actions together.
    auto s = db_->prepare(std::string("SELECT ") + kColumns +
                          " FROM battle_actions WHERE campaign_id = ? "
                          "ORDER BY period_index, seed_hash, battle_id, action_no");
    s.bind(1, campaign);
    std::vector<BattleActionRecord> out;
    while (s.step()) out.push_back(read_action(s));
    return out;
}

}  // namespace umpire::storage
