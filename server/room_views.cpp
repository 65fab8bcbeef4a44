// What a Room sends: each viewer's projected view of the campaign, deltas against what a
// connection was last shown, and the messages for resolved periods, decisions and notices.
// The room reads the facts from storage; every message is made by protocol::project
// (protocol/project.hpp) for its viewer. A message for a group of viewers is serialized once
// per distinct viewer and shared.
#include <map>

#include "protocol/project.hpp"
#include "server/errors.hpp"
#include "server/room.hpp"
#include "storage/decision_codec.hpp"
#include "storage/engine_call.hpp"
#include "umpire/rules/event_fields.hpp"

namespace umpire::server {

using protocol::ErrorCode;
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

std::vector<Room::OrderFlag> Room::order_flags() const {
    const auto orders = campaign_.current_orders();
    std::vector<OrderFlag> flags;
    for (const auto& p : campaign_.state().players) {
        std::string state = "none";
        for (const auto& o : orders)
            if (o.player == p.id) state = o.state;
        flags.push_back({p.id, state});
    }
    return flags;
}

protocol::CampaignFacts Room::facts() const {
    return {id(),
            campaign_.state(),
            visibility(),
            campaign_.period_index(),
            unplayed_players(),
            designation_facts()};
}

std::vector<protocol::GmAction> Room::gm_actions() const {
    std::vector<protocol::GmAction> out;
    for (const auto& a : services_->campaigns->gm_actions(id())) out.push_back(gm_action_of(a));
    return out;
}

protocol::ViewFacts Room::view_facts() const {
    protocol::ViewFacts f;
    f.name = campaign_.record().name;
    f.status = campaign_.record().status;
    f.time_zone = campaign_.record().time_zone;
    f.seed_hash = campaign_.seed_hash();
    if (const auto deadline = current_deadline(); deadline && deadline->due_at)
        f.deadline = *deadline->due_at;
    for (const auto& o : campaign_.current_orders())
        f.orders.push_back({o.player, o.state, o.receipt, o.updated_at, o.orders});
    for (const auto& d : campaign_.pending_decisions()) f.pending.push_back(decision_facts(d));
    f.actions = gm_actions();
    return f;
}

Json Room::campaign_view(const Viewer& viewer) const {
    return protocol::project(viewer, facts(), view_facts());
}

void Room::join(const Reply& reply, const Actor& actor, const std::string& as_player) {
    Peer& peer = *reply.peer;
    JoinedCampaign joined;
    joined.viewer = actor.viewer;
    if (!as_player.empty()) {
        if (!actor.viewer.is_gm())
            refuse(ErrorCode::forbidden, "only the campaign's GM may view it as a player");
        if (!campaign_.state().find_player(as_player))
            refuse(ErrorCode::unknown_player, "the scenario has no player \"" + as_player + "\"");
        joined.viewer = Viewer::of_player(as_player);
        joined.preview = true;
    }
    const Viewer& viewer = joined.viewer;
    const auto campaign = facts();
    const auto view = view_facts();
    joined.view = protocol::project(viewer, campaign, view);
    joined.version = 1;
    reply.send(protocol::project(
        viewer, campaign,
        protocol::HeldView{joined.view, joined.version, joined.preview ? as_player : ""}));
    for (const auto& d : view.pending)
        if (auto request = protocol::project(viewer, campaign, d)) {
            joined.announced.insert(d.request.value("id", ""));
            reply.peer->send(frame(*request));
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
    const auto peers = live_peers();
    if (peers.empty()) return;
    const auto campaign = facts();  // read once
    const auto view = view_facts();
    std::map<std::string, Json> views;  // one projection per distinct viewer
    for (const auto& peer : peers) {
        auto& joined = peer->joined[id()];
        const std::string key = viewer_key(joined.viewer);
        auto it = views.find(key);
        if (it == views.end())
            it = views.emplace(key, protocol::project(joined.viewer, campaign, view)).first;
        auto delta = protocol::project(joined.viewer, campaign,
                                       protocol::HeldView{joined.view, joined.version}, it->second);
        if (!delta) continue;
        joined.view = it->second;
        ++joined.version;
        peer->send(frame(*delta));
    }
    announce_decisions();
}

void Room::announce_decisions() {
    const auto pending = campaign_.pending_decisions();
    if (pending.empty()) return;
    const auto campaign = facts();
    std::vector<protocol::DecisionFacts> requests;
    for (const auto& d : pending) requests.push_back(decision_facts(d));
    for (const auto& peer : live_peers()) {
        auto& joined = peer->joined[id()];
        for (std::size_t i = 0; i < pending.size(); ++i) {
            if (joined.announced.count(pending[i].decision_id)) continue;
            if (auto request = protocol::project(joined.viewer, campaign, requests[i])) {
                joined.announced.insert(pending[i].decision_id);
                peer->send(frame(*request));
            }
        }
    }
}

void Room::broadcast_resolved(const storage::ResolvedPeriod& period) {
    const auto peers = live_peers();
    if (peers.empty()) return;
    std::map<std::string, std::shared_ptr<const std::string>> frames;
    const auto campaign = facts();
    const auto events = rules::events_json(period.events);
    protocol::PeriodFacts resolved{.index = period.index,
                                   .attempt = period.attempt,
                                   .seed_hash = period.seed_hash,
                                   .seed = period.seed,
                                   .dice_key = storage::dice_key_of(period.seed),
                                   .scheme = period.scheme,
                                   .events = events,
                                   .missed = missed_orders(period.index, period.attempt)};
    for (const auto& peer : peers) {
        const auto& viewer = peer->joined[id()].viewer;
        auto& f = frames[viewer_key(viewer)];
        if (!f)
            f = frame(
                protocol::project(viewer, campaign, resolved, protocol::PeriodMessage::resolved));
        peer->send(f);
    }
}

void Room::broadcast_notice(const storage::GmActionRecord& action) {
    if (defer([this, action] { broadcast_notice(action); })) return;
    send_notice(gm_action_of(action), [](const Peer&) { return true; });
}

void Room::send_notice(const protocol::GmAction& action,
                       const std::function<bool(const Peer&)>& to) {
    // Each viewer's notice is numbered among those it is shown (issue 53): the audit up to it.
    std::vector<protocol::GmAction> audit;
    if (action.no != 0)
        for (auto& a : gm_actions())
            if (a.no <= action.no) audit.push_back(std::move(a));
    send_projected(
        [&](const Viewer& viewer, const protocol::CampaignFacts& campaign) {
            return protocol::project(viewer, campaign, action, audit);
        },
        to);
}

void Room::send_projected(const Projector& project, const std::function<bool(const Peer&)>& to,
                          bool as_account) {
    const auto peers = live_peers();
    if (peers.empty()) return;
    const auto campaign = facts();
    std::map<std::string, std::shared_ptr<const std::string>> frames;  // by viewer
    for (const auto& peer : peers) {
        if (!to(*peer)) continue;
        const JoinedCampaign& joined = peer->joined[id()];
        const Viewer viewer = as_account && joined.preview ? Viewer::gm() : joined.viewer;
        auto [it, fresh] = frames.try_emplace(viewer_key(viewer));
        if (fresh)
            if (auto message = project(viewer, campaign)) it->second = frame(*message);
        if (it->second) peer->send(it->second);
    }
}

}  // namespace umpire::server
