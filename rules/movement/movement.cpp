#include "rules/movement/movement.hpp"

#include <algorithm>
#include <cassert>
#include <numeric>
#include <stdexcept>
#include <string_view>
#include <unordered_map>

#include "rules/dice/rolloff.hpp"
#include "rules/events/event_records.generated.hpp"
#include "rules/movement/movement_costs.hpp"
#include "rules/world/text_words.hpp"
#include "umpire/rules/audience.hpp"
#include "umpire/rules/calendar.hpp"

namespace umpire::rules {

std::string PeriodTime::to_string() const {
    const long long g = std::gcd(num, den);
    const long long n = g ? num / g : num;
    const long long d = g ? den / g : den;
    return d == 1 ? std::to_string(n) : std::to_string(n) + "/" + std::to_string(d);
}

namespace {

PeriodTime reduced(long long num, long long den) {
    const long long g = std::gcd(num, den);
    return g ? PeriodTime{num / g, den / g} : PeriodTime{num, den};
}

struct Mover {
    Force* force = nullptr;
    ForceMovement* movement = nullptr;  // its entry in the phase's result
    std::vector<Hex> path;
    std::size_t next = 0;
    std::vector<Hex> visited;  // the start hex, then every hex entered, in order
    bool active = false;
    // Its clock: entries complete at base + (points spent since base) / available. A force that
    // resumes after a contact starts again from the second half period.
    PeriodTime base{0, 1};
    int spent_at_base = 0;
    // The cost of the step from `cost_from` to `cost_to`, kept: each step of the phase asks
    // every mover still moving for its next entry time.
    mutable std::optional<int> cost;
    mutable Hex cost_from, cost_to;
};

}  // namespace

struct MovementPhase::Impl {
    Impl(CampaignState& state, const Ruleset& ruleset, DiceSource& dice, EventLog& log,
         const MovementContext& context)
        : state_(state), ruleset_(ruleset), dice_(dice), log_(log), context_(context) {}

    void start(const std::vector<AcceptedOrder>& orders) {
        std::unordered_map<std::string_view, const AcceptedOrder*> order_of;
        for (const auto& o : orders) order_of.emplace(o.force, &o);  // the first, as find_if
        // Forces are kept in id order: each goes in at the end of both maps, the end given as
        // the place to try (a force out of order is found its place as usual).
        for (auto& force : state_.forces) {
            const auto kept = result_.try_emplace(result_.end(), force.id);
            ForceMovement& fm = kept->second;
            fm.movement_period =
                moves_at_night(force, ruleset_) == (context_.period == PeriodKind::night);
            Mover& m = movers_.try_emplace(movers_.end(), force.id)->second;
            by_id_.emplace(kept->first, Entry{&m, &fm});  // viewing the key result_ keeps
            m.force = &force;
            m.movement = &fm;
            m.visited.push_back(force.hex());
            const auto found = order_of.find(force.id);
            const AcceptedOrder* order = found == order_of.end() ? nullptr : found->second;
            fm.forced_march = order && order->forced_march;
            fm.daily = daily_move_points(force, ruleset_) +
                       (fm.forced_march ? forced_march_bonus(force, ruleset_) : 0);
            if (!fm.movement_period) continue;
            fm.available = fm.daily + force.saved_points;
            if (order && !order->path.empty() && fm.available > 0) {
                m.path = order->path;
                m.active = true;
            }
        }
        for (auto& [id, m] : movers_)
            if (m.active) active_.push_back(&m);
    }

    // The movers still moving, in force id order (movers_'s order): most halt early, and the
    // steps of a period need not look at them again.
    const std::vector<Mover*>& active() {
        if (halted_since_pruned_)
            std::erase_if(active_, [](const Mover* m) { return !m->active; });
        halted_since_pruned_ = false;
        return active_;
    }

    std::vector<MapContact> run_until(PeriodTime limit, int half) {
        std::vector<MapContact> found;
        if (!started_) {
            started_ = true;
            settle_contacts(PeriodTime{0, 1}, half, found);
        }
        for (;;) {
            halt_finished(now_, half, found);
            std::vector<Mover*> group;
            PeriodTime t{1, 1};
            for (Mover* m : active()) {
                const PeriodTime tm = entry_time(*m);
                if (group.empty() || tm < t) {
                    group.clear();
                    t = tm;
                }
                if (tm == t) group.push_back(m);
            }
            if (group.empty() || limit < t) break;
            enter(group, t, half);
            settle_contacts(t, half, found);
            now_ = t;
        }
        return found;
    }

    std::vector<MapContact> renew_contacts(int half) {
        contacts_.clear();
        std::vector<MapContact> found;
        now_ = half == 0 ? PeriodTime{0, 1} : kHalfTime;
        settle_contacts(now_, half, found, true);
        return found;
    }

    void resume(const std::string& id) {
        Mover& m = mover(id);
        if (m.next >= m.path.size() || !adjacent(m.force->hex(), m.path[m.next])) return;
        if (!m.active) {
            active();  // drops the halted ones, this one among them, before it goes back in
            m.active = true;
            auto by_id = [](const Mover* a, const Mover* b) { return a->force->id < b->force->id; };
            active_.insert(std::lower_bound(active_.begin(), active_.end(), &m, by_id), &m);
        }
        m.base = kHalfTime;
        m.spent_at_base = movement(id).spent;
        event::MovementResumed{.force = id, .hex = m.force->hex()}.write(
            log_, side_audience(state_, *m.force));
    }

    void stop(const std::string& id, const std::string& reason) {
        Mover& m = mover(id);
        if (m.active) halt(m, reason);
    }

    void moved_outside(const std::string& id, int cost, int half) {
        ForceMovement& fm = movement(id);
        fm.spent += cost;
        (half == 0 ? fm.moved_first_half : fm.moved_second_half) = true;
        repositioned(id);
    }

    void repositioned(const std::string& id) {
        Mover& m = mover(id);
        m.visited.push_back(m.force->hex());
        // Moved onto its next path hex, it follows on from there; moved off its path, it stops.
        if (m.next < m.path.size() && m.force->hex() == m.path[m.next]) ++m.next;
        if (m.next < m.path.size() && !adjacent(m.force->hex(), m.path[m.next])) m.path.clear();
    }

    void joined_contact(const std::string& id) {
        Mover& m = mover(id);
        if (m.active) halt(m, "map contact");
        for (const auto& other : state_.forces) {
            if (other.regiments.empty() || !state_.opposed(other, *m.force) ||
                !adjacent(other.hex(), m.force->hex()))
                continue;
            contacts_.insert(other.id < id ? std::pair{other.id, id} : std::pair{id, other.id});
            auto& at = movement(id).contact_at;
            if (!at || now_ < *at) at = now_;
        }
    }

    void force_march(const std::string& id) {
        ForceMovement& fm = movement(id);
        if (fm.forced_march) return;
        const int bonus = forced_march_bonus(*mover(id).force, ruleset_);
        fm.forced_march = true;
        fm.daily += bonus;
        fm.available += bonus;
    }

    int next_cost(const Mover& m) const {
        const Hex from = m.force->hex(), to = m.path[m.next];
        if (!m.cost || m.cost_from != from || m.cost_to != to) {
            m.cost = step_cost(state_.map, ruleset_, from, to);
            m.cost_from = from;
            m.cost_to = to;
        }
        return *m.cost;
    }

    PeriodTime entry_time(const Mover& m) const {
        const ForceMovement& fm = *m.movement;
        const long long used = fm.spent - m.spent_at_base + next_cost(m);
        // base + used / available, kept reduced so the numbers stay small.
        return reduced(m.base.num * fm.available + used * m.base.den, m.base.den * fm.available);
    }

    // Halts the movers whose path is done or whose next hex they cannot pay for.
    void halt_finished(PeriodTime now, int half, std::vector<MapContact>& found) {
        bool halted = false;
        for (Mover* mover : active()) {
            Mover& m = *mover;
            if (!m.active) continue;  // halted by a step back earlier in this loop
            if (m.next >= m.path.size()) {
                halt(m, "path complete");
                halted = true;
                continue;
            }
            const int cost = next_cost(m);
            const ForceMovement& fm = *m.movement;
            if (cost < 0 || fm.spent + cost > fm.available) {
                halt(m, cost < 0 ? "next hex cannot be entered" : "not enough move points");
                halted = true;
            } else if (kFullTime < entry_time(m)) {
                halt(m, "no time left in the period");
                halted = true;
            }
        }
        if (halted) settle_contacts(now, half, found);  // a step back can meet an enemy
    }

    void enter(const std::vector<Mover*>& group, PeriodTime t, int half) {
        // forces of different sides entering one hex at the same t roll off for it.
        std::map<Hex, std::vector<Mover*>> by_target;
        for (Mover* m : group) by_target[m->path[m->next]].push_back(m);
        std::vector<Mover*> entering;
        for (auto& [hex, entrants] : by_target) {
            if (const Force* there = state_.force_at(hex);
                there && state_.opposed(*there, *entrants.front()->force)) {
                for (Mover* m : entrants) halt(*m, "enemy force in the next hex");
                continue;
            }
            std::set<std::string> sides;
            for (Mover* m : entrants) sides.insert(state_.side_of(*m->force));
            if (sides.size() < 2) {
                entering.insert(entering.end(), entrants.begin(), entrants.end());
                continue;
            }
            std::vector<std::string> ids;
            for (Mover* m : entrants) ids.push_back(m->force->id);
            const std::string winner =
                roll_off(ids, dice_, log_, "rolloff for hex " + to_string(hex),
                         {.hex = hex, .t = t.to_string()}, forces_audience(state_, ids));
            for (Mover* m : entrants) {
                if (m->force->id == winner)
                    entering.push_back(m);
                else
                    halt(*m, "lost the roll-off for hex " + to_string(hex));
            }
        }
        for (Mover* m : entering) step(*m, t, half);
    }

    void step(Mover& m, PeriodTime t, int half) {
        Force& force = *m.force;
        ForceMovement& fm = *m.movement;
        const Hex from = force.hex();
        const Hex to = m.path[m.next];
        const int cost = next_cost(m);
        const bool formed = step_keeps_formed(force, state_.map, ruleset_, from, to);
        state_.move_force(force, to);
        fm.spent += cost;
        ++fm.entries;
        ++m.next;
        m.visited.push_back(to);
        (half == 0 ? fm.moved_first_half : fm.moved_second_half) = true;
        event::ForceMoved{.available = fm.available,
                          .cost = cost,
                          .force = force.id,
                          .from = from,
                          .half_period = half_name(half),
                          .spent = fm.spent,
                          .t = t.to_string(),
                          .to = to}
            .write(log_, side_audience(state_, force));
        if (!formed && force.order_state == OrderState::formed) {
            force.order_state = OrderState::unformed;
            fm.unformed_in_half = half;
            event::BecameUnformed{.force = force.id,
                                  .hex = to,
                                  .reason = "entered " + state_.map.at(to)->terrain +
                                            " without meeting its formed-movement condition"}
                .write(log_, side_audience(state_, force));
        }
    }

    void halt(Mover& m, const std::string& reason) {
        m.active = false;
        halted_since_pruned_ = true;
        event::ForceHalted{.force = m.force->id, .hex = m.force->hex(), .reason = reason}.write(
            log_, side_audience(state_, *m.force));
        step_back_if_stacked(m);
    }

    // R-3.4 [H]: a force may pass through allied hexes but not end in one; it stops instead in
    // the last hex of its move that no other force holds.
    void step_back_if_stacked(Mover& m) {
        auto held_by_other = [&](Hex h) {
            bool held = false;
            state_.for_each_force_at(h, [&](const Force& f) { held = held || &f != m.force; });
            return held;
        };
        if (!held_by_other(m.force->hex())) return;
        std::optional<Hex> back;
        for (std::size_t i = m.visited.size() - 1; i-- > 0 && !back;)
            if (!held_by_other(m.visited[i])) back = m.visited[i];
        // [H] Every hex of its move is held now (allies moved in behind it): the nearest free
        // passable hex, not next to an enemy if one is as near, lowest (q, r) on ties.
        if (!back) back = nearest_free_hex(*m.force, held_by_other);
        if (!back) return;
        event::SteppedBack{.force = m.force->id, .from = m.force->hex(), .to = *back}.write(
            log_, side_audience(state_, *m.force));
        state_.move_force(*m.force, *back);
    }

    // Ring by ring outward (the map may be large): the first ring with a free passable hex
    // holds the answer; in it, a hex not next to an enemy first, then the lowest (q, r).
    template <typename Held>
    std::optional<Hex> nearest_free_hex(const Force& force, Held held_by_other) const {
        auto next_to_enemy = [&](Hex h) {
            for (const Force* f : forces_next_to(state_, h))
                if (state_.opposed(*f, force)) return true;
            return false;
        };
        // Every map hex has been looked at when `seen` reaches the map's size.
        std::size_t seen = state_.map.contains(force.hex()) ? 1 : 0;
        for (int radius = 1; seen < state_.map.hexes.size(); ++radius) {
            std::optional<std::pair<bool, Hex>> best;
            visit_ring(force.hex(), radius, [&](Hex hex) {
                const std::string* name = state_.map.terrain_at(hex);
                if (!name) return false;
                ++seen;
                const TerrainType* terrain = ruleset_.find_terrain(*name);
                if (!terrain || !terrain->passable || held_by_other(hex)) return false;
                const std::pair<bool, Hex> key{next_to_enemy(hex), hex};
                if (!best || key < *best) best = key;
                return false;
            });
            if (best) return best->second;
        }
        return std::nullopt;
    }

    // after the entries at t, every force next to an enemy halts; the opposing pairs
    // adjacent once everything has halted are in map contact at t.
    void settle_contacts(PeriodTime t, int half, std::vector<MapContact>& found,
                         bool renewed = false) {
        // Since the last settle every adjacent opposing pair has been in contacts_, so new
        // pairs have a force moved since (the state's move journal), unless contacts_ was
        // emptied or this is the first settle.
        const bool everyone = !settled_once_ || renewed || !state_.tracking_positions();
        const std::size_t since = settled_moves_;
        for (bool changed = true; changed;) {
            changed = false;
            for_each_new_adjacent_pair(everyone, since, [&](Force& a, Force& b) {
                for (Force* f : {&a, &b}) {
                    Mover& m = mover(f->id);
                    if (m.active) {
                        halt(m, "map contact");
                        changed = true;
                    }
                }
            });
        }
        for_each_new_adjacent_pair(everyone, since, [&](Force& a, Force& b) {
            contacts_.insert({a.id, b.id});
            for (Force* f : {&a, &b}) {
                auto& at = movement(f->id).contact_at;
                if (!at || t < *at) at = t;
            }
            found.push_back({a.id, b.id, t, half});
            const std::string_view forces[] = {a.id, b.id};
            const Hex hexes[] = {a.hex(), b.hex()};
            event::Contact{
                .day = context_.day,
                .forces = std::span<const std::string_view>(forces),
                .half_period = half_name(half),
                .hexes = std::span<const Hex>(hexes),
                .hour = hour_of(t, half),
                .period = to_string(context_.period),
                .t = t.to_string(),
                .renewed = renewed ? std::optional<event::EventBool>(true) : std::nullopt}
                .write(log_, forces_audience(state_, {a.id, b.id}));
        });
        settled_once_ = true;
        settled_moves_ = state_.moves().size();
    }

    // Visits opposing adjacent pairs not yet in contact, lower force id first: of every
    // force, or of the forces moved since move `since` of the journal.
    template <typename Visit>
    void for_each_new_adjacent_pair(bool everyone, std::size_t since, Visit visit) {
        auto& forces = state_.forces;
        auto is_new = [&](std::size_t i, std::size_t j) {
            return !forces[i].regiments.empty() && !forces[j].regiments.empty() &&
                   adjacent(forces[i].hex(), forces[j].hex()) &&
                   state_.opposed(forces[i], forces[j]) &&
                   !contacts_.count({forces[i].id, forces[j].id});
        };
        const auto pairs = everyone ? adjacent_force_pairs(state_) : pairs_of_moved(since);
#ifndef NDEBUG
        if (!everyone) check_moved_pairs(pairs, is_new);
#endif
        // Checked again at the visit: an earlier visit may have stepped a force back.
        for (const auto& [i, j] : pairs)
            if (is_new(i, j)) visit(forces[i], forces[j]);
    }

    // Debug builds check that the moved forces' pairs hold every new pair there is.
    template <typename IsNew>
    void check_moved_pairs(const std::vector<std::pair<std::size_t, std::size_t>>& pairs,
                           IsNew is_new) const {
        std::vector<std::pair<std::size_t, std::size_t>> all, mine;
        for (const auto& p : adjacent_force_pairs(state_.forces))
            if (is_new(p.first, p.second)) all.push_back(p);
        for (const auto& p : pairs)
            if (is_new(p.first, p.second)) mine.push_back(p);
        assert(all == mine && "a new adjacent pair without a force that moved");
        (void)all;
        (void)mine;
    }

    // The pairs of forces (indices, lower first, sorted) where one moved since move `since`
    // and the other stands next to it now.
    std::vector<std::pair<std::size_t, std::size_t>> pairs_of_moved(std::size_t since) const {
        const auto& forces = state_.forces;
        const auto& moves = state_.moves();
        std::vector<std::pair<std::size_t, std::size_t>> pairs;
        for (std::size_t k = since; k < moves.size(); ++k) {
            const std::size_t i = moves[k];
            if (forces[i].regiments.empty()) continue;
            for (Hex n : neighbours(forces[i].hex()))
                state_.for_each_force_at(n, [&](const Force& other) {
                    const auto j = static_cast<std::size_t>(&other - forces.data());
                    pairs.push_back(std::minmax(i, j));
                });
        }
        std::sort(pairs.begin(), pairs.end());
        pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
        return pairs;
    }

    std::string half_name(int half) const {
        return to_string(half_periods_of(context_.period)[half]);
    }

    // The hour a moment falls in: hour 1 at the start of the period, rounding up; a renewed
    // contact at the start of the second half is in that half's first hour.
    int hour_of(PeriodTime t, int half) const {
        const int start = start_hour(ruleset_, context_.period);
        const int end = end_hour(ruleset_, half_periods_of(context_.period)[1]);
        const long long span = end - start;
        long long elapsed = (span * t.num + t.den - 1) / t.den;
        if (half == 1 && t == kHalfTime) elapsed += 1;
        return start + static_cast<int>(std::clamp(elapsed, 1LL, span));
    }

    CampaignState& state_;
    const Ruleset& ruleset_;
    DiceSource& dice_;
    EventLog& log_;
    MovementContext context_;
    std::map<std::string, Mover> movers_;
    std::vector<Mover*> active_;
    bool halted_since_pruned_ = false;  // active_ holds movers halted since it was pruned
    std::set<std::pair<std::string, std::string>> contacts_;
    MovementResult result_;
    // Each force's mover and movement by id: asked for throughout the contact procedure, a hash
    // lookup instead of walking two trees of id strings. Keys view result_'s own.
    struct Entry {
        Mover* mover;
        ForceMovement* movement;
    };
    std::unordered_map<std::string_view, Entry, text_words::IdHash, text_words::IdEqual> by_id_;
    const Entry& entry(std::string_view id) const {
        const auto it = by_id_.find(id);
        if (it == by_id_.end()) throw std::out_of_range("no movement for force " + std::string(id));
        return it->second;
    }
    Mover& mover(std::string_view id) const { return *entry(id).mover; }
    ForceMovement& movement(std::string_view id) const { return *entry(id).movement; }
    PeriodTime now_{0, 1};
    bool started_ = false;
    bool settled_once_ = false;      // a settle looked at every force
    std::size_t settled_moves_ = 0;  // the journal's length at the end of the last settle
};

MovementPhase::MovementPhase(CampaignState& state, const Ruleset& ruleset,
                             const std::vector<AcceptedOrder>& orders, DiceSource& dice,
                             EventLog& log, const MovementContext& context)
    : impl_(std::make_unique<Impl>(state, ruleset, dice, log, context)) {
    impl_->start(orders);
}

MovementPhase::~MovementPhase() = default;

std::vector<MapContact> MovementPhase::run_until(PeriodTime limit, int half) {
    return impl_->run_until(limit, half);
}
std::vector<MapContact> MovementPhase::renew_contacts(int half) {
    return impl_->renew_contacts(half);
}
void MovementPhase::resume(const std::string& force) { impl_->resume(force); }
void MovementPhase::stop(const std::string& force, const std::string& reason) {
    impl_->stop(force, reason);
}
void MovementPhase::moved_outside(const std::string& force, int cost, int half) {
    impl_->moved_outside(force, cost, half);
}
void MovementPhase::repositioned(const std::string& force) { impl_->repositioned(force); }
void MovementPhase::joined_contact(const std::string& force) { impl_->joined_contact(force); }
void MovementPhase::force_march(const std::string& force) { impl_->force_march(force); }
const MovementResult& MovementPhase::result() const { return impl_->result_; }
const ForceMovement& MovementPhase::of(const std::string& force) const {
    return impl_->movement(force);
}

}  // namespace umpire::rules
