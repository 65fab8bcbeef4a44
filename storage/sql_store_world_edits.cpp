// The GM's edits of forces and the world in the store (SQLite or PostgreSQL) (schema v12): each is
// a GM action and a world_edits row with the state it made, written in one transaction.
#include "storage/store_rows.hpp"
#include "storage/sql_store.hpp"

namespace umpire::storage {

namespace rows {

void insert_world_edit(Database& db, const WorldEditRecord& r) {
    db.prepare(
          "INSERT INTO world_edits (campaign_id, action_no, period_index, edits, state_after, "
          "rolled_back_by) VALUES (?, ?, ?, ?, ?, ?)")
        .bind_all(r.campaign_id, r.action_no, r.period_index, r.edits, r.state_after,
                  r.rolled_back_by)
        .run();
}

std::vector<WorldEditRecord> select_world_edits(Database& db, const std::string& campaign) {
    auto s = db.prepare(
        "SELECT action_no, period_index, edits, state_after, rolled_back_by FROM world_edits "
        "WHERE campaign_id = ? ORDER BY action_no");
    s.bind(1, campaign);
    std::vector<WorldEditRecord> out;
    while (s.step())
        out.push_back({campaign, static_cast<int>(s.integer(0)), static_cast<int>(s.integer(1)),
                       s.text(2), s.text(3), s.optional_int(4)});
    return out;
}

std::optional<std::string> latest_edited_state(Database& db, const std::string& campaign,
                                               int open_index) {
    auto s = db.prepare(
        "SELECT state_after FROM world_edits WHERE campaign_id = ? AND period_index = ? AND "
        "rolled_back_by IS NULL ORDER BY action_no DESC LIMIT 1");
    s.bind_all(campaign, open_index);
    if (!s.step()) return std::nullopt;
    auto text = s.text(0);
    s.reset();  // no statement left on a row past the commit (it would hold off checkpoints)
    return text;
}

}  // namespace rows

int SqlCampaignStore::add_world_edit(const GmActionRecord& action, const WorldEditRecord& edit) {
    Database& db = *db_;
    Transaction transaction(db);
    rows::require_campaign(db, action.campaign_id);
    rows::move_version(db, action.campaign_id);  // the state changes
    const auto open = rows::select_open_period(db, action.campaign_id);
    if (!open || open->index != edit.period_index)
        throw StorageError(ErrorKind::conflict, "period " + std::to_string(edit.period_index) +
                                                    " of \"" + action.campaign_id +
                                                    "\" is no longer open; edit again");
    // A resolution that asked for decisions replays from the period's start: the start cannot
    // change under it.
    auto asked = db.prepare(
        "SELECT count(*) FROM decisions WHERE campaign_id = ? AND period_index = ? AND "
        "rolled_back_by IS NULL");
    asked.bind_all(action.campaign_id, edit.period_index);
    asked.step();
    const bool resolving = asked.integer(0) > 0;
    asked.reset();
    if (resolving)
        throw StorageError(ErrorKind::conflict,
                           "period " + std::to_string(edit.period_index) +
                               " is being resolved (decisions were asked): edit when it has "
                               "resolved, or roll back to it first");
    WorldEditRecord stored = edit;
    stored.campaign_id = action.campaign_id;
    stored.action_no = rows::append_gm_action(db, action);
    stored.rolled_back_by.reset();
    rows::insert_world_edit(db, stored);
    transaction.commit();
    return stored.action_no;
}

std::vector<WorldEditRecord> SqlCampaignStore::world_edits(const std::string& campaign) {
    return rows::select_world_edits(*db_, campaign);
}

}  // namespace umpire::storage
