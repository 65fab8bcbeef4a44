#pragma once
// What other servers on the same PostgreSQL database changed (issue 33): every committed write to
// a campaign announces the campaign's id (store_rows.hpp, kCampaignChangesChannel); a server
// listens here and reloads the campaigns others changed, so that its clients see their writes.
#include <optional>
#include <string>

#include "storage/postgres/pg_connection.hpp"

namespace umpire::storage::pg {

struct CampaignChange {
    std::string campaign;
    int by_backend = 0;  // the backend of the connection that committed it
};

class CampaignChanges {
public:
    // Connects to `url` (its own connection) and listens.
    explicit CampaignChanges(const std::string& url);

    // The next change, waiting up to `timeout_ms`; nullopt when none came. A lost connection is
    // made again and listened on anew; what was committed meanwhile was not heard, which
    // missed_changes() then says.
    std::optional<CampaignChange> next(int timeout_ms);
    // True (once) when changes may have gone unheard: reload every campaign.
    bool missed_changes();
    // Its connection's backend process id.
    int backend_pid() const { return connection_.backend_pid(); }

private:
    void listen();
    Connection connection_;
    bool missed_ = false;
};

}  // namespace umpire::storage::pg
