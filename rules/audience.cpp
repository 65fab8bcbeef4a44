#include "rules/audience.hpp"

#include <set>

namespace umpire::rules {

namespace {
Json as_list(const std::set<std::string>& players) {
    Json out = Json::array();
    for (const auto& p : players) out.push_back(p);
    return out;
}
}  // namespace

Json side_audience(const CampaignState& state, const Force& force) {
    const std::string side = state.side_of(force);
    std::set<std::string> players;
    for (const auto& p : state.players)
        if (p.side == side) players.insert(p.id);
    return as_list(players);
}

Json forces_audience(const CampaignState& state, const std::vector<std::string>& forces) {
    std::set<std::string> players;
    for (const auto& id : forces)
        if (const Force* f = state.find_force(id)) players.insert(f->player);
    return as_list(players);
}

Json player_audience(const std::string& player) { return Json::array({player}); }

bool in_audience(const Json& audience, const std::string& player) {
    if (audience.is_string()) return audience == "all";
    for (const auto& p : audience)
        if (p == player) return true;
    return false;
}

}  // namespace umpire::rules
