#include "rules/audience.hpp"

#include <algorithm>

namespace umpire::rules {

namespace {
// The distinct ids, sorted, as a JSON list. Audiences are a player or two: a sorted vector of
// pointers, not a std::set of copies.
Json as_list(std::vector<const std::string*>& players) {
    const auto less = [](const std::string* a, const std::string* b) { return *a < *b; };
    const auto same = [](const std::string* a, const std::string* b) { return *a == *b; };
    std::sort(players.begin(), players.end(), less);
    players.erase(std::unique(players.begin(), players.end(), same), players.end());
    Json out = Json::array();
    out.get_ref<Json::array_t&>().reserve(players.size());
    for (const std::string* p : players) out.push_back(*p);
    return out;
}
}  // namespace

Json side_audience(const CampaignState& state, const Force& force) {
    const std::string& side = state.side_of(force);
    std::vector<const std::string*> players;
    for (const auto& p : state.players)
        if (p.side == side) players.push_back(&p.id);
    return as_list(players);
}

Json forces_audience(const CampaignState& state, const std::vector<std::string>& forces) {
    std::vector<const std::string*> players;
    players.reserve(forces.size());
    for (const auto& id : forces)
        if (const Force* f = state.find_force(id)) players.push_back(&f->player);
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
