#pragma once
// One contact procedure's working data, shared by its steps (contact_steps.hpp): the
// half period's parts it works on, what the procedure learns as it goes (supporters, contact
// scores, estimates, the battlefield, maneuvers declared), and the lookups every step asks.
// Private to rules/contact/.
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_set>
#include <utility>
#include <vector>

#include "rules/contact/contact_dice.hpp"
#include "rules/contact/contact_procedure.hpp"
#include "rules/contact/terrain_cards.hpp"
#include "rules/disengagement/disengagement.hpp"
#include "umpire/rules/audience.hpp"

namespace umpire::rules {

// The options of a contact window: "rest", "engage", "evade", "avoid", "delay", in that order,
// those whose bit is set in `offered`. Each combination is built once and shared.
enum WindowOption : unsigned { kRest = 1, kEngage = 2, kEvade = 4, kAvoid = 8, kDelay = 16 };
const AnswerList& window_options(unsigned offered);
// A window's default: rest for a force that may rest, else engage.
Answer window_default(bool may_rest);

class Contact {
public:
    Contact(ContactResolver& resolver, std::string id);
    Contact(const Contact&) = delete;
    Contact& operator=(const Contact&) = delete;

    // The half period's parts (ContactResolver's), and what its procedures share.
    ContactResolver& resolver;  // runs the procedures a maneuver or separate engagements start
    CampaignState& state;
    const Ruleset& ruleset;
    DiceSource& dice;
    EventLog& log;
    Decider& decider;
    MovementPhase& movement;
    const HalfPeriodContext& context;
    PeriodContacts& period;
    std::set<std::string>& participants;
    std::unordered_set<std::string>& used_up;     // delay, battle, rest: no more moves
    std::unordered_set<std::string>& disengaged;  // may not rest this half period
    std::unordered_set<std::string>& maneuvered;  // declared the maneuver action
    std::map<std::pair<std::string, std::string>, int>& pair_procedures;

    // This procedure's.
    const std::string id;          // "<day>.<half period>.<lowest force>", names decisions
    std::vector<std::string> all;  // everyone in this procedure (only grows), for audiences
    std::map<std::string, std::string> supporters;  // supported force -> supporter
    std::map<std::string, ContactScore> scores;     // after the contact dice
    std::map<std::string, int> estimates;  // receiver -> largest estimated opponent figures
    // receiver -> opponent -> what its commander learned of it at the contact dice, the
    // fact: its decisions show it beside the opponent.
    std::map<std::string, std::map<std::string, shape::IntelligenceFact>> intel;
    std::optional<int> hour;
    std::vector<CardPlacement> battlefield;
    struct Maneuver {
        std::string force;      // declared the maneuver action
        std::string target;     // the force that disengaged
        DisengageOperation operation;  // avoid, delay or evade: names the decision
    };
    std::vector<Maneuver> maneuvers;  // declared in this procedure, followed after it
    int second_contacts = 0;          // numbers the nested procedures "<id>-m<n>"

    // The force with this id. A procedure asks for its handful of forces some hundred times a
    // contact: those found are kept (seen_), with their sides, and compared by id before the
    // state's directory hashes it. Forgotten when the forces or players vector changed.
    Force& force(const std::string& force_id) const { return *seen(force_id).force; }
    const std::string& side(const std::string& force_id) const;
    struct SeenForce {
        std::string id;
        std::uint64_t word;  // text_word(id): ids up to eight bytes long compare by it and size
        Force* force;
        const std::string* side;
    };
    const SeenForce& seen(const std::string& force_id) const;
    // Whether two sides as side_of gives them differ (the same string is the same side), as
    // CampaignState::opposed asks.
    static bool different_sides(const std::string& a, const std::string& b) {
        return &a != &b && a != b;
    }
    // not in a half period in which it spent move points or took part in a disengagement.
    bool may_rest(const std::string& force_id) const;
    // Whether any force has an opponent (opponents_of): a force on the map of another side.
    bool both_sides(const std::vector<std::string>& forces) const;
    std::vector<std::string> opponents_of(const std::string& force_id,
                                          const std::vector<std::string>& among) const;
    std::string decision_id(std::string_view step, std::string_view force_id) const {
        std::string out;
        out.reserve(id.size() + step.size() + force_id.size() + 2);
        ((((out += id) += '.') += step) += '.') += force_id;
        return out;
    }
    Audience audience(const std::vector<std::string>& forces) const;
    // The audience of everyone in the procedure, worked out again only when `all` grew.
    const AudienceText& everyone() const;
    shape::ContactContext base_context(const std::string& force_id) const;
    // The figures "evade_if_larger" compares, as base_context shows them.
    DecisionRequest::Sizes sizes_of(const std::string& force_id) const;
    // base_context(id) built when read: standing instructions settle most requests without it.
    // `force_id` is referred to, not copied: it must outlive the request (the window that asks).
    std::function<DecisionRequest::Context()> context_of(const std::string& force_id) const {
        return [this, &force_id] { return base_context(force_id); };
    }
    // Everyone in the contact rests: the contact ends until the next half period.
    void fight_on_the_morrow(const std::vector<std::string>& forces);

private:
    mutable Audience everyone_;
    mutable std::size_t everyone_of_ = 0;  // all.size() when everyone_ was worked out
    mutable std::vector<SeenForce> seen_;
    // The state's forces and players as seen_ was filled.
    mutable const Force* seen_data_ = nullptr;
    mutable std::size_t seen_size_ = 0;
    mutable const Player* seen_players_ = nullptr;
    mutable std::size_t seen_players_size_ = 0;
};

}  // namespace umpire::rules
