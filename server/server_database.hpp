#pragma once
// The server's database as it starts (docs/operations.md, "One server per database"): the
// one-writer lock first, then a file made only when --create-db asks for it, then a file the
// server can write. Each refusal throws, with a message that says what to do.
#include "server/config.hpp"
#include "server/services.hpp"
#include "storage/database_lock.hpp"

namespace umpire::server {

class ServerDatabase {
public:
    explicit ServerDatabase(const ServerConfig& config);
    Stores& stores() { return stores_; }

private:
    storage::DatabaseLock lock_;  // taken first, let go last
    Stores stores_;
};

}  // namespace umpire::server
