#include "umpire/rules/standing_instructions_value.hpp"

#include <array>

namespace umpire::rules {

namespace {

constexpr std::array<const char*, StandingInstructions::kChoiceKinds> kChoiceNames = {
    "rest", "engage", "evade", "evade_if_larger", "avoid", "delay"};

}  // namespace

const char* choice_name(StandingInstructions::Choice c) {
    return kChoiceNames[static_cast<std::size_t>(c)];
}

std::optional<StandingInstructions::Choice> choice_named(std::string_view name) {
    for (std::size_t c = 0; c < kChoiceNames.size(); ++c)
        if (name == kChoiceNames[c]) return static_cast<StandingInstructions::Choice>(c);
    return std::nullopt;
}

}  // namespace umpire::rules
