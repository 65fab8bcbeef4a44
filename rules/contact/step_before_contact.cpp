// step 1 ▶ before contact: each commander chooses rest, engage, avoid (with a target
// hex) or delay, and an ally next to a force in contact may take the support role.
#include <algorithm>

#include "rules/contact/contact_steps.hpp"
#include "rules/events/event_records.generated.hpp"

namespace umpire::rules {

BeforeContactChoices BeforeContactWindow::run(const std::vector<std::string>& forces) {
    std::vector<DecisionRequest> requests;
    std::map<std::string, std::vector<Hex>> targets;
    for (const auto& id : forces) {
        const Force& f = c_.force(id);
        const bool rest = c_.may_rest(id);
        unsigned options = (rest ? unsigned{kRest} : 0u) | kEngage;
        targets[id] = ContactDisengagement(c_).avoid_hexes(f, forces);
        if (!targets[id].empty()) options |= kAvoid;
        // R-7.2 [H]: not the same opponent in two consecutive half periods.
        const auto opponents = c_.opponents_of(id, forces);
        const bool delayed_before =
            std::any_of(c_.state.delays.begin(), c_.state.delays.end(), [&](const DelayRecord& d) {
                return d.force == id && d.half == c_.context.half_ordinal() - 1 &&
                       std::find(opponents.begin(), opponents.end(), d.opponent) != opponents.end();
            });
        if (!delayed_before) options |= kDelay;
        auto context = [this, &id, avoid = targets[id]] {
            return shape::ContactWindowContext{c_.base_context(id), avoid};
        };
        requests.push_back({c_.decision_id("before", id), f.player, id,
                            DecisionKind::contact_window, DecisionWindow::before_contact,
                            window_options(options), window_default(rest), {}, context});
        requests.back().sizes = c_.sizes_of(id);
    }
    // an allied force next to one in contact, itself out of contact, may support it.
    std::vector<std::pair<std::string, std::string>> offers;  // supporter, supported
    for (const auto& id : forces) {
        const Force& f = c_.force(id);
        for (const Force* neighbour : forces_next_to(c_.state, f.hex())) {
            const Force& ally = *neighbour;
            if (ally.id == id || c_.state.opposed(ally, f) || c_.participants.count(ally.id))
                continue;
            const auto next_to_ally = forces_next_to(c_.state, ally.hex());
            const bool in_contact =
                std::any_of(next_to_ally.begin(), next_to_ally.end(),
                            [&](const Force* e) { return c_.state.opposed(*e, ally); });
            if (in_contact) continue;
            offers.push_back({ally.id, id});
            const shape::SupportContext context{
                .contact = c_.id, .supports = id, .hex = ally.hex()};
            requests.push_back({c_.decision_id("support-" + id, ally.id), ally.player, ally.id,
                                DecisionKind::support_role, DecisionWindow::before_contact,
                                yes_or_no(), false, context});
        }
    }
    auto answers = c_.decider.ask_together(requests);
    for (std::size_t i = forces.size(); i < requests.size(); ++i) {
        const auto& [supporter, supported] = offers[i - forces.size()];
        if (answers[i].yes() && !c_.supporters.count(supported)) {
            c_.supporters[supported] = supporter;
            std::vector<std::string> seen_by = c_.all;
            seen_by.push_back(supporter);  // the supporter's player too
            event::SupportRole{.force = supporter, .supports = supported}.write(
                c_.log, c_.audience(seen_by));
        }
    }
    // The support roles are settled: what is left are the forces' choices, for step 2.
    answers.erase(answers.begin() + static_cast<std::ptrdiff_t>(forces.size()), answers.end());
    return {std::move(answers), std::move(targets)};
}

}  // namespace umpire::rules
