// Missed orders (NMR, "no moves received"): a player an account plays that has no submitted or
// confirmed orders when its period resolves. Its forces hold and its decisions take its standing
// instructions or the rules' defaults (RULEBOOK, decisions.md); the server records who missed
// which period attempt, tells the player and the GM, and counts them per player. Who may learn of
// a player's missed orders is the projection's (protocol::project): another side's
// would tell that its forces held.
#include "server/room.hpp"

namespace umpire::server {

namespace {

constexpr const char* kMissedOrders = "missed_orders";

bool live_attempt(const std::vector<storage::PeriodSummary>& periods, int index, int attempt) {
    for (const auto& p : periods)
        if (p.index == index && p.attempt == attempt) return !p.rolled_back_by;
    return false;
}

}  // namespace

std::vector<std::string> Room::players_without_orders() const {
    const auto flags = order_flags();
    std::vector<std::string> missed;
    for (const auto& m : services_->server->memberships(id())) {
        if (m.role != "player" || !m.player) continue;
        for (const auto& f : flags)
            if (f.player == *m.player && (f.state == "none" || f.state == "draft"))
                missed.push_back(f.player);
    }
    std::sort(missed.begin(), missed.end());
    return missed;
}

void Room::record_missed_orders(int index, int attempt, const std::vector<std::string>& players) {
    if (players.empty()) return;
    storage::GmActionRecord a{
        id(),
        0,
        kMissedOrders,
        "",
        Json{{"period_index", index}, {"attempt", attempt}, {"players", players}}.dump(),
        services_->now_iso()};
    services_->server->add_gm_action(a);
    const std::string key =
        std::string(kMissedOrders) + ":" + std::to_string(index) + "." + std::to_string(attempt);
    notify_members(key, protocol::notification::MissedOrders{index, players});
}

std::vector<std::string> Room::missed_orders(int index, int attempt) const {
    for (const auto& a : services_->campaigns->gm_actions(id())) {
        if (a.kind != kMissedOrders) continue;
        const Json d = Json::parse(a.details);
        if (d.value("period_index", -1) == index && d.value("attempt", -1) == attempt)
            return d["players"].get<std::vector<std::string>>();
    }
    return {};
}

std::vector<protocol::MissedAttempt> Room::missed_attempts() const {
    const auto periods = services_->campaigns->periods(id());
    std::vector<protocol::MissedAttempt> out;
    for (const auto& a : services_->campaigns->gm_actions(id())) {
        if (a.kind != kMissedOrders) continue;
        const Json d = Json::parse(a.details);
        if (!live_attempt(periods, d.value("period_index", -1), d.value("attempt", -1))) continue;
        out.push_back({d["players"].get<std::vector<std::string>>()});
    }
    return out;
}

}  // namespace umpire::server
