#pragma once
// Disengagement: the opposed roll of a disengaging commander against each opponent, the
// modifiers by category, the losses table, destruction, loss allocation and displacement.
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "umpire/rules/audience.hpp"
#include "umpire/rules/dice.hpp"
#include "umpire/rules/events.hpp"
#include "umpire/rules/hex.hpp"
#include "umpire/rules/ruleset.hpp"
#include "umpire/rules/world.hpp"

namespace umpire::rules {

// the four operations by which a force leaves a contact.
enum class DisengageOperation { avoid, delay, evade, withdraw };
// Its name ("avoid"): in the disengagement's decision ids and contexts.
std::string_view to_string(DisengageOperation operation);

// What looks at for one commander.
struct DisengagementParty {
    std::string force;
    OrderState order_state = OrderState::formed;
    bool supported = false;          // an ally in the support role
    bool favourable_terrain = false; // its hex terrain favours its main troop class
    bool exhausted_cavalry = false;
    // Disengager only:
    bool rearguard = false;          // details a rearguard (needs rearguard_min_regiments)
    // Opponent only:
    bool maneuver = false;           // declares the maneuver action
    bool aggressive_pursuit = false; // pursues an unformed, retreating or routed disengager
};

// Modifier name -> value, in category order.
using NamedModifiers = shape::Modifiers;

// each category's best single value that applies; returns name/value pairs in category
// order: order, rearguard, support, terrain, action, cavalry. `disengager_state` lets the
// pursuit modifier check that the disengager is unformed, in retreat or in rout.
// Names: formed, unformed, in_retreat, in_rout; rearguard; supported; favourable_terrain,
// unfavourable_terrain; maneuver, aggressive_pursuit; exhausted_cavalry. A category that applies
// is listed even when its value is 0 (unfavourable terrain), so the record shows it.
NamedModifiers disengagement_modifiers(const Ruleset& ruleset, const DisengagementParty& party,
                                       bool is_disengager, OrderState disengager_state);

// helpers for filling a DisengagementParty from the state: whether `terrain` favours the
// main troop class of the force's assault regiment (false with no regiment), and whether the
// force has the regiments to detail a rearguard.
bool favourable_terrain(const Ruleset& ruleset, const Force& force, const std::string& terrain);
bool can_detail_rearguard(const Ruleset& ruleset, const Force& force);

// One opponent's roll against the disengaging force: `force`, `die`, `modifiers`, `total`,
// `difference` (the disengager's total - this opponent's total), `loss_percent`, `displaced`.
// The shape the disengagement event shows it as.
using OpponentRoll = shape::DisengagementOpponent;

struct DisengagementOutcome {
    std::string force;
    int die = 0;
    NamedModifiers modifiers;
    int total = 0;
    std::vector<OpponentRoll> opponents;
    int loss_percent = 0;      // summed, including the no-hex 10% when that applies
    bool displaced = false;
    bool destroyed = false;    // loss_percent >= destroy threshold: the assault regiment is lost
    int figures_lost = 0;      // of the assault regiment (all of it when destroyed)
};

// rolls the disengager's d6 and each opponent's d6 (purpose "disengagement"),
// compares, and sums the losses. `assault_figures` is the assault regiment's current strength;
// `displacement_possible` says whether a displacement hex exists (if not and the force is
// displaced, +no_hex_displacement_percent, counted once). Rounds half up, at least the minimum
// (when the sum is above 0), never more than the regiment. Rolls the disengager first, then the
// opponents in the order given; records one "disengagement" event with the whole outcome.
// At least one opponent (std::invalid_argument otherwise: with no engaging opponent an evasion
// succeeds without dice, R-6.7). `owner`: who may see the disengager's strength and losses
// in that event (its "private_to"; see protocol/event_visibility.hpp); none: everyone.
DisengagementOutcome resolve_disengagement(const Ruleset& ruleset,
                                           const DisengagementParty& disengager,
                                           const std::vector<DisengagementParty>& opponents,
                                           int assault_figures, bool displacement_possible,
                                           DiceSource& dice, EventLog& log,
                                           const Audience& owner = nullptr);

// default allocation: figures taken from the companies in proportion to their size,
// largest remainder (ties: earlier company). Returns figures lost per company, same order.
// `figures` is clamped to 0 .. the regiment's strength.
std::vector<int> allocate_losses_proportionally(const Regiment& regiment, int figures);

// displacement: an adjacent hex on the map, passable, held by no force, and farther from
// every opponent than the force's hex is. Among those: the greatest distance to the nearest enemy
// force (any force of another side), then the cheapest to enter (step_cost), then lowest (q, r).
// nullopt if there is none.
std::optional<Hex> displacement_hex(const CampaignState& state, const Ruleset& ruleset,
                                    const Force& force, const std::vector<const Force*>& opponents);

}  // namespace umpire::rules
