#pragma once
// Terrain reconnaissance: who draws first, how many cards each side places and in which
// order, the deck with its local-terrain swaps, and placement on the battlefield grid.
#include <optional>
#include <string>
#include <vector>

#include "rules/events/shapes.generated.hpp"
#include "umpire/rules/dice.hpp"
#include "umpire/rules/events.hpp"
#include "umpire/rules/ruleset.hpp"

namespace umpire::rules {

// One side's candidates: each commander's modified (unclamped) and unmodified contact score.
struct ReconCandidate {
    std::string force;
    std::string side;
    int modified = 0;
    int unmodified = 0;
};

struct ReconOrder {
    std::string first_side;    // the side that draws first
    std::string second_side;
    std::string first_force;   // each side's representative
    std::string second_force;
    int n = 0;                 // |difference of the representatives' unmodified dice|
    // Who places each card, in order (side ids): e.g. for N = 1: A, B, A, B, A, B, A, B.
    std::vector<std::string> sequence;
};

// representatives (highest modified; tie: higher unmodified, then roll-off), the first
// drawer (higher modified; tie: higher unmodified; then roll-off), N and the placement sequence.
// Exactly two sides (std::invalid_argument otherwise). Roll-offs use roll_off() (purposes
// "terrain representative", "terrain first drawer") and are recorded; so is the result, as a
// "reconnaissance_order" event.
ReconOrder reconnaissance_order(const Ruleset& ruleset, const std::vector<ReconCandidate>& candidates,
                                DiceSource& dice, EventLog& log);

// who places each card. The first drawer places its N cards; then single cards
// alternate, the other side first, until the first drawer has placed cards_per_side; then the
// other side completes its cards_per_side. So N >= cards_per_side gives N cards then
// cards_per_side, and N = 0 read literally gives strict alternation with the *other* side
// opening (the first drawer "places 0 cards", then the other side goes first): S F S F S F S F.
std::vector<std::string> placement_sequence(int n, int cards_per_side, const std::string& first,
                                            const std::string& second);

// the deck in deck order with each local swap applied (terrains of the contact's force
// hexes in ascending force id), then shuffled with the dice (Fisher-Yates, one die of size i+1
// per position from the top, purpose "shuffle terrain cards").
// A local swap takes out the first swap_out_count cards of the printed deck that are swap-out
// cards (the fallback card when none is left; nothing when neither is left) and appends the
// terrain's local cards at the bottom. [H] Cards a swap put in are never swapped out by a later
// one, so two swamp forces give four local marsh cards. Element 0 is the top of the deck.
// Records a "terrain_deck" event with the swaps and the shuffled deck.
std::vector<std::string> build_terrain_deck(const Ruleset& ruleset,
                                            const std::vector<std::string>& force_hex_terrains,
                                            DiceSource& dice, EventLog& log);

// A card on the battlefield grid: `card`, `side` (who placed it), `column` (0 .. grid_columns -
// 1), `row` (0 .. grid_rows - 1), `rotation` (0, 90, 180, 270). The shape the events show it as.
using CardPlacement = shape::CardPlacement;

// Empty if the placement is legal on `placed` (cell on the grid, not taken, rotation valid);
// otherwise the reason.
std::string check_placement(const Ruleset& ruleset, const std::vector<CardPlacement>& placed,
                            const CardPlacement& candidate);
// The server's placement for a player who lets it place: [H] the free cell nearest the centre of
// the placing side's half of the grid (the first side's half is rows 0..rows/2-1), ties by
// (row, column); rotation 0. [H] When that half is full, the free cell of the whole grid nearest
// the same centre; std::logic_error when the grid is full (the ruleset's grid holds every card).
CardPlacement auto_place(const Ruleset& ruleset, const std::vector<CardPlacement>& placed,
                         const std::string& card, const std::string& side, bool first_side);

}  // namespace umpire::rules
