// The store on a Database: campaigns, accounts, memberships and GM actions.
#include "storage/sql_store.hpp"

#include "storage/store_rows.hpp"

namespace umpire::storage {

void SqlCampaignStore::create_campaign(const CampaignRecord& campaign,
                                          const OpenPeriodRecord& first) {
    Database& db = *db_;
    Transaction transaction(db);
    if (rows::select_campaign(db, campaign.id))
        throw StorageError(ErrorKind::conflict,
                           db.path() + ": a campaign \"" + campaign.id + "\" already exists");
    rows::insert_campaign(db, campaign);
    rows::insert_open_period(db, first);
    rows::announce_change(db, campaign.id);
    transaction.commit();
}

std::optional<CampaignRecord> SqlCampaignStore::find_campaign(const std::string& id) {
    return rows::select_campaign(*db_, id);
}

std::vector<std::string> SqlCampaignStore::campaign_ids() {
    auto s = db_->prepare("SELECT id FROM campaigns ORDER BY id");
    std::vector<std::string> out;
    while (s.step()) out.push_back(s.text(0));
    return out;
}

std::vector<GmActionRecord> SqlCampaignStore::gm_actions(const std::string& campaign) {
    return rows::select_gm_actions(*db_, campaign);
}

std::int64_t SqlCampaignStore::create_account(const std::string& name,
                                                 const std::optional<std::string>& password_hash,
                                                 const std::string& at) {
    Transaction transaction(*db_);
    const auto id = rows::insert_account(*db_, name, password_hash, at);
    transaction.commit();
    return id;
}

std::optional<AccountRecord> SqlCampaignStore::find_account(const std::string& name) {
    auto s = db_->prepare("SELECT id, name, created_at FROM accounts WHERE name = ?");
    s.bind(1, name);
    if (!s.step()) return std::nullopt;
    return AccountRecord{s.integer(0), s.text(1), s.text(2)};
}

bool SqlCampaignStore::has_accounts() {
    return db_->prepare("SELECT 1 FROM accounts LIMIT 1").step();
}

void SqlCampaignStore::add_membership(const MembershipRecord& m) {
    Database& db = *db_;
    Transaction transaction(db);
    rows::require_campaign(db, m.campaign_id);
    auto account = db.prepare("SELECT 1 FROM accounts WHERE id = ?");
    account.bind(1, m.account_id);
    if (!account.step())
        throw StorageError(ErrorKind::not_found,
                           db.path() + ": no account " + std::to_string(m.account_id));
    rows::check_membership(m);
    auto taken = db.prepare(
        "SELECT account_id FROM memberships WHERE campaign_id = ? AND player_id = ?");
    taken.bind(1, m.campaign_id).bind(2, m.player);
    if (m.player && taken.step())
        throw StorageError(ErrorKind::conflict, "player \"" + *m.player + "\" of \"" +
                                                    m.campaign_id + "\" is already taken");
    db.prepare(
          "INSERT INTO memberships (account_id, campaign_id, role, player_id) "
          "VALUES (?, ?, ?, ?)")
        .bind_all(m.account_id, m.campaign_id, m.role, m.player)
        .run();
    transaction.commit();
}

std::vector<MembershipRecord> SqlCampaignStore::memberships(const std::string& campaign) {
    auto s = db_->prepare(
        "SELECT account_id, role, player_id FROM memberships WHERE campaign_id = ? "
        "ORDER BY account_id");
    s.bind(1, campaign);
    std::vector<MembershipRecord> out;
    while (s.step()) out.push_back({s.integer(0), campaign, s.text(1), s.optional_text(2)});
    return out;
}

}  // namespace umpire::storage
