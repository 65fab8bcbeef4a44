#pragma once
// The campaign store a `--db` names: a PostgreSQL URL (postgresql://… or postgres://…) opens
// PgCampaignStore, anything else is a SQLite file (SqliteCampaignStore, with `options`).
#include <memory>
#include <string>

#include "storage/sql_store.hpp"
#include "storage/sqlite_connection.hpp"

namespace umpire::storage {

std::unique_ptr<SqlCampaignStore> open_campaign_store(const std::string& where,
                                                      const ConnectionOptions& options = {});

}  // namespace umpire::storage
