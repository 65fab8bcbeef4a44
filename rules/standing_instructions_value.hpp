#pragma once
// A force's standing instructions (R-11.3, rules/standing_instructions.hpp) as it holds them:
// the JSON as given, shared by copies of a state (SharedJson), and what the decisions ask of it
// read out once, when the instructions are set. Thousands of decisions a period look up a member
// of some force's instructions: walking each JSON object's tree, node by node in the heap, missed
// the cache more than any other lookup the decisions make.
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "rules/json_reader.hpp"
#include "rules/shared_json.hpp"

namespace umpire::rules {

class StandingInstructions {
public:
    // The members answers are read from (every one optional).
    enum class Member : std::uint8_t {
        contact, separate_engagements, rearguard, pursuit, maneuver, support, relief, reinforce,
        cards, losses
    };
    static constexpr std::size_t kMembers = 10;
    // What a member holds, as far as the answers need to know without reading the JSON.
    enum class Held : std::uint8_t { absent, yes, no, other };
    // "contact"'s choices: the known ones in order, each once (at most one of each kind).
    enum class Choice : std::uint8_t { rest, engage, evade, evade_if_larger, avoid, delay };
    static constexpr std::size_t kChoiceKinds = 6;

    StandingInstructions() = default;  // null: no instructions
    StandingInstructions(const Json& value);  // NOLINT(google-explicit-constructor): as SharedJson

    const Json& get() const { return json_.get(); }
    operator const Json&() const { return json_.get(); }
    const Json* operator->() const { return json_.operator->(); }

    bool is_object() const { return is_object_; }
    // true or false for a boolean member; absent; or other (read member()).
    Held held(Member m) const { return held_[static_cast<std::size_t>(m)]; }
    // The member's value in the shared JSON, or nullptr when absent.
    const Json* member(Member m) const { return members_[static_cast<std::size_t>(m)]; }
    // The member's text, when it is a string ("auto", "proportional").
    std::optional<std::string_view> text(Member m) const;
    // "contact"'s known choices in order, each at its first place; names no window offers (and
    // anything not a name) are left out, as a repeat is: neither ever answers.
    std::span<const Choice> choices() const { return {choices_.data(), choice_count_}; }

private:
    void read_out();

    SharedJson json_;
    bool is_object_ = false;
    std::array<Held, kMembers> held_{};
    std::array<const Json*, kMembers> members_{};  // into json_'s value, shared and never changed
    std::array<Choice, kChoiceKinds> choices_{};
    std::uint8_t choice_count_ = 0;
};

// The name of a contact choice, as the instructions and the requests' options spell it.
const char* choice_name(StandingInstructions::Choice c);

// Checks the shape of standing instructions given as JSON; problems name JSON paths
// under `path`.
bool check_standing_instructions(const Json& instructions, const std::string& path,
                                 Problems& problems);

}  // namespace umpire::rules
