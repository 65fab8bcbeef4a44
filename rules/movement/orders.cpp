#include "umpire/rules/orders.hpp"

#include "rules/events/event_records.generated.hpp"

#include <algorithm>
#include <set>
#include <span>
#include <string_view>
#include <unordered_set>

namespace umpire::rules {

std::string order_problem(const CampaignState& state, const Ruleset& ruleset,
                          const ForceOrder& order, const Force& force) {
    if (order.hold && !order.path.empty()) return "an order is either hold or a path, not both";
    if (!order.path.empty() && (force.order_state == OrderState::in_retreat ||
                                force.order_state == OrderState::in_rout))
        return "a force " + to_string(force.order_state) +
               " cannot be ordered to move; it moves by the retreat and rout rules (R-10)";
    Hex at = force.hex();
    for (std::size_t i = 0; i < order.path.size(); ++i) {
        const Hex next = order.path[i];
        // Named only in a refusal: most orders stand, and their steps need no text.
        const auto step = [&] {
            return "path step " + std::to_string(i + 1) + " " + to_string(next);
        };
        if (!adjacent(at, next)) return step() + " is not adjacent to " + to_string(at);
        const std::string* name = state.map.terrain_at(next);
        if (!name) return step() + " is off the map";
        const TerrainType* terrain = ruleset.find_terrain(*name);
        if (!terrain || !terrain->passable) return step() + " is impassable (" + *name + ")";
        at = next;
    }
    if (order.forced_march && order.path.empty()) return "a forced march needs a path";
    if (order.forced_march && force.forced_march_blocked)
        return "no forced march until the force has stayed stationary for a half period (R-3.5)";
    if (!order.regiments.empty()) {
        std::multiset<std::string> given(order.regiments.begin(), order.regiments.end());
        std::multiset<std::string> actual;
        for (const auto& r : force.regiments) actual.insert(r.id);
        if (given != actual) return "regiments must list each of the force's regiments once";
    }
    if (order.scout) {
        // a hex on the map within the scouting range of the force's position.
        const std::string target = "scout target " + to_string(*order.scout);
        if (ruleset.scouting.dispatches_per_period < 1)
            return "the ruleset allows no scouts (R-4.1)";
        if (!state.map.contains(*order.scout)) return target + " is off the map";
        const int distance = hex_distance(force.hex(), *order.scout);
        if (distance > ruleset.scouting.range_hexes)
            return target + " is " + std::to_string(distance) +
                   " hexes away; a scout goes at most " +
                   std::to_string(ruleset.scouting.range_hexes) + " (R-4.1)";
    }
    return {};
}

std::vector<AcceptedOrder> validate_orders(const CampaignState& state, const Ruleset& ruleset,
                                           const PeriodOrders& orders, EventLog& log) {
    std::vector<AcceptedOrder> accepted;
    std::unordered_set<std::string_view> ordered;  // forces with an order that stands
    for (std::size_t i = 0; i < orders.orders.size(); ++i) {
        const ForceOrder& order = orders.orders[i];
        std::string reason;
        const Force* force = state.find_force(order.force);
        const Player* player = state.find_player(order.player);
        // An enemy force is reported as unknown: the reason must not confirm that it exists.
        const bool visible = force && player && state.side_of(*force) == player->side;
        if (!player)
            reason = "unknown player \"" + order.player + "\"";
        else if (!visible)
            reason = "unknown force \"" + order.force + "\"";
        else if (force->player != order.player)
            reason = "force \"" + order.force + "\" belongs to another player";
        else if (ordered.count(order.force))
            reason = "a second order for this force this period; the first one stands";
        else
            reason = order_problem(state, ruleset, order, *force);

        if (reason.empty()) {
            ordered.insert(order.force);
            accepted.push_back({order.force, order.path, order.forced_march, order.regiments,
                                order.standing_instructions, order.scout});
        }
        // Orders are secret until the period is resolved: only their author sees this.
        const std::string_view author = order.player;
        event::OrderResult{
            .force = order.force,
            .order = i,
            .player = order.player,
            .status = reason.empty() ? "accepted" : "rejected",
            .reason = reason.empty() ? std::nullopt : std::optional<event::EventText>(reason)}
            .write(log, std::span<const std::string_view>(&author, 1));
    }
    return accepted;
}

}  // namespace umpire::rules
