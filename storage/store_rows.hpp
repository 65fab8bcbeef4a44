#pragma once
// Internal to the stores (SQLite and PostgreSQL alike): reading and writing one row of each table,
// shared by the per-topic files and by archive import.
#include <optional>
#include <string>
#include <vector>

#include "storage/records.hpp"
#include "storage/database.hpp"

namespace umpire::storage::rows {

void insert_campaign(Database& db, const CampaignRecord& r);
std::optional<CampaignRecord> select_campaign(Database& db, const std::string& id);

void insert_open_period(Database& db, const OpenPeriodRecord& r);
std::optional<OpenPeriodRecord> select_open_period(Database& db, const std::string& campaign);

// The period row and its events.
void insert_period(Database& db, const PeriodRecord& r);
std::vector<PeriodKey> select_period_keys(Database& db, const std::string& campaign);
std::optional<PeriodRecord> select_period(Database& db, const std::string& campaign,
                                          PeriodKey key);

void insert_order(Database& db, const OrderRecord& r);
std::vector<OrderRecord> select_orders(Database& db, const std::string& campaign,
                                       std::optional<int> period_index);
void insert_receipt(Database& db, const ReceiptRecord& r);
std::vector<ReceiptRecord> select_receipts(Database& db, const std::string& campaign);

void insert_decision(Database& db, const DecisionRecord& r);
std::vector<DecisionRecord> select_decisions(Database& db, const std::string& campaign);

void insert_gm_action(Database& db, const GmActionRecord& r);
// Inserts `r` as the campaign's next GM action (numbered from 1) and returns its number.
int append_gm_action(Database& db, GmActionRecord r);
// One battle companion action row, unchecked (BattleActionStore::append checks; import too).
void insert_battle_action(Database& db, const BattleActionRecord& r);
std::vector<GmActionRecord> select_gm_actions(Database& db, const std::string& campaign);

// The GM's edits of the world (sql_store_world_edits.cpp), and the state the last live one
// made while period `open_index` was open, if any.
void insert_world_edit(Database& db, const WorldEditRecord& r);
// Press (sql_store_press.cpp).
void insert_press(Database& db, const PressRecord& r);
std::vector<PressRecord> select_press(Database& db, const std::string& campaign);
std::vector<WorldEditRecord> select_world_edits(Database& db, const std::string& campaign);
std::optional<std::string> latest_edited_state(Database& db, const std::string& campaign,
                                               int open_index);

// On PostgreSQL every write transaction of a campaign announces, when it commits, the campaign's
// id on this channel (require_campaign sends it; a rolled-back one sends nothing): what other
// servers listen to (postgres/campaign_changes.hpp).
inline constexpr const char* kCampaignChangesChannel = "umpire_campaign_changed";

// A membership's role is gm, player or observer, and names a player exactly when it is player:
// invalid_input otherwise.
void check_membership(const MembershipRecord& m);

// Announces the campaign's change on kCampaignChangesChannel when the transaction commits
// (PostgreSQL; nothing on SQLite). require_campaign does it for every write to a campaign.
void announce_change(Database& db, const std::string& campaign);

// Moves the campaign's version on (campaigns.version, schema v14): every write that changes what
// a server holds of a campaign in memory (its record, its state, its open period) does, so that
// other servers know to reload it (server/room_catch_up.cpp); orders, answers, press and the
// rest are read from the database when needed and do not.
void move_version(Database& db, const std::string& campaign);

// The campaign must exist: not_found otherwise; its row is locked until the transaction ends
// (PostgreSQL: one command of a campaign at a time, whichever server gives it).
void require_campaign(Database& db, const std::string& campaign);

// A new account (inside the caller's transaction); conflict if the name is taken. Its row id.
std::int64_t insert_account(Database& db, const std::string& name,
                            const std::optional<std::string>& password_hash,
                            const std::string& at);

}  // namespace umpire::storage::rows
