#include "rules/standing_instructions.hpp"

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
std::optional<Answer> preferred(const DecisionRequest& request, std::string_view choice) {
    if (choice == "evade_if_larger") {
        if (offered_choice(request, "evade") && enemy_larger(request)) return Answer("evade");
    } else if (offered_choice(request, choice)) {
        return Answer(std::string(choice));
    }
    return std::nullopt;
}

std::optional<Answer> contact_answer(const DecisionRequest& request,
                                     const StandingInstructions& instructions) {
    for (const auto choice : instructions.choices())
        if (auto answer = preferred(request, choice_name(choice))) return answer;
    return std::nullopt;
}

using Member = StandingInstructions::Member;
using Held = StandingInstructions::Held;

// The member's value, as the instructions hold it: true, false or a name ("auto",
// "proportional"); nothing for anything else.
std::optional<Answer> flag(const StandingInstructions& instructions, Member m) {
    switch (instructions.held(m)) {
        case Held::absent: return std::nullopt;
        case Held::yes:
            return Answer(true);
        case Held::no:
            return Answer(false);
        case Held::other: break;
    }
    if (const auto text = instructions.text(m)) return Answer(std::string(*text));
    return std::nullopt;
}

// Whether the member says yes, and whether it says anything a yes or no can be read from.
bool says(const StandingInstructions& instructions, Member m) {
    const Held held = instructions.held(m);
    return held == Held::yes || held == Held::no;
}
bool yes(const StandingInstructions& instructions, Member m) {
    return instructions.held(m) == Held::yes;
}

}  // namespace

std::optional<Answer> standing_answer(const DecisionRequest& request,
                                      const StandingInstructions& instructions) {
    if (!instructions.is_object()) return std::nullopt;
    const std::string& kind = request.kind;
    if (kind == "contact_window") {
        if (!instructions.member(Member::contact)) return std::nullopt;
        return contact_answer(request, instructions);
    }
    if (kind == "separate_engagements") {
        if (!says(instructions, Member::separate_engagements)) return std::nullopt;
        return Answer(yes(instructions, Member::separate_engagements) ? "separate" : "one_battle");
    }
    if (kind == "rearguard") return flag(instructions, Member::rearguard);
    if (kind == "pursuit") return flag(instructions, Member::pursuit);
    if (kind == "maneuver") return flag(instructions, Member::maneuver);
    if (kind == "support_role") return flag(instructions, Member::support);
    if (kind == "relief") return flag(instructions, Member::relief);
    if (kind == "reinforce") return flag(instructions, Member::reinforce);
    if (kind == "maneuver_move") {
        // "maneuver": true also makes the move, to the first (cheapest) hex offered.
        if (!says(instructions, Member::maneuver)) return std::nullopt;
        return yes(instructions, Member::maneuver) ? request.default_answer : Answer(false);
    }
    if (kind == "card_placement") return flag(instructions, Member::cards);
    if (kind == "loss_allocation") return flag(instructions, Member::losses);
    return std::nullopt;
}

}  // namespace umpire::rules
