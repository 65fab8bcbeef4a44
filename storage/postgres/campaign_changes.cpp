#include "storage/postgres/campaign_changes.hpp"

#include "storage/store_rows.hpp"

namespace umpire::storage::pg {

CampaignChanges::CampaignChanges(const std::string& url) : connection_(url) { listen(); }

void CampaignChanges::listen() {
    connection_.exec(std::string("LISTEN ") + rows::kCampaignChangesChannel);
}

std::optional<CampaignChange> CampaignChanges::next(int timeout_ms) {
    if (auto n = connection_.next_notification(timeout_ms)) {
        if (n->channel != rows::kCampaignChangesChannel) return std::nullopt;
        return CampaignChange{n->payload, n->sender_pid};
    }
    if (connection_.lost() && connection_.reconnect_if_lost()) {
        // A new connection listens to nothing yet, and what was committed while there was none
        // went unheard.
        missed_ = true;
        try {
            listen();
        } catch (const StorageError&) {
            // Lost again: the next call connects again.
        }
    }
    return std::nullopt;
}

bool CampaignChanges::missed_changes() {
    const bool missed = missed_;
    missed_ = false;
    return missed;
}

}  // namespace umpire::storage::pg
