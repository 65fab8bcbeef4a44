// Opening the SQLite store, and campaigns, accounts, memberships and GM actions.
#include "storage/sqlite_store.hpp"

#include "storage/migrations.hpp"
#include "storage/sqlite_rows.hpp"

namespace umpire::storage {

SqliteCampaignStore::SqliteCampaignStore(const std::string& path,
                                         const ConnectionOptions& options)
    : connection_(std::make_unique<Connection>(path, options)) {
    Connection& db = *connection_;
    // Identify the file before changing anything in it: a foreign database stays untouched.
    check_database(db);
    if (const auto mode = db.query_text("PRAGMA journal_mode = WAL"); mode != "wal")
        throw StorageError(ErrorKind::internal,
                           path + ": cannot switch to WAL mode (journal mode is " + mode + ")");
    // FULL: a commit is synced before it returns, so a receipt or a period is never lost even
    // on power failure (NORMAL in WAL mode only protects against a process crash).
    db.exec("PRAGMA synchronous = FULL");
    db.exec("PRAGMA foreign_keys = ON");
    upgrade_ = upgrade(db, options);
}

void SqliteCampaignStore::create_campaign(const CampaignRecord& campaign,
                                          const OpenPeriodRecord& first) {
    Connection& db = *connection_;
    Transaction transaction(db);
    if (rows::select_campaign(db, campaign.id))
        throw StorageError(ErrorKind::conflict,
                           db.path() + ": a campaign \"" + campaign.id + "\" already exists");
    rows::insert_campaign(db, campaign);
    rows::insert_open_period(db, first);
    transaction.commit();
}

std::optional<CampaignRecord> SqliteCampaignStore::find_campaign(const std::string& id) {
    return rows::select_campaign(*connection_, id);
}

std::vector<std::string> SqliteCampaignStore::campaign_ids() {
    auto s = connection_->prepare("SELECT id FROM campaigns ORDER BY id");
    std::vector<std::string> out;
    while (s.step()) out.push_back(s.text(0));
    return out;
}

std::vector<GmActionRecord> SqliteCampaignStore::gm_actions(const std::string& campaign) {
    return rows::select_gm_actions(*connection_, campaign);
}

std::int64_t SqliteCampaignStore::create_account(const std::string& name,
                                                 const std::optional<std::string>& password_hash,
                                                 const std::string& at) {
    Transaction transaction(*connection_);
    const auto id = rows::insert_account(*connection_, name, password_hash, at);
    transaction.commit();
    return id;
}

std::optional<AccountRecord> SqliteCampaignStore::find_account(const std::string& name) {
    auto s = connection_->prepare("SELECT id, name, created_at FROM accounts WHERE name = ?");
    s.bind(1, name);
    if (!s.step()) return std::nullopt;
    return AccountRecord{s.integer(0), s.text(1), s.text(2)};
}

bool SqliteCampaignStore::has_accounts() {
    return connection_->prepare("SELECT 1 FROM accounts LIMIT 1").step();
}

void SqliteCampaignStore::add_membership(const MembershipRecord& m) {
    Connection& db = *connection_;
    Transaction transaction(db);
    rows::require_campaign(db, m.campaign_id);
    auto account = db.prepare("SELECT 1 FROM accounts WHERE id = ?");
    account.bind(1, m.account_id);
    if (!account.step())
        throw StorageError(ErrorKind::not_found,
                           db.path() + ": no account " + std::to_string(m.account_id));
    if (m.role != "gm" && m.role != "player" && m.role != "observer")
        throw StorageError(ErrorKind::invalid_input,
                           "role must be gm, player or observer, not \"" + m.role + "\"");
    if ((m.role == "player") != m.player.has_value())
        throw StorageError(ErrorKind::invalid_input,
                           "a player membership names the player, and only it does");
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

std::vector<MembershipRecord> SqliteCampaignStore::memberships(const std::string& campaign) {
    auto s = connection_->prepare(
        "SELECT account_id, role, player_id FROM memberships WHERE campaign_id = ? "
        "ORDER BY account_id");
    s.bind(1, campaign);
    std::vector<MembershipRecord> out;
    while (s.step()) out.push_back({s.integer(0), campaign, s.text(1), s.optional_text(2)});
    return out;
}

}  // namespace umpire::storage
