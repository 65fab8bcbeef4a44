// Schema version 6: a period's events in one value and its state-before kept once
// (docs/storage.md, "Event log"). Committing a 1,000-force period wrote 4,000 event rows and two
// near-identical 660 KB snapshots; it now writes one event log and one snapshot. Old event rows
// move into their period's event_log in C++ (SQL's group_concat does not promise an order).
#include <vector>

#include "storage/event_log.hpp"
#include "storage/schema.hpp"
#include "storage/sqlite_connection.hpp"

namespace umpire::storage {

const char* const kSchemaV6 = R"sql(
ALTER TABLE periods ADD COLUMN event_log TEXT NOT NULL DEFAULT '';
ALTER TABLE periods ADD COLUMN before_attempt INTEGER;
UPDATE periods SET before_attempt = (
    SELECT max(prev.attempt) FROM periods AS prev
    WHERE prev.campaign_id = periods.campaign_id
      AND prev.period_index = periods.period_index - 1
      AND prev.state_after = periods.state_before);
UPDATE periods SET state_before = '' WHERE before_attempt IS NOT NULL;
)sql";

void move_events_into_periods(Connection& connection) {
    struct Key {
        std::string campaign;
        std::int64_t index, attempt;
    };
    std::vector<Key> keys;
    auto periods = connection.prepare("SELECT campaign_id, period_index, attempt FROM periods");
    while (periods.step())
        keys.push_back({periods.text(0), periods.integer(1), periods.integer(2)});

    auto events = connection.prepare(
        "SELECT seq, type, audience, body FROM events "
        "WHERE campaign_id = ? AND period_index = ? AND attempt = ? ORDER BY seq");
    auto update = connection.prepare(
        "UPDATE periods SET event_log = ? "
        "WHERE campaign_id = ? AND period_index = ? AND attempt = ?");
    for (const auto& key : keys) {
        events.bind_all(key.campaign, key.index, key.attempt);
        std::vector<EventRecord> log;
        while (events.step())
            log.push_back({static_cast<int>(events.integer(0)), events.text(1),
                           events.optional_text(2), events.text(3)});
        events.reset();
        update.bind_all(encode_event_log(log), key.campaign, key.index, key.attempt);
        update.run();
        update.reset();
    }
    connection.exec("DROP INDEX events_by_type; DROP TABLE events;");
}

}  // namespace umpire::storage
