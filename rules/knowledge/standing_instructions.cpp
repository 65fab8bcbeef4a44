#include "rules/knowledge/standing_instructions.hpp"

#include <algorithm>
#include <string_view>

namespace umpire::rules {

namespace {

bool offered_choice(const DecisionRequest& request, std::string_view option) {
    return request.options && std::any_of(request.options->begin(), request.options->end(),
                                          [&](const Answer& o) { return o.is(option); });
}

// R-11.3's example: "evade when the estimated enemy is larger than mine", from the two figures
// every contact window carries (`sizes`, also shown in its context).
bool enemy_larger(const DecisionRequest& request) {
    const auto& sizes = request.sizes;
    return sizes && sizes->largest_estimated_opponent &&
           *sizes->largest_estimated_opponent > sizes->own_assault_figures;
}

// One contact preference: the answer it gives, or nullopt to try the next.
std::optional<Answer> preferred(const DecisionRequest& request,
                                StandingInstructions::Choice choice) {
    if (choice == StandingInstructions::Choice::evade_if_larger) {
        if (offered_choice(request, "evade") && enemy_larger(request)) return Answer("evade");
    } else if (offered_choice(request, choice_name(choice))) {
        return Answer(choice_name(choice));
    }
    return std::nullopt;
}

std::optional<Answer> contact_answer(const DecisionRequest& request,
                                     const std::vector<StandingInstructions::Choice>& choices) {
    for (const auto choice : choices)
        if (auto answer = preferred(request, choice)) return answer;
    return std::nullopt;
}

std::optional<Answer> flag(const std::optional<bool>& value) {
    if (!value) return std::nullopt;
    return Answer(*value);
}

std::optional<Answer> named_if(bool given, const char* name) {
    if (!given) return std::nullopt;
    return Answer(name);
}

}  // namespace

std::optional<Answer> standing_answer(const DecisionRequest& request,
                                      const StandingInstructions& instructions) {
    switch (request.kind) {
        case DecisionKind::contact_window:
            if (!instructions.contact) return std::nullopt;
            return contact_answer(request, *instructions.contact);
        case DecisionKind::separate_engagements:
            if (!instructions.separate_engagements) return std::nullopt;
            return Answer(*instructions.separate_engagements ? "separate" : "one_battle");
        case DecisionKind::rearguard: return flag(instructions.rearguard);
        case DecisionKind::pursuit: return flag(instructions.pursuit);
        case DecisionKind::maneuver: return flag(instructions.maneuver);
        case DecisionKind::support_role: return flag(instructions.support);
        case DecisionKind::relief: return flag(instructions.relief);
        case DecisionKind::reinforce: return flag(instructions.reinforce);
        case DecisionKind::maneuver_move:
            // "maneuver": true also makes the move, to the first (cheapest) hex offered.
            if (!instructions.maneuver) return std::nullopt;
            return *instructions.maneuver ? request.default_answer : Answer(false);
        case DecisionKind::card_placement: return named_if(instructions.cards_auto, "auto");
        case DecisionKind::loss_allocation:
            return named_if(instructions.losses_proportional, "proportional");
        case DecisionKind::battle_report:
        case DecisionKind::battle_dispute:
        case DecisionKind::recovery_choice: return std::nullopt;  // no standing instruction
    }
    return std::nullopt;
}

}  // namespace umpire::rules
