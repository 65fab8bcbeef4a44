#pragma once
// The contact procedure: what happens when opposing forces are in map contact. One
// ContactResolver serves one half period: it groups the half period's contacts, asks
// the ▶ windows through the Decider, and resolves rest, avoid and delay, contact
// dice and intelligence, terrain reconnaissance, engage or evade with its
// disengagements, support, relief, reinforce and the maneuver action's second contact
// and opens a battle when engaging forces of both sides remain.
#include <map>
#include <optional>
#include <set>
#include <string>
#include <unordered_set>
#include <vector>

#include "rules/movement/movement.hpp"
#include "umpire/rules/decisions.hpp"
#include "umpire/rules/dice.hpp"
#include "umpire/rules/events.hpp"
#include "umpire/rules/ruleset.hpp"
#include "umpire/rules/world.hpp"

namespace umpire::rules {

struct HalfPeriodContext {
    int day = 1;
    PeriodKind period = PeriodKind::day;
    int half = 0;  // 0: first half period of the period, 1: second
    HalfPeriod half_period() const;
    int period_ordinal() const { return (day - 1) * 2 + (period == PeriodKind::night ? 1 : 0); }
    int half_ordinal() const { return period_ordinal() * 2 + half; }
};

// What the contact procedures of one period share across its half periods.
struct PeriodContacts {
    // `version`: the start state's version when the caller knows it ("": worked out here by
    // `version_of`, if given); `version_key`: the secret it is keyed with (PeriodInputs).
    PeriodContacts(const CampaignState& period_start, std::string version,
                   std::string version_key = {}, VersionOf version_of = nullptr)
        : start(&period_start),
          version_(std::move(version)),
          version_key_(std::move(version_key)),
          version_of_(version_of) {}
    int count = 0;                       // numbers the period's contact procedures
    bool counted_ids = false;            // ids by that number (PeriodInputs::counted_contact_ids)
    std::map<std::string, int> reliefs;  // force -> reliefs it took part in
    // a battle is bound to the campaign state version it started from: the keyed digest
    // of the period's start state, given or worked out at the first battle.
    const std::string& state_version();
    // R-6.2's "previous contact": whether a and b met in `period` or the one before. Contacts
    // are recorded through record_contact, which keeps the campaign's history too.
    bool met_recently(const CampaignState& state, const std::string& a, const std::string& b,
                      int period);
    void record_contact(CampaignState& state, const std::string& a, const std::string& b,
                        int period);

private:
    void index_history(const CampaignState& state, int period);

    const CampaignState* start;
    std::string version_;
    std::string version_key_;
    VersionOf version_of_;
    bool version_checked_ = false;
    // The history's pairs (lower id first) of the last two periods, indexed on first use.
    std::optional<std::set<std::pair<std::string, std::string>>> recent_pairs_;
    int recent_since_ = 0;
};

class ContactResolver {
public:
    ContactResolver(CampaignState& state, const Ruleset& ruleset, DiceSource& dice,
                    EventLog& log, Decider& decider, MovementPhase& movement,
                    const HalfPeriodContext& context, PeriodContacts& period);

    // Resolves these map contacts in ascending t, ties by lower force id, one contact
    // group at a time.
    void resolve(const std::vector<MapContact>& contacts);

    // Forces that took part in a contact this half period, and those whose half period is used
    // up (delay, battle): lets the others continue their movement.
    const std::set<std::string>& participants() const { return participants_; }
    const std::unordered_set<std::string>& used_up() const { return used_up_; }

private:
    friend class Contact;  // a procedure's steps share the half period's parts (contact.hpp)
    CampaignState& state_;
    const Ruleset& ruleset_;
    DiceSource& dice_;
    EventLog& log_;
    Decider& decider_;
    MovementPhase& movement_;
    HalfPeriodContext context_;
    PeriodContacts& period_;
    std::set<std::string> participants_;
    // Only asked whether they hold a force (hashed: asked for every force in every window).
    std::unordered_set<std::string> used_up_;
    std::unordered_set<std::string> disengaged_;  // may not rest this half period
    std::unordered_set<std::string> maneuvered_;  // declared the maneuver action
    // Opposing pair (lower id first) -> contact procedures it went through this half period:
    // at most the ruleset's limit, the later ones only through the maneuver action.
    std::map<std::pair<std::string, std::string>, int> pair_procedures_;
};

// A force is still on the map while it has a regiment (R-1.3: with none it is eliminated).
inline bool on_map(const Force& force) { return !force.regiments.empty(); }

}  // namespace umpire::rules
