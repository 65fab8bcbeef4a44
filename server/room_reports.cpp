// Reports of resolved periods: the `report` message a viewer may see (its events through the
// projection, its missed orders, its dice seeds), and the `period_resolved` notification, which
// carries that report as an e-mail would (protocol/report_text.hpp) so that a webhook or an
// e-mail brings the whole turn: nothing in it the account's own report would not show.
#include "protocol/dice_proofs.hpp"
#include "protocol/report_text.hpp"
#include "server/room.hpp"
#include "storage/engine_call.hpp"

namespace umpire::server {

// A resolved period as reports are made of it: read and parsed once, projected per viewer.
struct Room::PeriodForReports {
    storage::PeriodRecord period;
    std::vector<Json> events;
    std::vector<std::string> missed;  // players who missed it: the projection says who may know
};

std::optional<Room::PeriodForReports> Room::period_for_reports(int period_index) const {
    std::optional<storage::PeriodSummary> live;
    for (const auto& p : services_->campaigns->periods(id()))
        if (p.index == period_index && !p.rolled_back_by) live = p;
    if (!live) return std::nullopt;
    PeriodForReports r;
    r.period = services_->campaigns->load_period(id(), {live->index, live->attempt});
    for (const auto& e : r.period.events) r.events.push_back(Json::parse(e.body));
    r.missed = missed_orders(r.period.index, r.period.attempt);
    return r;
}

Json Room::report_message(const protocol::Viewer& viewer, const PeriodForReports& r) const {
    const auto& period = r.period;
    Json seen = protocol::events_for(viewer, r.events, visibility());
    Json message{{"type", "report"},
                 {"campaign", id()},
                 {"period_index", period.index},
                 {"day", period.day},
                 {"period", period.kind},
                 {"seed_hash", period.seed_hash},
                 {"committed_at", period.committed_at}};
    if (period.scheme >= 2)
        message["dice_seeds"] = protocol::dice_seeds_of(seen, storage::dice_key_of(period.seed));
    if (protocol::shown_period_seed(viewer, period.scheme)) message["seed"] = period.seed;
    const Json missed = protocol::missed_orders_for(viewer, campaign_.state(), r.missed);
    if (!missed.empty()) message["missed_orders"] = missed;
    message["events"] = std::move(seen);
    return message;
}

std::optional<Json> Room::report_for(const protocol::Viewer& viewer, int period_index) const {
    const auto period = period_for_reports(period_index);
    if (!period) return std::nullopt;
    return report_message(viewer, *period);
}

void Room::notify_resolved(int index, int attempt) {
    const std::string key = "resolved:" + std::to_string(index) + "." + std::to_string(attempt);
    std::optional<PeriodForReports> period;  // read when the first account needs it
    for (const auto& m : services_->server->memberships(id())) {
        // Players and the GM: a campaign run by e-mail needs no one watching it.
        if (m.role == "observer" || (m.role == "player" && !m.player)) continue;
        if (!services_->server->webhook(m.account_id, id())) continue;  // nothing to keep
        const auto viewer =
            m.role == "gm" ? protocol::Viewer::gm() : protocol::Viewer::of_player(*m.player);
        Json payload{{"type", "period_resolved"},
                     {"campaign", id()},
                     {"period_index", index},
                     {"next_period_index", campaign_.period_index()}};
        if (!period) period = period_for_reports(index);
        if (period)
            payload["report_text"] =
                protocol::turn_report(report_message(viewer, *period), campaign_view(viewer),
                                      protocol::ReportFormat::text);
        notify(m.account_id, key, payload);
    }
}

}  // namespace umpire::server
