#pragma once
// Internal to the SQLite store: reading and writing one row of each table, shared by the
// per-topic files and by archive import.
#include <optional>
#include <string>
#include <vector>

#include "storage/records.hpp"
#include "storage/sqlite_connection.hpp"

namespace umpire::storage::rows {

void insert_campaign(Connection& db, const CampaignRecord& r);
std::optional<CampaignRecord> select_campaign(Connection& db, const std::string& id);

void insert_open_period(Connection& db, const OpenPeriodRecord& r);
std::optional<OpenPeriodRecord> select_open_period(Connection& db, const std::string& campaign);

// The period row and its events.
void insert_period(Connection& db, const PeriodRecord& r);
std::vector<PeriodKey> select_period_keys(Connection& db, const std::string& campaign);
std::optional<PeriodRecord> select_period(Connection& db, const std::string& campaign,
                                          PeriodKey key);

void insert_order(Connection& db, const OrderRecord& r);
std::vector<OrderRecord> select_orders(Connection& db, const std::string& campaign,
                                       std::optional<int> period_index);
void insert_receipt(Connection& db, const ReceiptRecord& r);
std::vector<ReceiptRecord> select_receipts(Connection& db, const std::string& campaign);

void insert_decision(Connection& db, const DecisionRecord& r);
std::vector<DecisionRecord> select_decisions(Connection& db, const std::string& campaign);

void insert_gm_action(Connection& db, const GmActionRecord& r);
// Inserts `r` as the campaign's next GM action (numbered from 1) and returns its number.
int append_gm_action(Connection& db, GmActionRecord r);
// One battle companion action row, unchecked (BattleActionStore::append checks; import too).
void insert_battle_action(Connection& db, const BattleActionRecord& r);
std::vector<GmActionRecord> select_gm_actions(Connection& db, const std::string& campaign);

// The GM's edits of the world (sqlite_store_world_edits.cpp), and the state the last live one
// made while period `open_index` was open, if any.
void insert_world_edit(Connection& db, const WorldEditRecord& r);
// Press (sqlite_store_press.cpp).
void insert_press(Connection& db, const PressRecord& r);
std::vector<PressRecord> select_press(Connection& db, const std::string& campaign);
std::vector<WorldEditRecord> select_world_edits(Connection& db, const std::string& campaign);
std::optional<std::string> latest_edited_state(Connection& db, const std::string& campaign,
                                               int open_index);

// The campaign must exist: not_found otherwise.
void require_campaign(Connection& db, const std::string& campaign);

// A new account (inside the caller's transaction); conflict if the name is taken. Its row id.
std::int64_t insert_account(Connection& db, const std::string& name,
                            const std::optional<std::string>& password_hash,
                            const std::string& at);

}  // namespace umpire::storage::rows
