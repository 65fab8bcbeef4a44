// Deadlines and notifications of a Room. Each open period's deadline is stored when the period
// opens (by the campaign's policy) and a steady timer fires at it: the period then resolves with
// missing orders holding and missing answers settled. A deadline that passed while the
// server was down is moved `downtime_grace_minutes` on instead, so players get to act.
// Notifications go to each account's webhook at most once per key (room_webhooks.cpp sends
// them).
#include <spdlog/spdlog.h>

#include <algorithm>

#include "server/room.hpp"

namespace umpire::server {

using namespace std::chrono;

std::optional<storage::DeadlineRecord> Room::current_deadline() const {
    return services_->server->deadline(id(), campaign_.period_index());
}

bool Room::deadline_passed() const {
    const auto d = current_deadline();
    if (!d || !d->due_at) return false;
    const auto due = parse_iso_utc(*d->due_at);
    return due && services_->scheduler->now() >= *due;
}

void Room::open_deadline() {
    const Json policy = Json::parse(campaign_.record().deadline_policy, nullptr, false);
    const auto due = due_time(policy, services_->scheduler->now(), campaign_.record().time_zone);
    storage::DeadlineRecord d{id(), campaign_.period_index(), std::nullopt, std::nullopt, 0};
    if (due) d.due_at = iso_utc(*due);
    services_->server->put_deadline(d);
}

void Room::start() {
    in_one_commit("start", [&] {
        auto d = current_deadline();
        if (!d) {
            open_deadline();
            d = current_deadline();
        }
        if (!d->due_at || campaign_.record().status != "active") return;
        const auto due = parse_iso_utc(*d->due_at);
        const auto now = services_->scheduler->now();
        if (!due || *due > now) return;
        const auto moved = now + minutes(services_->config.downtime_grace_minutes);
        d->due_at = iso_utc(moved);
        services_->server->put_deadline(*d);
        record_action("downtime_extension",
                      "the server was down at the deadline; it moves " +
                          std::to_string(services_->config.downtime_grace_minutes) + " minutes on",
                      {{"period_index", campaign_.period_index()}, {"due_at", *d->due_at}});
    });
    schedule_timers();
    pump_webhooks();
    // A kill between a command's commit and the resolution it sets off (the last confirmation,
    // the last answer, a rollback with every side still confirmed) leaves a period nothing
    // holds up: it resolves now rather than at its deadline (issue 53, item 8).
    if (campaign_.record().status == "active" && all_confirmed() &&
        campaign_.pending_decisions().empty())
        resolve_quietly(false, "all confirmed when the server started");
}

void Room::schedule_timers() {
    if (defer([this] { schedule_timers(); })) return;  // timers follow what was committed
    auto* s = services_->scheduler;
    const std::string key = "deadline:" + id();
    s->cancel(key);
    s->cancel(key + ":warning");
    schedule_decision_timer();
    const auto d = current_deadline();
    if (!d || !d->due_at || campaign_.record().status != "active") return;
    const auto due = parse_iso_utc(*d->due_at);
    if (!due) return;
    s->at(key, *due, [this] { on_deadline(); });
    const auto warn = *due - minutes(services_->config.deadline_warning_minutes);
    if (warn > s->now()) s->at(key + ":warning", warn, [this] { on_deadline_warning(); });
}

void Room::on_deadline() {
    if (deleted_) return;
    if (campaign_.record().status != "active") return;
    if (!deadline_passed()) {
        schedule_timers();  // woken early (the wall clock stepped back): wait for the deadline
        return;
    }
    try {
        in_one_commit("deadline", [&] {
            // Under the campaign's lock, as it is now: another server may have resolved the
            // period or moved its deadline since this timer was set.
            if (deadline_passed())
                try_resolve(true, false, "deadline");
            else
                schedule_timers();
        });
    } catch (const std::exception& e) {
        spdlog::warn("campaign {}: deadline resolution failed, retrying: {}", id(), e.what());
        // Storage refused (busy, I/O): try again shortly; nothing was committed.
        services_->scheduler->at("deadline:" + id(), services_->scheduler->now() + seconds(5),
                                 [this] { on_deadline(); });
    }
}

void Room::on_deadline_warning() {
    if (deleted_) return;
    const auto d = current_deadline();
    if (!d || !d->due_at) return;
    // Those who have confirmed need no reminder.
    const auto flags = order_flags();
    notify_members("deadline:" + std::to_string(campaign_.period_index()) + ":" + *d->due_at,
                   protocol::notification::DeadlineNear{campaign_.period_index(), *d->due_at},
                   [&](const storage::MembershipRecord& m) {
                       for (const auto& f : flags)
                           if (m.player && f.player == *m.player && f.state == "confirmed")
                               return false;
                       return true;
                   });
}

void Room::notify(std::int64_t account, const std::string& key, const Json& payload) {
    if (!services_->server->webhook(account, id())) return;  // no webhook: nothing to keep
    storage::NotificationRecord n{account, id(), key, payload.dump(), services_->now_iso(), 0};
    if (services_->server->add_notification(n)) pump_webhooks();
}

void Room::notify_members(const std::string& key, const protocol::NotificationFacts& what,
                          const std::function<bool(const storage::MembershipRecord&)>& to) {
    notify_members([&](const protocol::Viewer&, const Json&) { return key; }, what, to);
}

void Room::notify_members(const std::string& key, const Projector& project,
                          const std::function<bool(const storage::MembershipRecord&)>& to) {
    notify_members([&](const protocol::Viewer&, const Json&) { return key; }, project, to);
}

void Room::notify_members(const KeyOf& key_of, const protocol::NotificationFacts& what,
                          const std::function<bool(const storage::MembershipRecord&)>& to) {
    notify_members(
        key_of,
        [&](const protocol::Viewer& viewer, const protocol::CampaignFacts& campaign) {
            return protocol::project(viewer, campaign, what);
        },
        to);
}

void Room::notify_members(const KeyOf& key_of, const Projector& project,
                          const std::function<bool(const storage::MembershipRecord&)>& to) {
    std::optional<protocol::CampaignFacts> campaign;  // read when the first member has a webhook
    for (const auto& m : services_->server->memberships(id())) {
        if ((m.role == "player" && !m.player) || (to && !to(m))) continue;
        if (!services_->server->webhook(m.account_id, id())) continue;  // nothing to keep
        if (!campaign) campaign.emplace(facts());
        const auto viewer = viewer_of(m);
        if (auto payload = project(viewer, *campaign))
            notify(m.account_id, key_of(viewer, *payload), *payload);
    }
}

Room::KeyOf Room::decision_key(const std::string& kind, int period_index) const {
    const std::string tail = ":" + std::to_string(attempt_of(period_index));
    return [kind, period_index, tail](const protocol::Viewer&, const Json& payload) {
        return kind + ":" + std::to_string(period_index) + ":" +
               payload.value("decision", std::string()) + tail;
    };
}

int Room::attempt_of(int index) const {
    int attempt = 0;
    for (const auto& p : services_->campaigns->periods(id()))
        if (p.index == index) attempt = std::max(attempt, p.attempt + 1);
    return attempt;
}

protocol::Viewer Room::viewer_of(const storage::MembershipRecord& m) {
    if (m.role == "gm") return protocol::Viewer::gm();
    if (m.role == "player" && m.player) return protocol::Viewer::of_player(*m.player);
    return protocol::Viewer::observer();
}

}  // namespace umpire::server
