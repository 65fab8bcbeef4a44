#include "rules/standing_instructions_value.hpp"

#include <string_view>

namespace umpire::rules {

namespace {

constexpr std::array<const char*, StandingInstructions::kMembers> kMemberNames = {
    "contact", "separate_engagements", "rearguard", "pursuit", "maneuver", "support", "relief",
    "reinforce", "cards", "losses"};
constexpr std::array<const char*, StandingInstructions::kChoiceKinds> kChoiceNames = {"rest", "engage", "evade",
                                                     "evade_if_larger", "avoid", "delay"};

}  // namespace

const char* choice_name(StandingInstructions::Choice c) {
    return kChoiceNames[static_cast<std::size_t>(c)];
}

StandingInstructions::StandingInstructions(const Json& value) : json_(value) { read_out(); }

void StandingInstructions::read_out() {
    const Json& json = json_.get();
    is_object_ = json.is_object();
    if (!is_object_) return;
    for (std::size_t m = 0; m < kMembers; ++m) {
        const auto it = json.find(kMemberNames[m]);
        if (it == json.end()) continue;
        members_[m] = &*it;
        held_[m] = it->is_boolean() ? (it->get<bool>() ? Held::yes : Held::no) : Held::other;
    }
    // "contact": kept as choices only when every one is known (else answers read the JSON, and
    // fail on it, as they always did).
    const Json* contact = members_[static_cast<std::size_t>(Member::contact)];
    if (!contact || !contact->is_array() || contact->size() > kMaxChoices) return;
    std::size_t count = 0;
    for (const Json& choice : *contact) {
        if (!choice.is_string()) return;
        const std::string_view name = choice.get_ref<const std::string&>();
        std::size_t known = 0;
        while (known < kChoiceNames.size() && name != kChoiceNames[known]) ++known;
        if (known == kChoiceNames.size()) return;
        choices_[count++] = static_cast<Choice>(known);
    }
    choice_count_ = static_cast<std::uint8_t>(count);
}

}  // namespace umpire::rules
