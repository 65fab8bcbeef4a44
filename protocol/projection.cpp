#include "protocol/projection.hpp"

#include "documents/scenario_io.hpp"
#include "documents/scenario_view_write.hpp"
#include "protocol/event_visibility.hpp"
#include "umpire/rules/audience.hpp"
#include "umpire/rules/events.hpp"

namespace umpire::protocol {

const char* role_name(Viewer::Role role) {
    switch (role) {
        case Viewer::Role::gm: return "gm";
        case Viewer::Role::player: return "player";
        case Viewer::Role::observer: return "observer";
    }
    return "observer";
}

Visibility visibility_from_settings(const Json& settings) {
    Visibility v;
    if (settings.is_object() && settings.value("observers", Json()) == "all")
        v.observers = Visibility::Observers::everything;
    if (settings.is_object() && settings.value("press", Json()) == "gm_reads")
        v.press = Visibility::Press::gm_reads;
    if (settings.is_object() && settings.value("press", Json()) == "off")
        v.press = Visibility::Press::off;
    return v;
}

const char* press_policy_name(Visibility::Press press) {
    switch (press) {
        case Visibility::Press::gm_reads:
            return "gm_reads";
        case Visibility::Press::off:
            return "off";
        case Visibility::Press::private_messages:
            break;
    }
    return "private";
}

namespace {

bool sees_everything(const Viewer& viewer, const Visibility& visibility) {
    return viewer.is_gm() || (viewer.role == Viewer::Role::observer &&
                              visibility.observers == Visibility::Observers::everything);
}

}  // namespace

Json view_for(const Viewer& viewer, const rules::CampaignState& state, const Visibility& visibility) {
    if (sees_everything(viewer, visibility)) {
        Json full = rules::write_scenario(state);
        full.erase("format");
        full["role"] = role_name(viewer.role);
        // The same members as every other view: the scenario writer leaves empty ones out.
        full["allies"] = Json::array();
        if (!full.contains("knowledge")) full["knowledge"] = Json::object();
        return full;
    }
    // Anyone else is written the board and only its own pieces: another player's forces, facts
    // and the history are never turned into JSON for it. An observer of a "map only" campaign
    // gets the pieces' members empty (issue 28, defect 6: a client must not find them missing).
    const bool player = viewer.is_player();
    Json view = rules::write_scenario_part(
        state, {.forces = [&](const rules::Force& f) { return player && f.player == viewer.player; },
                .knowledge_of = player ? viewer.player : std::string()});
    view["role"] = role_name(viewer.role);
    Json allies = Json::array();
    if (player) {
        const rules::Player* me = state.find_player(viewer.player);
        view["player"] = viewer.player;
        view["side"] = me ? me->side : "";
        // Allies: where they stand and whose they are, nothing of their strength.
        for (const rules::Force& f : state.forces) {
            const rules::Player* p = state.find_player(f.player);
            if (f.player != viewer.player && me && p && p->side == me->side)
                allies.push_back({{"id", f.id},
                                  {"name", f.name},
                                  {"player", f.player},
                                  {"hex", Json::array({f.hex().q, f.hex().r})}});
        }
    }
    view["allies"] = std::move(allies);
    return view;
}

std::optional<Json> event_for(const Viewer& viewer, const Json& event, const Visibility& visibility) {
    if (sees_everything(viewer, visibility)) return event;
    const Json audience = event.contains("audience") ? event["audience"] : Json("all");
    if (!(viewer.is_player() ? rules::in_audience(audience, viewer.player) : audience == "all"))
        return std::nullopt;
    auto owner = event.find("private_to");
    if (owner == event.end()) return event;
    Json seen = event;
    if (!viewer.is_player() || !rules::in_audience(*owner, viewer.player))
        for (std::string_view field : private_fields(event.value("type", "")))
            seen.erase(std::string(field));
    seen.erase("private_to");
    return seen;
}

Json events_for(const Viewer& viewer, const std::vector<Json>& events,
                const Visibility& visibility) {
    Json out = Json::array();
    for (const auto& e : events)
        if (auto seen = event_for(viewer, e, visibility)) out.push_back(std::move(*seen));
    return out;
}

bool decision_visible(const Viewer& viewer, const std::string& request_player,
                      const std::vector<std::string>& unplayed) {
    (void)unplayed;
    if (viewer.is_gm()) return true;  // the GM sees every request, and answers some of them
    return viewer.is_player() && viewer.player == request_player;
}

namespace {

// Whether the viewer may know how `player` stands with its orders: the GM always, a player for
// its own side, an observer never.
bool sees_orders_of(const Viewer& viewer, const rules::CampaignState& state,
                    const std::string& player) {
    if (viewer.is_gm()) return true;
    if (!viewer.is_player()) return false;
    const rules::Player* me = state.find_player(viewer.player);
    const rules::Player* p = state.find_player(player);
    return me && p && p->side == me->side;
}

}  // namespace

Json order_flags_for(const Viewer& viewer, const rules::CampaignState& state,
                     const std::vector<OrderFlag>& flags) {
    Json out = Json::array();
    for (const auto& f : flags)
        if (sees_orders_of(viewer, state, f.player))
            out.push_back({{"player", f.player}, {"state", f.state}});
    return out;
}

Json missed_orders_for(const Viewer& viewer, const rules::CampaignState& state,
                       const std::vector<std::string>& players) {
    Json out = Json::array();
    for (const auto& p : players)
        if (sees_orders_of(viewer, state, p)) out.push_back(p);
    return out;
}

bool sees_waiting_list(const Viewer& viewer, const Visibility& visibility) {
    return sees_everything(viewer, visibility);
}

}  // namespace umpire::protocol
