#pragma once
// Contact dice and intelligence: the modifiers each commander gets, what its
// modified score tells it of each opponent, the size estimates, and the contact hour.
#include <optional>
#include <string>
#include <vector>

#include "umpire/rules/dice.hpp"
#include "umpire/rules/events.hpp"
#include "umpire/rules/ruleset.hpp"
#include "umpire/rules/world.hpp"

namespace umpire::rules {

// One commander of a contact, with what R-6.2's modifiers look at.
struct ContactCommander {
    std::string force;
    std::string side;
    int daily_allowance = 0;  // this period's, with forced march and exhaustion
    int regiments = 0;        // regiment count of the whole force
    std::string terrain;      // terrain name of its hex
    bool scouted_opponent = false;          // successful scout against an opponent
    bool captured_opponent_scout = false;   // captured a scout of an opponent's side
    bool previous_contact = false;          // with an opponent this period or the one before
};

// the modifiers of commanders[index] against the commanders of other sides, in the order
// of the table, each once; values from ruleset.contact.modifiers. "More move points" is strictly
// more than every opponent; "smallest force" is regiments <= every opponent's regiments - margin;
// "opponents_in_<terrain>" when every opponent's hex is that terrain. Allies are not compared.
// A commander with no opponent among `commanders` gets none. Names: "more_move_points",
// "smallest_force", "successful_scout", "captured_scout", "previous_contact",
// "opponents_in_<terrain>".
shape::Modifiers contact_modifiers(const Ruleset& ruleset,
                                   const std::vector<ContactCommander>& commanders,
                                   std::size_t index);

struct ContactScore {
    std::string force;
    int die = 0;       // unmodified
    int modified = 0;  // unclamped
    shape::Modifiers modifiers;  // as the contact_dice event shows them
    int table_score() const;  // clamped to 1..6 for the contact table
};

// rolls each commander's d6 (purpose "contact die", in the order given) and applies its
// modifiers; records a "contact_dice" event with every score (force, die, modifiers by name,
// modified, table_score), which every participant sees.
std::vector<ContactScore> roll_contact_dice(const Ruleset& ruleset,
                                            const std::vector<ContactCommander>& commanders,
                                            DiceSource& dice, EventLog& log);

// end hour of the contact's half period minus (highest - lowest unmodified die).
int contact_hour(const Ruleset& ruleset, HalfPeriod half, const std::vector<ContactScore>& scores);

// what one commander learns of one opponent's assault regiment from its score:
// the fact as the receiving player will see it, and nothing more. `aware` and `score` always;
// `size` from score 3 (the exact figure or an estimate with its accuracy band); `composition`
// from score 3, by level: troop_class -> `class_` (the class with most figures; tie: infantry);
// troop_types -> `types` (sorted); organization -> `companies` of type and share_percent
// (rounded half up, in company order); exact -> `companies` of type, figures and name (if any).
// The size estimate rolls 2d6 (two d6, purpose "size estimate") only when the row gives an
// estimate; those rolls are the GM's alone.
shape::IntelligenceFact contact_intelligence(const Ruleset& ruleset, int table_score,
                                             const Force& opponent, DiceSource& dice, EventLog& log,
                                             const std::string& receiver_force);
// The figure a fact gives of the opponent's assault regiment: exact or estimated, if either.
std::optional<int> known_size(const shape::IntelligenceFact& fact);

// Figures x (1 + percent/100), rounded half up.
int apply_size_error(int figures, int error_percent);

}  // namespace umpire::rules
