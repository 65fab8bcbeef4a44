// What a Room sends: each viewer's projected view of the campaign, deltas against what a
// connection was last shown, and the messages for resolved periods, decisions and notices.
// Everything goes through protocol/projection.hpp; a message for a group of viewers is
// serialized once per distinct view and shared.
#include <map>

#include "rules/event_fields.hpp"
#include "protocol/dice_proofs.hpp"
#include "protocol/notices.hpp"
#include "server/room.hpp"
#include "storage/engine_call.hpp"
#include "storage/decision_codec.hpp"

namespace umpire::server {

using protocol::Viewer;

namespace {

std::string viewer_key(const Viewer& v) {
    return std::string(protocol::role_name(v.role)) + ":" + v.player;
}

// The rules' JSON writer gives dump()'s text byte for byte in about half the instructions
// (every reply, a pong too, is written here).
std::shared_ptr<const std::string> frame(const Json& message) {
    return std::make_shared<const std::string>(rules::json_text(rules::FieldValue(message)));
}

protocol::GmAction gm_action_of(const storage::GmActionRecord& a) {
    return {a.no, a.kind, a.reason, a.details, a.at};
}

}  // namespace

void Reply::send(Json message) const {
    if (!re.is_null()) message["re"] = re;
    peer->send(frame(message));
}

std::vector<std::shared_ptr<Peer>> Room::live_peers() {
    std::vector<std::shared_ptr<Peer>> out;
    std::vector<std::weak_ptr<Peer>> kept;
    for (auto& w : peers_)
        if (auto p = w.lock(); p && p->joined.count(id())) {
            out.push_back(p);
            kept.push_back(w);
        }
    peers_ = std::move(kept);
    return out;
}

std::vector<std::string> Room::unplayed_players() const {
    std::vector<std::string> out;
    const auto members = services_->server->memberships(id());
    for (const auto& p : campaign_.state().players) {
        bool played = false;
        for (const auto& m : members) played = played || m.player == p.id;
        if (!played) out.push_back(p.id);
    }
    return out;
}

std::vector<protocol::OrderFlag> Room::order_flags() const {
    auto& self = const_cast<storage::Campaign&>(campaign_);
    const auto orders = self.current_orders();
    std::vector<protocol::OrderFlag> flags;
    for (const auto& p : campaign_.state().players) {
        std::string state = "none";
        for (const auto& o : orders)
            if (o.player == p.id) state = o.state;
        flags.push_back({p.id, state});
    }
    return flags;
}

Json Room::notices(const Viewer& viewer) const {
    Json out = Json::array();
    const auto vis = visibility();
    for (const auto& a : services_->campaigns->gm_actions(id()))
        if (auto notice = protocol::notice_for(viewer, vis, gm_action_of(a)))
            out.push_back(std::move(*notice));
    return out;
}

Json Room::campaign_view(const Viewer& viewer) const {
    auto& self = const_cast<storage::Campaign&>(campaign_);
    const auto vis = visibility();
    Json view;
    view["campaign"] = id();
    view["name"] = campaign_.record().name;
    view["status"] = campaign_.record().status;
    view["time_zone"] = campaign_.record().time_zone;
    view["you"] = {{"role", protocol::role_name(viewer.role)}, {"player", viewer.player}};
    view["world"] = protocol::view_for(viewer, campaign_.state(), vis);
    const auto deadline = current_deadline();
    view["period"] = {{"index", campaign_.period_index()},
                      {"day", campaign_.state().calendar.day},
                      {"period", rules::to_string(campaign_.state().calendar.period)},
                      {"seed_hash", campaign_.seed_hash()},
                      {"deadline", deadline && deadline->due_at ? Json(*deadline->due_at) : Json()}};
    view["order_flags"] = protocol::order_flags_for(viewer, campaign_.state(), order_flags());
    view["my_orders"] = nullptr;
    if (viewer.is_player())
        for (const auto& o : self.current_orders())
            if (o.player == viewer.player)
                view["my_orders"] = {{"state", o.state},
                                     {"receipt", o.receipt},
                                     {"updated_at", o.updated_at},
                                     {"orders", Json::parse(o.orders)}};
    Json decisions = Json::array();
    const auto unplayed = unplayed_players();
    for (const auto& d : self.pending_decisions())
        if (protocol::decision_visible(viewer, d.player, unplayed))
            decisions.push_back(request_shown(d));
    view["decisions"] = std::move(decisions);
    if (protocol::sees_waiting_list(viewer, vis)) {
        std::set<std::string> waiting;
        for (const auto& d : self.pending_decisions()) waiting.insert(d.player);
        view["waiting_for"] = waiting;
        view["unplayed"] = unplayed;
    }
    view["notices"] = notices(viewer);
    return view;
}

Json Room::snapshot_message(const Viewer& viewer, const Json& view, int version) const {
    (void)viewer;
    return {{"type", "snapshot"}, {"campaign", id()}, {"version", version}, {"view", view}};
}

void Room::join(const Reply& reply, const Actor& actor) {
    Peer& peer = *reply.peer;
    JoinedCampaign joined;
    joined.viewer = actor.viewer;
    joined.view = campaign_view(actor.viewer);
    joined.version = 1;
    reply.send(snapshot_message(actor.viewer, joined.view, joined.version));
    for (const auto& request : joined.view["decisions"]) {
        joined.announced.insert(request.value("id", ""));
        reply.peer->send(frame({{"type", "decision_request"}, {"campaign", id()},
                                {"request", request}}));
    }
    if (peer.kind() == Peer::Kind::websocket) {
        peer.joined[id()] = std::move(joined);
        for (auto& w : peers_)
            if (w.lock().get() == &peer) return;
        peers_.push_back(reply.peer);
    }
}

void Room::leave(Peer& peer) { peer.joined.erase(id()); }

void Room::send_views() {
    if (defer([this] { send_views(); })) return;  // after the running command commits
    if (deleted_) return;
    std::map<std::string, Json> views;  // one projection per distinct viewer
    for (const auto& peer : live_peers()) {
        auto& joined = peer->joined[id()];
        const std::string key = viewer_key(joined.viewer);
        auto it = views.find(key);
        if (it == views.end()) it = views.emplace(key, campaign_view(joined.viewer)).first;
        if (it->second == joined.view) continue;
        Json patch = Json::diff(joined.view, it->second);
        joined.view = it->second;
        ++joined.version;
        peer->send(frame({{"type", "view_delta"},
                          {"campaign", id()},
                          {"version", joined.version},
                          {"patch", std::move(patch)}}));
    }
    announce_decisions();
}

void Room::announce_decisions() {
    const auto pending = campaign_.pending_decisions();
    if (pending.empty()) return;
    const auto unplayed = unplayed_players();
    for (const auto& peer : live_peers()) {
        auto& joined = peer->joined[id()];
        for (const auto& d : pending) {
            if (!protocol::decision_visible(joined.viewer, d.player, unplayed)) continue;
            if (!joined.announced.insert(d.decision_id).second) continue;
            peer->send(frame(
                {{"type", "decision_request"}, {"campaign", id()}, {"request", request_shown(d)}}));
        }
    }
}

void Room::broadcast_resolved(const storage::ResolvedPeriod& period) {
    std::map<std::string, std::shared_ptr<const std::string>> frames;
    const auto vis = visibility();
    const auto events = rules::events_json(period.events);
    const std::string dice_key = storage::dice_key_of(period.seed);
    const auto missed_all = missed_orders(period.index, period.attempt);  // read once
    for (const auto& peer : live_peers()) {
        const auto& viewer = peer->joined[id()].viewer;
        auto& f = frames[viewer_key(viewer)];
        if (!f) {
            Json seen = protocol::events_for(viewer, events, vis);
            Json message{{"type", "period_resolved"},
                         {"campaign", id()},
                         {"period_index", period.index},
                         {"attempt", period.attempt},
                         {"seed_hash", period.seed_hash},
                         {"dice_seeds", protocol::dice_seeds_of(seen, dice_key)}};
            if (protocol::shown_period_seed(viewer, period.scheme)) message["seed"] = period.seed;
            const Json missed = protocol::missed_orders_for(viewer, campaign_.state(), missed_all);
            if (!missed.empty()) message["missed_orders"] = missed;
            message["events"] = std::move(seen);
            f = frame(message);
        }
        peer->send(f);
    }
}

void Room::broadcast_notice(const storage::GmActionRecord& action) {
    if (defer([this, action] { broadcast_notice(action); })) return;
    const auto vis = visibility();
    std::map<std::string, std::shared_ptr<const std::string>> frames;  // by viewer
    for (const auto& peer : live_peers()) {
        const Viewer& viewer = peer->joined[id()].viewer;
        auto [it, fresh] = frames.try_emplace(viewer_key(viewer));
        if (fresh)
            if (auto notice = protocol::notice_for(viewer, vis, gm_action_of(action)))
                it->second = frame({{"type", "notice"}, {"campaign", id()}, {"notice", *notice}});
        if (it->second) peer->send(it->second);
    }
}

}  // namespace umpire::server
