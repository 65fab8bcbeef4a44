// A whole campaign in and out of the store (SQLite or PostgreSQL), each in one transaction.
#include "storage/battle_action_store.hpp"
#include "storage/store_rows.hpp"
#include "storage/sql_store.hpp"

namespace umpire::storage {

CampaignArchive SqlCampaignStore::read_archive(const std::string& campaign) {
    Database& db = *db_;
    Transaction read(db, Transaction::Mode::deferred);
    CampaignArchive archive;
    auto record = rows::select_campaign(db, campaign);
    if (!record)
        throw StorageError(ErrorKind::not_found,
                           db.path() + ": no campaign \"" + campaign + "\"");
    archive.campaign = std::move(*record);
    for (const auto& key : rows::select_period_keys(db, campaign))
        archive.periods.push_back(*rows::select_period(db, campaign, key));
    archive.open_period = rows::select_open_period(db, campaign);
    archive.orders = rows::select_orders(db, campaign, std::nullopt);
    archive.receipts = rows::select_receipts(db, campaign);
    archive.decisions = rows::select_decisions(db, campaign);
    archive.gm_actions = rows::select_gm_actions(db, campaign);
    archive.world_edits = rows::select_world_edits(db, campaign);
    archive.battle_actions = BattleActionStore(db).all(campaign);
    archive.press = rows::select_press(db, campaign);
    auto members = db.prepare(
        "SELECT a.name, m.role, m.player_id FROM memberships m JOIN accounts a "
        "ON a.id = m.account_id WHERE m.campaign_id = ? ORDER BY a.name");
    members.bind(1, campaign);
    while (members.step())
        archive.members.push_back({members.text(0), members.text(1), members.optional_text(2)});
    read.commit();
    return archive;
}

void SqlCampaignStore::write_archive(const CampaignArchive& archive) {
    Database& db = *db_;
    Transaction transaction(db);
    const std::string& id = archive.campaign.id;
    if (rows::select_campaign(db, id))
        throw StorageError(ErrorKind::conflict,
                           db.path() + ": a campaign \"" + id + "\" already exists");
    rows::insert_campaign(db, archive.campaign);
    rows::announce_change(db, id);
    for (const auto& action : archive.gm_actions) rows::insert_gm_action(db, action);
    for (const auto& edit : archive.world_edits) rows::insert_world_edit(db, edit);
    for (const auto& period : archive.periods) rows::insert_period(db, period);
    if (archive.open_period) rows::insert_open_period(db, *archive.open_period);
    for (const auto& order : archive.orders) rows::insert_order(db, order);
    for (const auto& receipt : archive.receipts) rows::insert_receipt(db, receipt);
    for (const auto& decision : archive.decisions) rows::insert_decision(db, decision);
    for (const auto& action : archive.battle_actions) rows::insert_battle_action(db, action);
    for (const auto& message : archive.press) rows::insert_press(db, message);
    for (const auto& m : archive.members) {
        auto account = db.prepare("SELECT id FROM accounts WHERE name = ?");
        account.bind(1, m.account);
        if (!account.step())
            throw StorageError(ErrorKind::invalid_input,
                               db.path() + ": no account \"" + m.account + "\" to seat");
        db.prepare(
              "INSERT INTO memberships (account_id, campaign_id, role, player_id) "
              "VALUES (?, ?, ?, ?)")
            .bind_all(account.integer(0), id, m.role, m.player)
            .run();
    }
    transaction.commit();
}

}  // namespace umpire::storage
