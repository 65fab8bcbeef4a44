// Decisions with deadlines of their own (asynchronous play, issue 30). With the campaign setting
// `decision_hours` each request must be answered within that many hours of being asked, and
// never later than the period's deadline. When its time runs out the request lapses (committed
// as such): the period resolves on, standing instructions or the default answering it, and
// stops at its next window, whose requests get deadlines of their own. A contact needing three
// rounds of answers can so be played by e-mail inside one period. Without the setting, requests
// wait for the period's deadline.
#include <spdlog/spdlog.h>

#include "server/campaign_settings.hpp"
#include "server/room.hpp"

namespace umpire::server {

using namespace std::chrono;

std::optional<TimePoint> Room::own_decision_due(const storage::DecisionRecord& d) const {
    const auto h = decision_hours(Json::parse(campaign_.record().settings, nullptr, false));
    const auto asked = parse_iso_utc(d.requested_at);
    if (!h || !asked) return std::nullopt;
    return *asked + hours(*h);
}

std::optional<TimePoint> Room::decision_due(const storage::DecisionRecord& d) const {
    auto due = own_decision_due(d);
    if (const auto period = current_deadline(); period && period->due_at)
        if (const auto at = parse_iso_utc(*period->due_at); at && (!due || *at < *due)) due = at;
    return due;
}

protocol::DecisionFacts Room::decision_facts(const storage::DecisionRecord& d) const {
    Json request = Json::parse(d.request);
    if (const auto due = decision_due(d)) request["deadline"] = iso_utc(*due);
    return {d.player, std::move(request)};
}

void Room::schedule_decision_timer() {
    auto* s = services_->scheduler;
    const std::string key = "decisions:" + id();
    s->cancel(key);
    if (campaign_.record().status != "active") return;  // a pause holds the requests too
    std::optional<TimePoint> first;
    for (const auto& d : campaign_.pending_decisions())
        if (const auto due = own_decision_due(d); due && (!first || *due < *first)) first = due;
    if (first) s->at(key, *first, [this] { on_decision_deadline(); });
}

void Room::on_decision_deadline() {
    if (deleted_) return;
    if (campaign_.record().status != "active") return;
    const auto now = services_->scheduler->now();
    std::vector<storage::DecisionRecord> due;
    for (auto& d : campaign_.pending_decisions())
        if (const auto at = own_decision_due(d); at && *at <= now) due.push_back(std::move(d));
    if (due.empty()) {
        schedule_timers();  // woken early (the wall clock stepped back), or answered meanwhile
        return;
    }
    try {
        in_one_commit("decision deadline", [&] {
            std::vector<std::string> ids;
            for (const auto& d : due) ids.push_back(d.decision_id);
            campaign_.lapse_decisions(ids);
            // The player learns what was answered for it from the period's report.
            for (const auto& d : due)
                notify_members(decision_key("lapsed", d.period_index),
                               protocol::notification::DecisionLapsed{d.period_index, d.decision_id,
                                                                      d.player});
            try_resolve(false, false, "decision deadline");
            schedule_timers();
        });
    } catch (const std::exception& e) {
        spdlog::warn("campaign {}: lapsing decisions failed, retrying: {}", id(), e.what());
        // Storage refused (busy, I/O): nothing was committed; try again shortly.
        services_->scheduler->at("decisions:" + id(), now + seconds(5),
                                 [this] { on_decision_deadline(); });
    }
}

}  // namespace umpire::server
