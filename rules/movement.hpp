#pragma once
// Simultaneous movement: every force moves at once, hex entries are processed
// in order of the fraction of its period each force has spent, and forces that come adjacent
// to an enemy halt in map contact.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "rules/dice.hpp"
#include "rules/events.hpp"
#include "rules/orders.hpp"
#include "rules/ruleset.hpp"
#include "rules/world.hpp"

namespace umpire::rules {

// A moment in a period: the fraction of its available points a force has spent.
struct PeriodTime {
    long long num = 0;
    long long den = 1;

    friend bool operator==(PeriodTime a, PeriodTime b) { return a.num * b.den == b.num * a.den; }
    friend bool operator<(PeriodTime a, PeriodTime b) { return a.num * b.den < b.num * a.den; }
    // contact at t <= 1/2 is in the first half period.
    bool first_half() const { return 2 * num <= den; }
    std::string to_string() const;  // reduced fraction, "3/4"
};

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

// Moves every force with an accepted path, records the events, and leaves the forces where
// they halted. Forces adjacent to an enemy at the start are in contact at t = 0 and do not move.
MovementResult resolve_movement(CampaignState& state, const Ruleset& ruleset,
                                const std::vector<AcceptedOrder>& orders, DiceSource& dice,
                                EventLog& log, const MovementContext& context);

}  // namespace umpire::rules
