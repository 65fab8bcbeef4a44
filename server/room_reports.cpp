// Reports of resolved periods: the `report` message a viewer may see, and the `period_resolved`
// notification, which carries that report as an e-mail would so that a webhook or an e-mail
// brings the whole turn: nothing in it the account's own report would not show. Both are made
// by protocol::project from the period as stored.
#include "server/room.hpp"
#include "storage/engine_call.hpp"

namespace umpire::server {

// A resolved period as reports are made of it: read and parsed once, projected per viewer.
struct Room::PeriodForReports {
    storage::PeriodRecord period;
    std::vector<Json> events;
    std::vector<std::string> missed;  // players who missed it: the projection says who may know

    protocol::PeriodFacts facts() const {
        return {.index = period.index,
                .attempt = period.attempt,
                .day = period.day,
                .kind = period.kind,
                .seed_hash = period.seed_hash,
                .committed_at = period.committed_at,
                .seed = period.seed,
                .dice_key = storage::dice_key_of(period.seed),
                .scheme = period.scheme,
                .events = events,
                .missed = missed};
    }
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

std::optional<Json> Room::report_for(const protocol::Viewer& viewer, int period_index) const {
    const auto period = period_for_reports(period_index);
    if (!period) return std::nullopt;
    return protocol::project(viewer, facts(), period->facts(), protocol::PeriodMessage::report);
}

void Room::push_resolved(int period_index) {
    if (defer([this, period_index] { push_resolved(period_index); })) return;
    const auto period = period_for_reports(period_index);
    if (!period) return;
    const auto resolved = period->facts();
    send_projected(
        [&](const protocol::Viewer& viewer,
            const protocol::CampaignFacts& campaign) -> std::optional<Json> {
            return protocol::project(viewer, campaign, resolved, protocol::PeriodMessage::resolved);
        },
        [](const Peer&) { return true; });
}

void Room::notify_resolved(int index, int attempt) {
    const std::string key = "resolved:" + std::to_string(index) + "." + std::to_string(attempt);
    std::optional<PeriodForReports> period;  // read when the first account needs it
    std::optional<protocol::PeriodFacts> period_facts;
    std::optional<protocol::ViewFacts> view;
    std::optional<protocol::CampaignFacts> campaign;
    for (const auto& m : services_->server->memberships(id())) {
        // Players and the GM: a campaign run by e-mail needs no one watching it.
        if (m.role == "observer" || (m.role == "player" && !m.player)) continue;
        if (!services_->server->webhook(m.account_id, id())) continue;  // nothing to keep
        const auto viewer =
            m.role == "gm" ? protocol::Viewer::gm() : protocol::Viewer::of_player(*m.player);
        if (!campaign) {
            campaign.emplace(facts());
            view = view_facts();
            period = period_for_reports(index);
            if (period) period_facts.emplace(period->facts());
        }
        notify(m.account_id, key,
               protocol::project(viewer, *campaign,
                                 protocol::TurnReportFacts{
                                     index, period_facts ? &*period_facts : nullptr, *view}));
    }
}

}  // namespace umpire::server
