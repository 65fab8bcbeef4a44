// Notifications as the account that is `viewer` is told them (project.hpp): the requests it
// answers, its own missed orders (the GM: everyone's), the world edits of its own forces.
#include <algorithm>

#include "protocol/project.hpp"

namespace umpire::protocol {

using rules::Json;

namespace {

namespace n = notification;

// Whoever answers a request asked of `asked_of`: its player, or the GMs for "gm".
bool answers(const Viewer& viewer, const std::string& asked_of) {
    return viewer.is_player() ? viewer.player == asked_of : viewer.is_gm() && asked_of == "gm";
}

Json head(const char* type, const CampaignFacts& campaign) {
    return {{"type", type}, {"campaign", campaign.id}};
}

struct Projector {
    const Viewer& viewer;
    const CampaignFacts& campaign;

    std::optional<Json> operator()(const n::DecisionNeeded& d) const {
        if (!answers(viewer, d.asked_of)) return std::nullopt;
        Json out = head("decision_needed", campaign);
        out["period_index"] = d.period_index;
        out["decision"] = d.decision;
        out["due_at"] = d.due_at ? Json(*d.due_at) : Json();
        return out;
    }
    std::optional<Json> operator()(const n::DecisionLapsed& d) const {
        if (!answers(viewer, d.asked_of)) return std::nullopt;
        Json out = head("decision_lapsed", campaign);
        out["period_index"] = d.period_index;
        out["decision"] = d.decision;
        return out;
    }
    // The player the GM answered for (the GMs know: one of them did it).
    std::optional<Json> operator()(const n::DecisionAnsweredFor& d) const {
        if (!viewer.is_player() || viewer.player != d.asked_of) return std::nullopt;
        Json out = head("decision_answered_for", campaign);
        out["period_index"] = d.period_index;
        out["decision"] = d.decision;
        out["answer"] = d.answer;
        out["reason"] = d.reason;
        return out;
    }
    std::optional<Json> operator()(const n::DeadlineNear& d) const {
        if (!viewer.is_player()) return std::nullopt;
        Json out = head("deadline_near", campaign);
        out["period_index"] = d.period_index;
        out["due_at"] = d.due_at;
        return out;
    }
    std::optional<Json> operator()(const n::OrdersReopened& d) const {
        if (!viewer.is_player()) return std::nullopt;
        Json out = head("orders_reopened", campaign);
        out["period_index"] = d.period_index;
        return out;
    }
    // The GMs: who missed; a player: only that it did itself, and what was done for it.
    std::optional<Json> operator()(const n::MissedOrders& d) const {
        Json out = head("missed_orders", campaign);
        out["period_index"] = d.period_index;
        if (viewer.is_gm()) {
            out["players"] = d.players;
            return out;
        }
        if (!viewer.is_player() ||
            std::find(d.players.begin(), d.players.end(), viewer.player) == d.players.end())
            return std::nullopt;
        out["players"] = Json::array({viewer.player});
        out["what_was_done"] = kWhatWasDoneForMissedOrders;
        return out;
    }
    std::optional<Json> operator()(const n::CampaignEnded& d) const {
        Json out = head("campaign_ended", campaign);
        out["reason"] = d.reason;
        return out;
    }
    // A player whose forces it changed (only those), or every player for the map and sides.
    std::optional<Json> operator()(const n::WorldEdited& d) const {
        if (!viewer.is_player()) return std::nullopt;
        const auto own = d.forces_by_player.find(viewer.player);
        if (own == d.forces_by_player.end() && !d.map_or_sides) return std::nullopt;
        Json out = head("world_edited", campaign);
        out["reason"] = d.reason;
        out["forces"] = own == d.forces_by_player.end() ? Json::array() : Json(own->second);
        out["map_or_sides"] = d.map_or_sides;
        return out;
    }
};

}  // namespace

std::optional<Json> project(const Viewer& viewer, const CampaignFacts& campaign,
                            const NotificationFacts& notification) {
    auto out = std::visit(Projector{viewer, campaign}, notification);
    if (out) out = designated(viewer, campaign.designations.get(), std::move(*out));
    return out;
}

}  // namespace umpire::protocol
