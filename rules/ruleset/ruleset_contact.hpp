#pragma once
// Ruleset tables for scouting and map contact (RULEBOOK sections 4 and 6): the section types of
// Ruleset::scouting, Ruleset::contact and Ruleset::terrain_cards. Loaded by load_ruleset.
#include <array>
#include <map>
#include <string>
#include <vector>

#include "rules/scouting/scout_result.hpp"

namespace umpire::rules {


struct ScoutOutcome {
    ScoutResult result = ScoutResult::killed;
    int accuracy_percent = 0;  // size estimate band of a success: a column of
};

struct ScoutingRules {
    int range_hexes = 0;             // target hex at most this far
    int dispatches_per_period = 0;   // "once per period"
    int detection_radius_hexes = 0;  // an enemy in the target hex or this close rolls
    int report_radius_hexes = 0;     // a success reports enemies this close to the target
    int counts_for_periods = 0;      // the period of the scout and the next one
    std::array<ScoutOutcome, 6> by_roll{};  // [roll - 1], rolls 1..6

    const ScoutOutcome& outcome(int roll) const { return by_roll.at(roll - 1); }
};

// each applies once.
struct ContactModifiers {
    int more_move_points = 0;
    int smallest_force = 0;
    int successful_scout = 0;
    int captured_scout = 0;
    int previous_contact = 0;
    // All opponents in this terrain (clear +1, mountain -1), keyed by terrain name.
    std::map<std::string, int> all_opponents_in_terrain;
};

// what a contact score tells of an opponent's assault regiment.
enum class SizeKnowledge { none, estimate, exact };
enum class CompositionKnowledge {
    none,
    troop_class,   // basic troop class
    troop_types,   // all troop types
    organization,  // all troop types, proportions, companies
    exact,         // exact, plus individual creatures and named figures
};

struct ContactTableRow {
    int score = 0;
    bool aware = false;  // an unaware commander cannot evade
    SizeKnowledge size = SizeKnowledge::none;
    int accuracy_percent = 0;  // set when size is estimate: a column of
    CompositionKnowledge composition = CompositionKnowledge::none;
};

// the 2d6 size-estimation table, one column per accuracy band.
struct SizeEstimationTable {
    std::vector<int> accuracy_percent;                  // the columns, as in the file: 50, 25, 10
    std::map<int, std::map<int, int>> error_percent;    // [accuracy][2d6 roll] -> signed error

    int error(int accuracy, int roll) const { return error_percent.at(accuracy).at(roll); }
};

struct ContactRules {
    ContactModifiers modifiers;
    int smallest_force_margin_regiments = 0;          // "by at least one regiment"
    int previous_contact_periods = 0;                 // this period or the one before
    int max_procedures_per_pair_per_half_period = 0;
    std::map<int, ContactTableRow> table;             // keyed by score (1..6)
    SizeEstimationTable size_estimation;

    // the row for a modified score, clamped to the table's scores.
    const ContactTableRow& row(int modified_score) const;
};

struct CardCount {
    std::string card;
    int count = 0;
};

// terrain reconnaissance.
struct TerrainCardRules {
    std::vector<CardCount> deck;             // in deck order, which the local swaps follow
    std::vector<std::string> swap_out;       // cards a local swap takes out (marsh, pond, ...)
    std::string swap_out_fallback;           // taken when none of those is left: hill
    int swap_out_count = 0;                  // cards removed per local swap: 2
    std::map<std::string, std::vector<CardCount>> local_swaps;  // by hex terrain: cards put in
    int cards_per_side = 0;
    int grid_columns = 0;
    int grid_rows = 0;

    int deck_size() const;
};

}  // namespace umpire::rules
