// The campaign's view, decision requests, notices, the history and lobby entries, as one
// viewer may see them (project.hpp). Who sees what is decided by the parts: view_for,
// decision_visible, order_flags_for, sees_waiting_list (projection.hpp) and notice_for
// (notices.hpp).
#include <map>
#include <set>

#include "protocol/project.hpp"
#include "protocol/projection.hpp"

namespace umpire::protocol {

using rules::Json;

namespace {

Json notices(const Viewer& viewer, const CampaignFacts& campaign,
             const std::vector<GmAction>& actions) {
    return notices_for(viewer, campaign.visibility, actions);
}

std::vector<OrderFlag> order_flags(const CampaignFacts& campaign,
                                   const std::vector<OrdersFacts>& orders) {
    std::vector<OrderFlag> flags;
    for (const auto& p : campaign.state.players) {
        std::string state = "none";
        for (const auto& o : orders)
            if (o.player == p.id) state = o.state;
        flags.push_back({p.id, state});
    }
    return flags;
}

}  // namespace

Json project(const Viewer& viewer, const CampaignFacts& campaign, const ViewFacts& facts) {
    Json view;
    view["campaign"] = campaign.id;
    view["name"] = facts.name;
    view["status"] = facts.status;
    view["time_zone"] = facts.time_zone;
    view["you"] = {{"role", role_name(viewer.role)}, {"player", viewer.player}};
    view["world"] = view_for(viewer, campaign.state, campaign.visibility);
    view["period"] = {{"index", campaign.period_index},
                      {"day", campaign.state.calendar.day},
                      {"period", rules::to_string(campaign.state.calendar.period)},
                      {"seed_hash", facts.seed_hash},
                      {"deadline", facts.deadline ? Json(*facts.deadline) : Json()}};
    view["order_flags"] =
        order_flags_for(viewer, campaign.state, order_flags(campaign, facts.orders));
    view["my_orders"] = nullptr;
    if (viewer.is_player())
        for (const auto& o : facts.orders)
            if (o.player == viewer.player)
                view["my_orders"] = {{"state", o.state},
                                     {"receipt", o.receipt},
                                     {"updated_at", o.updated_at},
                                     {"orders", Json::parse(o.orders)}};
    Json decisions = Json::array();
    for (const auto& d : facts.pending)
        if (decision_visible(viewer, d.player, campaign.unplayed)) decisions.push_back(d.request);
    view["decisions"] = std::move(decisions);
    if (sees_waiting_list(viewer, campaign.visibility)) {
        std::set<std::string> waiting;
        for (const auto& d : facts.pending) waiting.insert(d.player);
        view["waiting_for"] = waiting;
        view["unplayed"] = campaign.unplayed;
    }
    view["notices"] = notices(viewer, campaign, facts.actions);
    view["press"] = press_policy_name(campaign.visibility.press);
    return designated(viewer, campaign.designations.get(), std::move(view));
}

std::optional<Json> project(const Viewer& viewer, const CampaignFacts& campaign,
                            const DecisionFacts& decision) {
    if (!decision_visible(viewer, decision.player, campaign.unplayed)) return std::nullopt;
    return Json{{"type", "decision_request"},
                {"campaign", campaign.id},
                {"request", designated(viewer, campaign.designations.get(), decision.request)}};
}

std::optional<Json> project(const Viewer& viewer, const CampaignFacts& campaign,
                            const GmAction& action, const std::vector<GmAction>& audit) {
    auto notice = notice_for(viewer, campaign.visibility, action,
                             notice_number(viewer, campaign.visibility, audit, action.no));
    if (!notice) return std::nullopt;
    return Json{{"type", "notice"}, {"campaign", campaign.id}, {"notice", std::move(*notice)}};
}

Json project(const Viewer& viewer, const CampaignFacts& campaign,
             const std::vector<PeriodListing>& periods, const std::vector<GmAction>& actions) {
    Json list = Json::array();
    for (const auto& p : periods)
        list.push_back({{"period_index", p.index},
                        {"attempt", p.attempt},
                        {"day", p.day},
                        {"period", p.kind},
                        {"seed_hash", p.seed_hash},
                        {"committed_at", p.committed_at},
                        {"rolled_back", p.rolled_back}});
    return {{"type", "history"},
            {"campaign", campaign.id},
            {"periods", std::move(list)},
            {"notices", notices(viewer, campaign, actions)}};
}

Json project(const Viewer& viewer, const CampaignFacts& campaign, const LobbyFacts& lobby) {
    Json entry{{"campaign", campaign.id}, {"name", lobby.name},
               {"status", lobby.status},  {"role", role_name(viewer.role)},
               {"player", viewer.player}, {"period_index", campaign.period_index}};
    std::map<std::string, int> counts;  // missed orders per player the viewer may know of
    for (const auto& attempt : lobby.missed)
        for (const auto& p : missed_orders_for(viewer, campaign.state, attempt.players))
            ++counts[p.get<std::string>()];
    if (!counts.empty()) entry["missed_orders"] = counts;
    return entry;
}

}  // namespace umpire::protocol
