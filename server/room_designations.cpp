// What a Room gives the projection to designate enemy forces per viewer (issue 53,
// protocol/designations.hpp): every force the campaign has had and its regiments, the players'
// sides, the live resolved periods' events and the open period's requests. Read again only when
// the open period, its requests or the forces changed; the letters themselves are the
// projection's.
#include <algorithm>

#include "server/room.hpp"

namespace umpire::server {

namespace {

void add_force(protocol::DesignationFacts& facts, const std::string& force,
               const std::string& player, const std::vector<std::string>& regiments) {
    facts.force_players[force] = player;
    for (std::size_t i = 0; i < regiments.size(); ++i)
        facts.regiment_forces[regiments[i]] = {force, static_cast<int>(i) + 1};
}

}  // namespace

std::shared_ptr<const protocol::DesignationFacts> Room::designation_facts() const {
    std::vector<storage::DecisionRecord> asked;  // the open period's requests, in order
    for (auto& d : services_->campaigns->decisions(id()))
        if (d.period_index == campaign_.period_index() && !d.rolled_back_by)
            asked.push_back(std::move(d));
    std::string key = std::to_string(campaign_.period_index()) + "|" + campaign_.seed_hash() +
                      "|" + std::to_string(asked.size()) + "|" + campaign_.record().settings;
    for (const auto& f : campaign_.state().forces) key += "|" + f.id + ":" + f.player;
    if (designations_ && key == designations_key_) return designations_;

    auto facts = std::make_shared<protocol::DesignationFacts>();
    // Every force the campaign has had: the scenario's (some may be gone) and today's.
    const Json start = Json::parse(campaign_.record().scenario, nullptr, false);
    if (start.is_object() && start.contains("forces") && start["forces"].is_array())
        for (const auto& f : start["forces"]) {
            if (!f.is_object()) continue;
            std::vector<std::string> regiments;
            if (f.contains("regiments") && f["regiments"].is_array())
                for (const auto& r : f["regiments"])
                    if (r.is_object()) regiments.push_back(r.value("id", ""));
            add_force(*facts, f.value("id", ""), f.value("player", ""), regiments);
        }
    for (const auto& f : campaign_.state().forces) {
        std::vector<std::string> regiments;
        for (const auto& r : f.regiments) regiments.push_back(r.id);
        add_force(*facts, f.id, f.player, regiments);
    }
    facts->force_players.erase("");
    facts->regiment_forces.erase("");
    for (const auto& p : campaign_.state().players) facts->player_sides[p.id] = p.side;
    std::vector<storage::PeriodSummary> live;
    for (const auto& p : services_->campaigns->periods(id()))
        if (!p.rolled_back_by) live.push_back(p);
    std::sort(live.begin(), live.end(),
              [](const auto& a, const auto& b) { return a.index < b.index; });
    for (const auto& p : live) {
        std::vector<Json> events;
        for (const auto& e : services_->campaigns->load_period(id(), {p.index, p.attempt}).events)
            events.push_back(Json::parse(e.body));
        facts->periods.push_back(std::move(events));
    }
    for (const auto& d : asked) facts->pending.emplace_back(d.player, Json::parse(d.request));
    facts->visibility = visibility();
    designations_ = facts;
    designations_key_ = key;
    return designations_;
}

}  // namespace umpire::server
