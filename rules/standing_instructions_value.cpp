#include "rules/standing_instructions_value.hpp"

#include <algorithm>
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

std::optional<std::string_view> StandingInstructions::text(Member m) const {
    const Json* value = member(m);
    if (!value || !value->is_string()) return std::nullopt;
    return std::string_view(value->get_ref<const std::string&>());
}

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
    // "contact": the known choices in order, each at its first place. The first that applies
    // answers, so a repeat never does, nor a name no window offers.
    const Json* contact = members_[static_cast<std::size_t>(Member::contact)];
    if (!contact || !contact->is_array()) return;
    std::size_t count = 0;
    for (const Json& choice : *contact) {
        if (!choice.is_string()) continue;
        const std::string_view name = choice.get_ref<const std::string&>();
        std::size_t known = 0;
        while (known < kChoiceNames.size() && name != kChoiceNames[known]) ++known;
        if (known == kChoiceNames.size()) continue;
        const auto c = static_cast<Choice>(known);
        if (std::find(choices_.begin(), choices_.begin() + count, c) == choices_.begin() + count)
            choices_[count++] = c;
    }
    choice_count_ = static_cast<std::uint8_t>(count);
}

bool check_standing_instructions(const Json& instructions, const std::string& path,
                                 Problems& problems) {
    const std::size_t before = problems.size();
    ObjectReader in(instructions, path, problems);
    if (!in.is_object()) return false;
    in.reject_unknown({"contact", "separate_engagements", "rearguard", "pursuit", "maneuver",
                       "support", "relief", "reinforce", "cards", "losses"});
    if (const Json* contact = in.array("contact", false)) {
        for (std::size_t i = 0; i < contact->size(); ++i) {
            const std::string at = item_path(in.path_of("contact"), i);
            auto choice = read_string((*contact)[i], at, problems);
            // The choices the instructions know (choice_name), checked against the same list.
            bool known = false;
            for (std::size_t c = 0; choice && c < StandingInstructions::kChoiceKinds; ++c)
                known =
                    known || *choice == choice_name(static_cast<StandingInstructions::Choice>(c));
            if (choice && !known)
                problems.add(at, "\"" + *choice +
                                     "\" is not one of: rest, engage, evade, evade_if_larger, "
                                     "avoid, delay");
        }
    }
    for (const char* key : {"separate_engagements", "rearguard", "pursuit", "maneuver", "support",
                            "relief", "reinforce"})
        in.boolean(key, false);
    in.choice("cards", {"auto"}, false);
    in.choice("losses", {"proportional"}, false);
    return problems.size() == before;
}

}  // namespace umpire::rules
