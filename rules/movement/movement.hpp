#pragma once
// Simultaneous movement: every force moves at once, hex entries are processed
// in order of the fraction of its period each force has spent, and forces that come adjacent
// to an enemy halt in map contact. The period runs in two steps, one per half period, so the
// contacts of the first half can be resolved before movement continues.
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "umpire/rules/dice.hpp"
#include "umpire/rules/events.hpp"
#include "umpire/rules/orders.hpp"
#include "umpire/rules/ruleset.hpp"
#include "umpire/rules/world.hpp"

namespace umpire::rules {

// A moment in a period: the fraction of its available points a force has spent.
struct PeriodTime {
    long long num = 0;
    long long den = 1;

    friend bool operator==(PeriodTime a, PeriodTime b) { return a.num * b.den == b.num * a.den; }
    friend bool operator<(PeriodTime a, PeriodTime b) { return a.num * b.den < b.num * a.den; }
    friend bool operator<=(PeriodTime a, PeriodTime b) { return !(b < a); }
    // contact at t <= 1/2 is in the first half period.
    bool first_half() const { return 2 * num <= den; }
    std::string to_string() const;  // reduced fraction, "3/4"
};

inline constexpr PeriodTime kHalfTime{1, 2};
inline constexpr PeriodTime kFullTime{1, 1};

// What movement did to one force this period.
struct ForceMovement {
    bool movement_period = false;  // the force spends its daily points in this period
    int daily = 0;                 // daily allowance with forced march and exhaustion
    int available = 0;             // daily + saved points, 0 outside its movement period
    int spent = 0;
    int entries = 0;
    bool forced_march = false;
    bool moved_first_half = false;
    bool moved_second_half = false;
    std::optional<PeriodTime> contact_at;  // earliest map contact this period
    std::optional<int> unformed_in_half;   // 0 or 1: the half period it became unformed in
};

using MovementResult = std::map<std::string, ForceMovement>;

struct MovementContext {
    int day = 1;
    PeriodKind period = PeriodKind::day;
};

// An opposing pair that came into map contact.
struct MapContact {
    std::string a;  // lower force id
    std::string b;
    PeriodTime t;
    int half = 0;  // 0 or 1
};

class MovementPhase {
public:
    MovementPhase(CampaignState& state, const Ruleset& ruleset,
                  const std::vector<AcceptedOrder>& orders, DiceSource& dice, EventLog& log,
                  const MovementContext& context);
    ~MovementPhase();
    MovementPhase(const MovementPhase&) = delete;
    MovementPhase& operator=(const MovementPhase&) = delete;

    // Applies every entry with t <= `limit` and returns the new contacts, in ascending t, ties
    // by lower force id. The first call also finds the pairs adjacent at t = 0.
    std::vector<MapContact> run_until(PeriodTime limit, int half);
    // at the start of a half period, opposing pairs still adjacent are in contact again.
    std::vector<MapContact> renew_contacts(int half);
    // a force halted by contact continues its path from the start of the second half
    // period with the points it has left (if its next hex is still adjacent to it).
    void resume(const std::string& force);
    // The force moves no more in this half period (it rested, delayed or fought); may
    // resume it in the second half.
    void stop(const std::string& force, const std::string& reason);
    // The force's position changed outside movement (avoid, displacement): moving there costs
    // `cost` points (0 for displacement) and counts as movement in `half`.
    void moved_outside(const std::string& force, int cost, int half);
    // The force's position changed without spending points or time (R-9.2: a first relief):
    // its path is followed on or dropped as for moved_outside, but it has not moved.
    void repositioned(const std::string& force);
    // The force took another's place in a contact: it halts like a force in map contact
    // (R-3.6 may resume it), its opposing neighbours count as met, not as new contacts in this
    // half period, and it has made contact this period.
    void joined_contact(const std::string& force);
    // the force forces the march to pay for an avoid move (R-3.5's bonus is added).
    void force_march(const std::string& force);

    const MovementResult& result() const;
    // result().at(force), found by hash; throws std::out_of_range for a force it does not have.
    const ForceMovement& of(const std::string& force) const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace umpire::rules
