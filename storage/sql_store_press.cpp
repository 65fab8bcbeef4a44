// Press in the store (SQLite or PostgreSQL) (schema v13): each message is one row, numbered in the
// order it was sent and within its channel (one sender, one set of recipients, one period).
#include <nlohmann/json.hpp>

#include "storage/store_rows.hpp"
#include "storage/sql_store.hpp"

namespace umpire::storage {

namespace {

std::string recipients_text(const std::vector<std::string>& recipients) {
    return nlohmann::json(recipients).dump();
}

std::vector<std::string> recipients_of(const std::string& text, const std::string& where) {
    const auto parsed = nlohmann::json::parse(text, nullptr, false);
    if (!parsed.is_array())
        throw StorageError(ErrorKind::corrupt, where + ": press recipients are not a list");
    std::vector<std::string> out;
    for (const auto& r : parsed) {
        if (!r.is_string())
            throw StorageError(ErrorKind::corrupt, where + ": a press recipient is not a name");
        out.push_back(r.get<std::string>());
    }
    return out;
}

// The one integer a query gives.
template <typename... Args>
long long integer_of(Database& db, const char* sql, const Args&... args) {
    auto s = db.prepare(sql);
    s.bind_all(args...);
    s.step();
    const long long n = s.integer(0);
    s.reset();  // no statement left on a row past the commit
    return n;
}

}  // namespace

namespace rows {

void insert_press(Database& db, const PressRecord& r) {
    db.prepare(
          "INSERT INTO press (campaign_id, no, period_index, sender, recipients, gm_reads, "
          "channel_no, body, sent_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
        .bind_all(r.campaign_id, r.no, r.period_index, r.sender, recipients_text(r.recipients),
                  r.gm_reads ? 1 : 0, r.channel_no, r.body, r.sent_at)
        .run();
}

std::vector<PressRecord> select_press(Database& db, const std::string& campaign) {
    auto s = db.prepare(
        "SELECT no, period_index, sender, recipients, gm_reads, channel_no, body, sent_at "
        "FROM press WHERE campaign_id = ? ORDER BY no");
    s.bind(1, campaign);
    std::vector<PressRecord> out;
    while (s.step())
        out.push_back({campaign, static_cast<int>(s.integer(0)), static_cast<int>(s.integer(1)),
                       s.text(2), recipients_of(s.text(3), db.path()), s.integer(4) != 0,
                       static_cast<int>(s.integer(5)), s.text(6), s.text(7)});
    return out;
}

}  // namespace rows

PressRecord SqlCampaignStore::add_press(const PressRecord& message, int per_sender_period) {
    Database& db = *db_;
    Transaction transaction(db);
    rows::require_campaign(db, message.campaign_id);
    const long long sent = integer_of(
        db, "SELECT count(*) FROM press WHERE campaign_id = ? AND period_index = ? AND sender = ?",
        message.campaign_id, message.period_index, message.sender);
    if (sent >= per_sender_period)
        throw StorageError(ErrorKind::conflict,
                           "\"" + message.sender + "\" has sent " + std::to_string(sent) +
                               " messages in period " + std::to_string(message.period_index) +
                               ", the most a period takes; write again next period");
    PressRecord stored = message;
    stored.no = static_cast<int>(
        integer_of(db, "SELECT coalesce(max(no), 0) + 1 FROM press WHERE campaign_id = ?",
                   message.campaign_id));
    stored.channel_no = static_cast<int>(
        integer_of(db,
                   "SELECT count(*) + 1 FROM press WHERE campaign_id = ? AND period_index = ? AND "
                   "sender = ? AND recipients = ? AND gm_reads = ?",
                   message.campaign_id, message.period_index, message.sender,
                   recipients_text(message.recipients), message.gm_reads ? 1 : 0));
    rows::insert_press(db, stored);
    transaction.commit();
    return stored;
}

std::vector<PressRecord> SqlCampaignStore::press(const std::string& campaign) {
    return rows::select_press(*db_, campaign);
}

}  // namespace umpire::storage
