#pragma once
// A force's standing instructions (R-11.3, rules/knowledge/standing_instructions.hpp) as the rules
// hold them: every member optional; what they do not cover takes the request's default. Read from
// and written to JSON only at the edge (documents/standing_instructions_json.hpp).
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

namespace umpire::rules {

struct StandingInstructions {
    // "contact": tried in order at every contact window; the first one offered applies.
    enum class Choice : std::uint8_t { rest, engage, evade, evade_if_larger, avoid, delay };
    static constexpr std::size_t kChoiceKinds = 6;

    std::optional<std::vector<Choice>> contact;
    std::optional<bool> separate_engagements;
    std::optional<bool> rearguard;
    std::optional<bool> pursuit;
    std::optional<bool> maneuver;  // the declaration and, when true, the move after it
    std::optional<bool> support;
    std::optional<bool> relief;
    std::optional<bool> reinforce;
    bool cards_auto = false;           // "cards": "auto"
    bool losses_proportional = false;  // "losses": "proportional"

    friend bool operator==(const StandingInstructions&, const StandingInstructions&) = default;
};

// How a force holds its instructions (and an order gives new ones): shared, so that each copy
// of a state (a period resolves on a copy) shares them instead of copying; null: none.
using SharedInstructions = std::shared_ptr<const StandingInstructions>;

// The name of a contact choice, as the instructions and the requests' options spell it, and
// the choice a name stands for.
const char* choice_name(StandingInstructions::Choice c);
std::optional<StandingInstructions::Choice> choice_named(std::string_view name);

}  // namespace umpire::rules
