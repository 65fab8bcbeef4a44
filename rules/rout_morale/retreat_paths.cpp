// planning a retreat or rout move by exhaustive, bounded search. Paths are a
// few hexes long and every step must keep its distance to every enemy, so the search is small.
#include "rules/rout_morale/retreat_paths.hpp"

#include <algorithm>
#include <climits>
#include <tuple>

#include "rules/movement/movement_costs.hpp"
#include "rules/rout_morale/retreat_enemies.hpp"

namespace umpire::rules {

namespace {

// preferences as one key, smaller is better, compared in rulebook order.
struct PathKey {
    int cost = 0;              // retreat only: terrain cost (0 for a rout)
    int next_to_enemy = 0;     // hexes entered that are adjacent to an enemy force
    int allies_passed = 0;     // allied forces passed through
    int not_refuge = 0;        // rout only: 0 when the destination is forest or dwelling
    int minus_distance = 0;    // minus the final distance to the nearest enemy
    Hex destination;
    std::vector<Hex> path;     // lowest path in (q, r) order
    auto operator<=>(const PathKey&) const = default;
};

class Planner {
public:
    Planner(const CampaignState& state, const Ruleset& ruleset, const Force& force,
            RetreatKind kind)
        : state_(state), ruleset_(ruleset), force_(force), kind_(kind), start_(force.hex()),
          field_(state, force, force.hex()) {
        home_ = nearest_home_hex(state, force, start_);
        // a force that starts behind the enemy's lines is not held to the rule.
        lines_waived_ = home_ && behind_lines(start_);
        const RetreatRules& r = ruleset.retreat;
        // Each hex beyond the minimum costs at least one point, so this bounds a retreat.
        max_hexes_ = kind == RetreatKind::rout
                         ? r.rout_hexes
                         : std::max(r.retreat_min_hexes, r.retreat_move_points);
    }

    RetreatOutcome run() {
        RetreatOutcome out;
        if (field_.no_enemy()) {
            out.result = RetreatOutcome::Result::no_enemy;
            return out;
        }
        if (max_hexes_ > 0) search(start_, 0);
        if (best_) {
            out.path = best_->path;
            return out;
        }
        if (best_exit_) {  // off the map instead of surrendering
            out.result = RetreatOutcome::Result::routed_off_map;
            out.path = best_exit_->first;
            out.exit = best_exit_->second;
            return out;
        }
        out.result = RetreatOutcome::Result::surrendered;
        out.captor = nearest_enemy(state_, force_, start_)->id;
        return out;
    }

private:
    bool held_by(const std::vector<Hex>& hexes, Hex h) const {
        return std::find(hexes.begin(), hexes.end(), h) != hexes.end();
    }

    int nearest_enemy_distance(Hex h) const { return field_.nearest_enemy_distance(h); }

    // R-10.2 [H]: h is behind enemy lines when an enemy within the radius of h is nearer the
    // home hex than h is.
    bool behind_lines(Hex h) const {
        const int radius = ruleset_.retreat.behind_lines_radius;
        return field_.any_enemy_within(h, radius, [&](Hex e) {
            return hex_distance(e, *home_) < hex_distance(h, *home_);
        });
    }

    // hard rules for one step (also for the off-map step of ).
    bool step_allowed(Hex from, Hex to) const {
        if (field_.step_closer_to_an_enemy(from, to)) return false;
        return !home_ || lines_waived_ || !behind_lines(to);
    }

    // Terrain cost of entering `to` (0 for a rout), or -1 if it cannot be entered.
    int entry_cost(Hex from, Hex to) const {
        if (field_.enemy_at(to)) return -1;
        if (kind_ == RetreatKind::retreat) return step_cost(state_.map, ruleset_, from, to);
        const std::string* name = state_.map.terrain_at(to);  // a rout ignores cost, not water
        const TerrainType* terrain = name ? ruleset_.find_terrain(*name) : nullptr;
        return terrain && terrain->passable ? 0 : -1;
    }

    // end rules: not in an allied hex, farther from every enemy than at the start.
    bool end_allowed(Hex end) const {
        return !field_.ally_at(end) && field_.farther_from_every_enemy(end);
    }

    // Depth-first over simple paths; returns whether a legal path ends in this subtree (below
    // the current hex), so a retreat keeps only paths that cannot be extended.
    bool search(Hex from, int cost) {
        bool legal_below = false;
        for (Hex to : neighbours(from)) {
            if (to == start_ || held_by(path_, to)) continue;
            if (!state_.map.contains(to)) {
                note_exit(from, to);
                continue;
            }
            const int step = entry_cost(from, to);
            if (step < 0 || !step_allowed(from, to)) continue;
            const int hexes = static_cast<int>(path_.size()) + 1;
            const int total = cost + step;
            // the minimum hexes are always allowed; beyond them, only within the points.
            if (kind_ == RetreatKind::retreat && hexes > ruleset_.retreat.retreat_min_hexes &&
                total > ruleset_.retreat.retreat_move_points)
                continue;
            path_.push_back(to);
            const bool legal = (kind_ == RetreatKind::retreat || hexes == max_hexes_) &&
                               end_allowed(to);
            const bool below = hexes < max_hexes_ && search(to, total);
            if (legal && !below) consider(total);
            legal_below = legal_below || legal || below;
            path_.pop_back();
        }
        return legal_below;
    }

    void consider(int cost) {
        PathKey key;
        const bool retreat = kind_ == RetreatKind::retreat;
        key.cost = retreat ? cost : 0;
        for (Hex h : path_) {
            if (nearest_enemy_distance(h) == 1) ++key.next_to_enemy;
            if (field_.ally_at(h)) ++key.allies_passed;
        }
        const Hex end = path_.back();
        key.not_refuge = !retreat && !forest_or_dwelling(state_.map, end) ? 1 : 0;
        key.minus_distance = -nearest_enemy_distance(end);
        key.destination = end;
        key.path = path_;
        if (!best_ || key < *best_) best_ = std::move(key);
    }

    // a rout whose next step would leave the map, with hexes of its move left. The
    // off-map step must keep the step rules measured at its coordinate.
    void note_exit(Hex from, Hex beyond) {
        if (kind_ != RetreatKind::rout || static_cast<int>(path_.size()) >= max_hexes_) return;
        if (!step_allowed(from, beyond)) return;
        // Fewest hexes next to enemies, fewest allies passed, shortest, lowest in (q, r).
        auto rank = [&](const std::vector<Hex>& p, Hex x) {
            int next = 0, allies = 0;
            for (Hex h : p) {
                if (nearest_enemy_distance(h) == 1) ++next;
                if (field_.ally_at(h)) ++allies;
            }
            return std::make_tuple(next, allies, p.size(), p, x);
        };
        if (!best_exit_ || rank(path_, beyond) < rank(best_exit_->first, best_exit_->second))
            best_exit_ = std::make_pair(path_, beyond);
    }

    const CampaignState& state_;
    const Ruleset& ruleset_;
    const Force& force_;
    RetreatKind kind_;
    Hex start_;
    RetreatField field_;
    std::optional<Hex> home_;
    bool lines_waived_ = false;
    int max_hexes_ = 0;
    std::vector<Hex> path_;
    std::optional<PathKey> best_;
    std::optional<std::pair<std::vector<Hex>, Hex>> best_exit_;
};

}  // namespace

std::vector<const Force*> enemy_forces(const CampaignState& state, const Force& force) {
    std::vector<const Force*> out;
    for (const auto& other : state.forces)
        if (!other.regiments.empty() && state.opposed(force, other)) out.push_back(&other);
    std::sort(out.begin(), out.end(), [](const Force* a, const Force* b) { return a->id < b->id; });
    return out;
}

const Force* nearest_enemy(const CampaignState& state, const Force& force, Hex from) {
    const Force* best = nullptr;
    if (state.tracking_positions()) {
        // The nearest distance by rings around `from`, then the lowest id on that ring.
        auto enemy = [&](const Force& e) { return state.opposed(force, e); };
        const int distance = nearest_force_distance(state, from, enemy);
        auto lowest = [&](Hex h) {
            state.for_each_force_at(h, [&](const Force& e) {
                if (enemy(e) && (!best || e.id < best->id)) best = &e;
            });
            return false;
        };
        if (distance == 0) lowest(from);
        if (distance > 0) visit_ring(from, distance, lowest);
        return best;
    }
    int best_distance = 0;
    const std::string& own_side = state.side_of(force);
    for (const auto& e : state.forces) {
        if (e.regiments.empty()) continue;
        const int d = hex_distance(from, e.hex());
        // Nearest first, then lowest id; the side lookup only for a force that would win.
        if ((!best || d < best_distance || (d == best_distance && e.id < best->id)) &&
            state.side_of(e) != own_side) {
            best = &e;
            best_distance = d;
        }
    }
    return best;
}

std::optional<Hex> nearest_home_hex(const CampaignState& state, const Force& force, Hex from) {
    const Side* side = state.find_side(state.side_of(force));
    if (!side) return std::nullopt;
    std::optional<Hex> best;
    for (Hex h : side->home_hexes) {
        if (!best) {
            best = h;
            continue;
        }
        const int d = hex_distance(from, h), bd = hex_distance(from, *best);
        if (d < bd || (d == bd && h < *best)) best = h;
    }
    return best;
}

bool forest_or_dwelling(const Map& map, Hex h) {
    const MapHex* cell = map.at(h);
    return cell && (cell->dwelling || cell->terrain == "forest");
}

RetreatOutcome plan_retreat(const CampaignState& state, const Ruleset& ruleset, const Force& force,
                            RetreatKind kind) {
    return Planner(state, ruleset, force, kind).run();
}

}  // namespace umpire::rules
