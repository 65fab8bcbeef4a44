#pragma once
// How engine values become stored text and back: state snapshots (the scenario format), the
// order set of a period, events, and the pinned ruleset. Text is compact JSON with sorted keys,
// so equal values are equal bytes. Stored text that no longer reads is ErrorKind::corrupt.
#include <string>
#include <vector>

#include "storage/records.hpp"
#include "umpire/rules/events.hpp"
#include "umpire/rules/orders.hpp"
#include "umpire/rules/ruleset.hpp"
#include "umpire/rules/world.hpp"

namespace umpire::storage {

std::string snapshot_text(const rules::CampaignState& state);
rules::CampaignState parse_snapshot(const std::string& text, const std::string& what);

// {"day", "period", "orders": [...]}: one entry of an umpire-orders/1 document.
std::string period_orders_text(const rules::PeriodOrders& orders);
rules::PeriodOrders parse_period_orders(const std::string& text, const std::string& what);

std::vector<EventRecord> event_records(const rules::EventList& events);
// One event read from elsewhere (an archive); one without an audience is for everyone.
EventRecord event_record(const rules::Json& event, int seq);

// The campaign's pinned ruleset, checked against its hash.
rules::Ruleset parse_ruleset(const CampaignRecord& campaign);

}  // namespace umpire::storage
