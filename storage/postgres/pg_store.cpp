#include "storage/postgres/pg_store.hpp"

#include <memory>

#include "storage/postgres/pg_schema.hpp"

namespace umpire::storage {

PgCampaignStore::PgCampaignStore(const std::string& url, int connect_timeout_s)
    : SqlCampaignStore(std::make_unique<pg::PgDatabase>(url, connect_timeout_s)) {
    pg::create_schema(pg_database().connection());
}

bool PgCampaignStore::claim_sole_server() {
    // "UMPRSRVR": one key for every Umpire server of the database.
    return database().query_int("SELECT pg_try_advisory_lock(6146657380946040402)") == 1;
}

}  // namespace umpire::storage
