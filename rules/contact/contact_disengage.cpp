// R-7 inside the contact procedure: the declarations around a disengagement, the roll, losses,
// loss allocation and displacement; and the avoid move.
#include <algorithm>

#include "rules/contact/contact_steps.hpp"
#include "rules/disengagement/assault_regiment.hpp"
#include "rules/disengagement/disengagement.hpp"
#include "rules/events/event_records.generated.hpp"
#include "rules/movement/movement_costs.hpp"
#include "umpire/rules/audience.hpp"

namespace umpire::rules {

namespace {

DisengagementParty party_of(const Ruleset& ruleset, const CampaignState& state, const Force& f,
                            bool supported) {
    DisengagementParty p;
    p.force = f.id;
    p.order_state = f.order_state;
    p.supported = supported;
    p.favourable_terrain = favourable_terrain(ruleset, f, *state.map.terrain_at(f.hex()));
    const Regiment* assault = assault_regiment(f);
    p.exhausted_cavalry = f.readiness == CavalryReadiness::exhausted && assault &&
                          main_troop_class(*assault, ruleset) == TroopClass::cavalry;
    return p;
}

}  // namespace

void ContactDisengagement::disengage(const std::string& id,
                                     const std::vector<std::string>& opponents,
                                     DisengageOperation operation) {
    const std::string name(to_string(operation));  // in the decisions' ids and contexts
    Force& f = c_.force(id);
    c_.disengaged.insert(id);
    // ▶ The opponents declare the maneuver action or aggressive pursuit ...
    const bool pursuable = f.order_state != OrderState::formed;
    std::vector<DecisionRequest> declarations;
    std::vector<int> maneuver_at(opponents.size(), -1), pursuit_at(opponents.size(), -1);
    for (std::size_t i = 0; i < opponents.size(); ++i) {
        const std::string& o = opponents[i];
        auto context = [this, &o, &id, &name] {
            return shape::DisengagementContext{c_.base_context(o), id, name};
        };
        // the maneuver action once per force per half period; not after a battle, which
        // used up the half period.
        if (operation != DisengageOperation::withdraw && !c_.maneuvered.count(o)) {
            maneuver_at[i] = static_cast<int>(declarations.size());
            declarations.push_back({c_.decision_id(name + "-" + id + "-maneuver", o),
                                    c_.force(o).player, o, DecisionKind::maneuver,
                                    DecisionWindow::none, yes_or_no(), false, {}, context});
        }
        if (pursuable) {
            pursuit_at[i] = static_cast<int>(declarations.size());
            declarations.push_back({c_.decision_id(name + "-" + id + "-pursuit", o),
                                    c_.force(o).player, o, DecisionKind::pursuit,
                                    DecisionWindow::none, yes_or_no(), false, {}, context});
        }
    }
    const auto declared = c_.decider.ask_together(declarations);
    auto declared_at = [&](int at) { return at >= 0 && declared[at].yes(); };
    // ... then the disengager chooses a rearguard.
    bool rearguard = false;
    if (can_detail_rearguard(c_.ruleset, f))
        rearguard = c_.decider
                        .ask({c_.decision_id(name + "-rearguard", id), f.player, id,
                              DecisionKind::rearguard, DecisionWindow::none, yes_or_no(), false,
                              {}, c_.context_of(id)})
                        .yes();

    DisengagementParty disengager = party_of(c_.ruleset, c_.state, f, c_.supporters.count(id));
    disengager.rearguard = rearguard;
    std::vector<DisengagementParty> parties;
    std::vector<const Force*> opponent_forces;
    for (std::size_t i = 0; i < opponents.size(); ++i) {
        const std::string& o = opponents[i];
        DisengagementParty p = party_of(c_.ruleset, c_.state, c_.force(o), c_.supporters.count(o));
        p.maneuver = declared_at(maneuver_at[i]);
        p.aggressive_pursuit = declared_at(pursuit_at[i]);
        if (p.maneuver) {
            c_.maneuvered.insert(o);
            c_.maneuvers.push_back({o, id, operation});
        }
        parties.push_back(p);
        opponent_forces.push_back(&c_.force(o));
    }
    const auto hex = displacement_hex(c_.state, c_.ruleset, f, opponent_forces);
    const Regiment* assault = assault_regiment(f);
    std::vector<std::string> involved = opponents;
    involved.push_back(id);
    const DisengagementOutcome outcome = [&] {
        const auto narrowed = c_.log.narrowed_to(c_.audience(involved));
        return resolve_disengagement(c_.ruleset, disengager, parties,
                                     assault ? assault->figures() : 0, hex.has_value(), c_.dice,
                                     c_.log, player_audience(f.player));
    }();
    apply_losses(f, outcome.figures_lost, outcome.destroyed);
    // a supporter may reinforce and cancel the displacement; the losses stand.
    if (on_map(f) && outcome.displaced && hex &&
        !Reinforcement(c_).reinforced(id, operation, *hex)) {
        const Hex from = f.hex();
        c_.state.move_force(f, *hex);
        c_.movement.moved_outside(id, 0, c_.context.half);
        event::Displaced{.force = id, .from = from, .to = *hex}.write(c_.log, c_.everyone());
    }
}

void ContactDisengagement::apply_losses(Force& f, int figures, bool destroyed) {
    if (f.regiments.empty() || figures <= 0) return;
    Regiment& assault = f.regiments.front();
    if (destroyed) {
        event::RegimentDestroyed{.force = f.id, .regiment = assault.id}.write(c_.log,
                                                                              c_.everyone());
        f.regiments.erase(f.regiments.begin());
        if (f.regiments.empty()) {
            c_.movement.stop(f.id, "eliminated");
            event::ForceEliminated{.force = f.id}.write(c_.log, "all");
        }
        return;
    }
    // ▶: the owner chooses which companies take the losses (default: proportional).
    auto context = [&] {
        shape::LossAllocationContext c{c_.base_context(f.id), figures, {}};
        for (const auto& company : assault.companies) c.companies.push_back(company.figures);
        return c;
    };
    static const SoleOption kProportional("proportional");
    const Answer answer = c_.decider.ask({c_.decision_id("losses-" + assault.id, f.id), f.player,
                                          f.id, DecisionKind::loss_allocation,
                                          DecisionWindow::none, kProportional.options,
                                          kProportional.answer, {}, context});
    const auto* chosen = answer.as<Numbers>();
    std::vector<int> split =
        chosen ? chosen->values : allocate_losses_proportionally(assault, figures);
    for (std::size_t i = 0; i < assault.companies.size(); ++i)
        assault.companies[i].figures -= split[i];
    assault.companies.erase(std::remove_if(assault.companies.begin(), assault.companies.end(),
                                           [](const Company& c) { return c.figures <= 0; }),
                            assault.companies.end());
    event::Losses{.by_company = split,
                  .figures = figures,
                  .force = f.id,
                  .regiment = assault.id,
                  .private_to = player_audience(f.player)}
        .write(c_.log, c_.everyone());
    if (assault.companies.empty()) f.regiments.erase(f.regiments.begin());
}

std::vector<Hex> ContactDisengagement::avoid_hexes(const Force& f,
                                                   const std::vector<std::string>& forces) const {
    // a target hex not adjacent to any enemy of this contact, that the force can pay for
    // with its points left or by forcing the march.
    const ForceMovement& fm = c_.movement.of(f.id);
    const int left = fm.available - fm.spent;
    const int reserve =
        f.forced_march_blocked || fm.forced_march ? 0 : forced_march_bonus(f, c_.ruleset);
    std::vector<Hex> enemies;
    const std::string& own_side = c_.state.side_of(f);
    for (const auto& id : forces)
        if (const Contact::SeenForce& e = c_.seen(id); c_.different_sides(*e.side, own_side))
            enemies.push_back(e.force->hex());
    std::vector<std::pair<int, Hex>> ranked;
    for (Hex h : neighbours(f.hex())) {
        const int cost = step_cost(c_.state.map, c_.ruleset, f.hex(), h);
        if (cost < 0 || cost > left + reserve || c_.state.force_at(h)) continue;
        int nearest = 1000000;
        for (Hex e : enemies) nearest = std::min(nearest, hex_distance(e, h));
        const bool next_to_enemy = nearest <= 1;
        if (!next_to_enemy) ranked.push_back({-nearest, h});
    }
    std::sort(ranked.begin(), ranked.end());  // farthest from the enemy first, then (q, r)
    std::vector<Hex> out;
    for (const auto& [score, h] : ranked) out.push_back(h);
    return out;
}

void ContactDisengagement::move_avoiding(Force& f, Hex to) {
    if (c_.state.force_at(to)) return;  // taken meanwhile: the force stays
    const int cost = step_cost(c_.state.map, c_.ruleset, f.hex(), to);
    const ForceMovement& fm = c_.movement.of(f.id);
    if (cost > fm.available - fm.spent) c_.movement.force_march(f.id);
    const Hex from = f.hex();
    c_.state.move_force(f, to);
    c_.movement.moved_outside(f.id, cost, c_.context.half);
    event::Avoided{.cost = cost, .force = f.id, .from = from, .to = to}.write(
        c_.log, side_audience(c_.state, f));
}

}  // namespace umpire::rules
