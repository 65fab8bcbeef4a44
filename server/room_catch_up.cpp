// Several servers on one database (issue 33). Any server serves any campaign, each holding it in
// memory between commands (its record, state and open period); the database's mark of a
// campaign (storage::CampaignMark: a version every commit that changes those moves on, and its
// newest GM action and press numbers) says when another server changed it. A command locks the
// row and reloads first if so (hold_fresh_campaign); when PostgreSQL announces another server's commit (server/change_listener.hpp) the room catches up:
// it reloads, and its joined connections get what they would have been sent had the command
// come here: the periods resolved, the GMs' notices, press, their view's delta, and the timers
// follow the campaign's new deadline.
#include <spdlog/spdlog.h>

#include "server/room.hpp"

namespace umpire::server {

void Room::hold_fresh_campaign() {
    const auto mark = services_->server->campaign_mark(id(), /*lock=*/true);
    if (!mark) return;  // gone: the command's own store calls say so
    if (shown_.known && *mark == shown_.mark) return;
    if (!(shown_.known && mark->version == shown_.mark.version)) reload();
    // Shown once the command commits (its effects wait for that), notices and press made
    // elsewhere too: shown_ moves past them then.
    if (shown_.known) push_news(shown_, *mark);
}

bool Room::catch_up(bool announced) {
    if (deleted_) return false;
    std::optional<storage::CampaignMark> mark;
    {
        // The mark and the campaign read from one snapshot: the room holds what the mark names.
        auto& db = services_->campaigns->database();
        storage::Transaction read(db, storage::TransactionMode::deferred);
        mark = services_->server->campaign_mark(id());
        if (mark && !(shown_.known && mark->version == shown_.mark.version)) reload();
        read.commit();
    }
    if (!mark) {
        spdlog::info("campaign {}: deleted by another server", id());
        retire("the campaign was deleted");
        return false;
    }
    if (shown_.known && *mark == shown_.mark) {
        // Orders, answers, deadlines and the rest are read as they are: each connection gets
        // the delta of its view, if it changed (nothing, for this server's own commit).
        if (announced) {
            send_views();
            schedule_timers();
        }
        return true;
    }
    const Shown from = shown_;
    shown_ = {*mark, campaign_.period_index(), true};
    if (from.known) {
        push_news(from, *mark);
    } else {
        send_views();
        schedule_timers();
    }
    return true;
}

void Room::push_news(const Shown& from, const storage::CampaignMark& to) {
    recheck_seats();
    // A rollback moves the open period back: its notice says so, and nothing was resolved.
    for (int index = from.period_index; index < campaign_.period_index(); ++index)
        push_resolved(index);
    if (to.last_action > from.mark.last_action)
        for (const auto& action : services_->campaigns->gm_actions(id()))
            if (action.no > from.mark.last_action && action.no <= to.last_action)
                broadcast_notice(action);
    if (to.last_press > from.mark.last_press)
        for (const auto& message : services_->campaigns->press(id()))
            if (message.no > from.mark.last_press && message.no <= to.last_press)
                push_press(message);
    send_views();
    schedule_timers();
    pump_webhooks();
}

void Room::recheck_seats() {
    if (defer([this] { recheck_seats(); })) return;
    for (const auto& peer : live_peers()) {
        if (!peer->account) continue;
        const auto& joined = peer->joined[id()];
        const auto m = services_->server->membership(*peer->account, id());
        bool seated = false;
        if (m && joined.preview) {
            seated = m->role == "gm";  // a GM viewing as a player
        } else if (m) {
            const auto viewer = viewer_of(*m);
            seated = viewer.role == joined.viewer.role && viewer.player == joined.viewer.player;
        }
        if (seated) continue;
        const Peer* leaving = peer.get();
        send_notice({0, "seat_changed", "your seat in the campaign changed", "",
                     services_->now_iso()},
                    [leaving](const Peer& p) { return &p == leaving; });
        peer->joined.erase(id());
    }
}

void Room::retire(const std::string& reason) {
    if (deleted_) return;
    deleted_ = true;
    for (const char* timer : {"deadline:", "decisions:", "webhooks:"})
        services_->scheduler->cancel(timer + id());
    services_->scheduler->cancel("deadline:" + id() + ":warning");
    send_notice({0, "campaign_deleted", reason, "", services_->now_iso()},
                [](const Peer&) { return true; });
    for (const auto& peer : live_peers()) peer->joined.erase(id());
    peers_.clear();
}

}  // namespace umpire::server
