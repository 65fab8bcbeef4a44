// steps 4 and 6 ▶: rest, engage or evade, after the contact dice and after
// terrain reconnaissance; the evasions resolved (step 7, R-7), and relief after a
// disengagement.
#include "rules/contact/contact_steps.hpp"
#include "rules/events/event_records.generated.hpp"

namespace umpire::rules {

std::vector<std::string> EngageOrEvadeWindow::run(const std::vector<std::string>& forces) {
    std::vector<DecisionRequest> requests;
    requests.reserve(forces.size());
    for (const auto& id : forces) {
        const bool rest = c_.may_rest(id);
        // an unaware commander (score 1) cannot evade.
        const bool aware =
            c_.scores.count(id) && c_.ruleset.contact.row(c_.scores.at(id).modified).aware;
        const unsigned options =
            (rest ? unsigned{kRest} : 0u) | kEngage | (aware ? unsigned{kEvade} : 0u);
        auto context = [this, &id] { return shape::ContactWindowContext{c_.base_context(id)}; };
        requests.push_back({c_.decision_id(to_string(window_), id), c_.force(id).player, id,
                            DecisionKind::contact_window, window_, window_options(options),
                            window_default(rest), {}, context});
        requests.back().sizes = c_.sizes_of(id);
    }
    const auto answers = c_.decider.ask_together(requests);
    std::vector<std::string> engage, evade;
    std::size_t resting = 0;
    for (std::size_t i = 0; i < forces.size(); ++i) {
        if (answers[i].is("evade"))
            evade.push_back(forces[i]);
        else
            engage.push_back(forces[i]);
        if (answers[i].is("rest")) ++resting;
    }
    if (resting == forces.size()) {
        c_.fight_on_the_morrow(forces);
        return {};
    }
    if (engage.empty()) {
        // nobody engages, so every evasion succeeds without dice.
        event::ContactEnded{.contact = c_.id, .step = to_string(window_), .evaded = evade}.write(
            c_.log, c_.everyone());
        return {};
    }
    bool disengaged = false;
    for (const auto& id : evade) {
        const auto opponents = c_.opponents_of(id, engage);
        if (!opponents.empty())
            ContactDisengagement(c_).disengage(id, opponents, DisengageOperation::evade);
        disengaged = disengaged || !opponents.empty();
    }
    std::vector<std::string> remaining;
    for (const auto& id : engage)
        if (on_map(c_.force(id))) remaining.push_back(id);
    if (!c_.both_sides(remaining)) {
        event::ContactEnded{.contact = c_.id, .step = to_string(window_)}.write(c_.log,
                                                                                c_.everyone());
        return {};
    }
    // after a disengagement, a supporter may relieve a force still in the contact.
    if (disengaged) remaining = Relief(c_).offer(std::move(remaining), window_);
    return remaining;
}

}  // namespace umpire::rules
