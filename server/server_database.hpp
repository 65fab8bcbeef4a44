#pragma once
// The server's database as it starts (docs/operations.md, "One server per database"): the
// one-writer lock first, then a file made only when --create-db asks for it, then a file the
// server can write. Each refusal throws, with a message that says what to do.
#include "server/config.hpp"
#include "server/services.hpp"
#include <optional>

#include "storage/database_lock.hpp"

namespace umpire::server {

class ServerDatabase {
public:
    explicit ServerDatabase(const ServerConfig& config);
    Stores& stores() { return stores_; }

private:
    // A SQLite file's lock, taken first and let go last; none on PostgreSQL, which several
    // servers share.
    std::optional<storage::DatabaseLock> lock_;
    Stores stores_;
};

}  // namespace umpire::server
