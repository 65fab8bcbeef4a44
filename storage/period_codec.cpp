#include "storage/period_codec.hpp"

#include "documents/orders_json.hpp"
#include "documents/ruleset_load.hpp"
#include "documents/scenario_io.hpp"
#include "storage/error.hpp"

namespace umpire::storage {

namespace {

[[noreturn]] void corrupt(const std::string& what, const rules::Problems& problems) {
    throw StorageError(ErrorKind::corrupt,
                       what + " does not read back: " + problems.to_text());
}

rules::Json parse(const std::string& text, const std::string& what) {
    rules::Problems problems;
    auto json = rules::parse_json_text(text, problems);
    if (!json) corrupt(what, problems);
    return *json;
}

}  // namespace

std::string snapshot_text(const rules::CampaignState& state) {
    return rules::write_scenario(state).dump();
}

rules::CampaignState parse_snapshot(const std::string& text, const std::string& what) {
    rules::Problems problems;
    auto state = rules::read_scenario(parse(text, what), problems);
    if (!state) corrupt(what, problems);
    return std::move(*state);
}

std::string period_orders_text(const rules::PeriodOrders& orders) {
    rules::Json list = rules::Json::array();
    for (const auto& order : orders.orders) list.push_back(rules::write_order(order));
    return rules::Json{{"day", orders.day},
                       {"period", rules::to_string(orders.period)},
                       {"orders", list}}
        .dump();
}

rules::PeriodOrders parse_period_orders(const std::string& text, const std::string& what) {
    rules::Problems problems;
    const rules::Json document{{"periods", rules::Json::array({parse(text, what)})}};
    auto periods = rules::read_orders(document, problems);
    if (!periods || periods->size() != 1) corrupt(what, problems);
    return std::move(periods->front());
}

std::vector<EventRecord> event_records(const rules::EventList& events) {
    std::vector<EventRecord> out;
    out.reserve(events.size());
    // The audience is kept in its own column too, so the projection can filter by it without
    // parsing bodies.
    for (std::size_t i = 0; i < events.size(); ++i)
        out.push_back({static_cast<int>(i), std::string(events[i].type()),
                       std::string(events[i].audience()), std::string(events[i].text())});
    return out;
}

EventRecord event_record(const rules::Json& event, int seq) {
    std::optional<std::string> audience;
    if (auto it = event.find("audience"); it != event.end()) audience = it->dump();
    return {seq, event.value("type", std::string()), audience, event.dump()};
}

rules::Ruleset parse_ruleset(const CampaignRecord& campaign) {
    const std::string what = "the ruleset pinned by campaign \"" + campaign.id + "\"";
    rules::Problems problems;
    auto ruleset = rules::load_ruleset(parse(campaign.ruleset, what), problems);
    if (!ruleset) corrupt(what, problems);
    if (ruleset->hash != campaign.ruleset_hash || ruleset->name != campaign.ruleset_name ||
        ruleset->version != campaign.ruleset_version)
        throw StorageError(ErrorKind::corrupt,
                           what + " is not the one it pinned: stored " + ruleset->identity() +
                               ", pinned " + campaign.ruleset_name + " " +
                               campaign.ruleset_version + " (sha256 " + campaign.ruleset_hash +
                               ")");
    return std::move(*ruleset);
}

}  // namespace umpire::storage
