#include "storage/postgres/open_store.hpp"

#include "storage/postgres/pg_store.hpp"
#include "storage/sqlite_store.hpp"

namespace umpire::storage {

std::unique_ptr<SqlCampaignStore> open_campaign_store(const std::string& where,
                                                      const ConnectionOptions& options) {
    if (pg::is_postgres_url(where)) return std::make_unique<PgCampaignStore>(where);
    return std::make_unique<SqliteCampaignStore>(where, options);
}

}  // namespace umpire::storage
