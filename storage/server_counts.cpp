#include "storage/server_counts.hpp"

namespace umpire::storage {

namespace {

std::int64_t count_of(Statement statement) {
    return statement.step() ? statement.integer(0) : 0;
}

}  // namespace

std::int64_t count_campaigns(Database& db, const std::string& status) {
    return count_of(
        std::move(db.prepare("SELECT COUNT(*) FROM campaigns WHERE status = ?").bind(1, status)));
}

std::int64_t count_open_deadlines(Database& db, const std::string& now) {
    return count_of(std::move(
        db.prepare("SELECT COUNT(*) FROM period_deadlines d JOIN open_periods o ON o.campaign_id "
                   "= d.campaign_id AND o.period_index = d.period_index JOIN campaigns c ON c.id "
                   "= d.campaign_id WHERE c.status = 'active' AND d.due_at > ?")
            .bind(1, now)));
}

std::int64_t count_webhook_backlog(Database& db, int max_attempts) {
    return count_of(std::move(
        db.prepare("SELECT COUNT(*) FROM notifications WHERE delivered_at IS NULL AND attempts < ?")
            .bind(1, max_attempts)));
}

}  // namespace umpire::storage
