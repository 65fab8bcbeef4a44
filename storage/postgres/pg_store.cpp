#include "storage/postgres/pg_store.hpp"

#include <memory>

#include "storage/postgres/pg_schema.hpp"

namespace umpire::storage {

PgCampaignStore::PgCampaignStore(const std::string& url, int connect_timeout_s)
    : SqlCampaignStore(std::make_unique<pg::PgDatabase>(url, connect_timeout_s)) {
    pg::create_schema(pg_database().connection());
}

}  // namespace umpire::storage
