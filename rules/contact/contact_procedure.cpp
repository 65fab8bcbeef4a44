// The contact procedure: the half period's contact groups, and each group's
// procedure as a state machine over the steps of contact_steps.hpp.
#include "rules/contact/contact_procedure.hpp"

#include <algorithm>

#include "rules/contact/contact_steps.hpp"
#include "rules/events/event_records.generated.hpp"
#include "umpire/rules/calendar.hpp"

namespace umpire::rules {

HalfPeriod HalfPeriodContext::half_period() const {
    return half_periods_of(period)[half];
}

ContactResolver::ContactResolver(CampaignState& state, const Ruleset& ruleset, DiceSource& dice,
                                 EventLog& log, Decider& decider, MovementPhase& movement,
                                 const HalfPeriodContext& context, PeriodContacts& period)
    : state_(state),
      ruleset_(ruleset),
      dice_(dice),
      log_(log),
      decider_(decider),
      movement_(movement),
      context_(context),
      period_(period) {}

void ContactResolver::resolve(const std::vector<MapContact>& contacts) {
    // Contacts come in ascending t (ties by lower id); each starts a group unless an earlier
    // group already took its forces. A group is every force linked to it by opposing adjacency
    // now, since earlier procedures may have moved forces.
    std::set<std::string> done;
    for (const MapContact& contact : contacts) {
        if (done.count(contact.a) || done.count(contact.b)) continue;
        const Force* a = state_.find_force(contact.a);
        const Force* b = state_.find_force(contact.b);
        if (!a || !b || !on_map(*a) || !on_map(*b) || !adjacent(a->hex(), b->hex())) continue;
        std::vector<std::string> group{contact.a};
        for (std::size_t i = 0; i < group.size(); ++i) {
            const Force& f = *state_.find_force(group[i]);
            for (const Force* g : forces_next_to(state_, f.hex()))
                if (state_.opposed(f, *g) &&
                    std::find(group.begin(), group.end(), g->id) == group.end() &&
                    !done.count(g->id))
                    group.push_back(g->id);
        }
        std::sort(group.begin(), group.end());
        done.insert(group.begin(), group.end());
        participants_.insert(group.begin(), group.end());
        // A force is in one procedure a half period, so its half and lowest force name it.
        ++period_.count;
        const std::string id =
            period_.counted_ids ? std::to_string(context_.day) + "." + to_string(context_.period) +
                                      "." + std::to_string(period_.count)
                                : std::to_string(context_.day) + "." +
                                      to_string(context_.half_period()) + "." + group.front();
        event::ContactProcedure{
            .contact = id, .forces = group, .half_period = to_string(context_.half_period())}
            .write(log_, forces_audience(state_, group));
        ContactProcedure(*this, id).run(group);
    }
}

// --- ContactProcedure ---------------------------------------------------------------------

void ContactProcedure::run(std::vector<std::string> forces) {
    c_.all = forces;
    // The procedure's dice are its own: named by its id (half period and lowest force), known to
    // every side of it, never by how many contacts came before
    // (include/umpire/rules/stream_dice.hpp).
    const auto streams = c_.log.stream_scope(c_.id);
    // three or more forces choose one battle or separate engagements, unless the
    // campaign settings fix either.
    using Engagements = CampaignSettings::Engagements;
    const Engagements setting = c_.state.settings.engagements;
    if (forces.size() >= 3) {
        bool separate = setting == Engagements::separate;
        if (setting == Engagements::choose) {
            static const AnswerList options = answer_list({"one_battle", "separate"});
            std::vector<DecisionRequest> requests;
            requests.reserve(forces.size());
            for (const auto& id : forces)
                requests.push_back({c_.decision_id("engagements", id), c_.force(id).player, id,
                                    DecisionKind::separate_engagements,
                                    DecisionWindow::before_contact, options, "one_battle", {},
                                    c_.context_of(id)});
            const auto answers = c_.decider.ask_together(requests);
            separate = std::all_of(answers.begin(), answers.end(),
                                   [](const Answer& a) { return a.is("separate"); });
        }
        event::EngagementsChosen{.contact = c_.id, .separate = separate}.write(c_.log,
                                                                               c_.audience(forces));
        if (separate) {
            int pair = 0;
            for (std::size_t i = 0; i < forces.size(); ++i)
                for (std::size_t j = i + 1; j < forces.size(); ++j) {
                    const Force& a = c_.force(forces[i]);
                    const Force& b = c_.force(forces[j]);
                    if (on_map(a) && on_map(b) && adjacent(a.hex(), b.hex()) &&
                        c_.state.opposed(a, b))
                        ContactProcedure(c_.resolver, c_.id + "-" + std::to_string(++pair))
                            .run({forces[i], forces[j]});
                }
            return;
        }
    }
    steps(std::move(forces));
    ManeuverActions(c_).follow();
}

void ContactProcedure::steps(std::vector<std::string> forces) {
    // count the procedures each opposing pair goes through in this half period.
    for (std::size_t i = 0; i < forces.size(); ++i)
        for (std::size_t j = i + 1; j < forces.size(); ++j)
            if (c_.side(forces[i]) != c_.side(forces[j]))
                ++c_.pair_procedures[std::minmax(forces[i], forces[j])];
    BeforeContactChoices choices;
    ContactStep step = ContactStep::before_contact;
    while (step != ContactStep::ended) step = run_step(step, forces, choices);
}

ContactStep ContactProcedure::run_step(ContactStep step, std::vector<std::string>& forces,
                                       BeforeContactChoices& choices) {
    // A step that leaves no engaging forces of both sides ends the procedure.
    auto unless_ended = [&](ContactStep next) {
        return forces.empty() ? ContactStep::ended : next;
    };
    switch (step) {
        case ContactStep::before_contact:
            choices = BeforeContactWindow(c_).run(forces);
            return ContactStep::rest_avoid_delay;
        case ContactStep::rest_avoid_delay:
            forces = RestAvoidDelay(c_).run(forces, choices);
            return unless_ended(ContactStep::relief_before_dice);
        case ContactStep::relief_before_dice:
            // a supporter may relieve the force it supports before the contact dice.
            forces = Relief(c_).offer(std::move(forces), DecisionWindow::before_dice);
            return ContactStep::contact_dice;
        case ContactStep::contact_dice:
            ContactDiceStep(c_).run(forces);
            return ContactStep::after_contact_dice;
        case ContactStep::after_contact_dice:
            forces = EngageOrEvadeWindow(c_, DecisionWindow::after_contact_dice).run(forces);
            return unless_ended(ContactStep::terrain_reconnaissance);
        case ContactStep::terrain_reconnaissance:
            TerrainReconnaissance(c_).run(forces);
            return ContactStep::after_terrain;
        case ContactStep::after_terrain:
            forces = EngageOrEvadeWindow(c_, DecisionWindow::after_terrain).run(forces);
            return unless_ended(ContactStep::battle);
        case ContactStep::battle: BattleStep(c_).run(forces); return ContactStep::ended;
        case ContactStep::ended: break;
    }
    return ContactStep::ended;
}

}  // namespace umpire::rules
