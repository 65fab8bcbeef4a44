// where a card may go on the battlefield grid, and where the server puts one for a player
// who lets it place.
#include <limits>
#include <stdexcept>

#include "rules/contact/terrain_cards.hpp"

namespace umpire::rules {

namespace {

std::string cell_text(int column, int row) {
    return "(" + std::to_string(column) + ", " + std::to_string(row) + ")";
}

const CardPlacement* card_at(const std::vector<CardPlacement>& placed, int column, int row) {
    for (const auto& p : placed)
        if (p.column == column && p.row == row) return &p;
    return nullptr;
}

}  // namespace

std::string check_placement(const Ruleset& ruleset, const std::vector<CardPlacement>& placed,
                            const CardPlacement& candidate) {
    const TerrainCardRules& rules = ruleset.terrain_cards;
    if (candidate.column < 0 || candidate.column >= rules.grid_columns || candidate.row < 0 ||
        candidate.row >= rules.grid_rows)
        return "cell " + cell_text(candidate.column, candidate.row) + " is off the " +
               std::to_string(rules.grid_columns) + " x " + std::to_string(rules.grid_rows) +
               " battlefield grid";
    if (candidate.rotation != 0 && candidate.rotation != 90 && candidate.rotation != 180 &&
        candidate.rotation != 270)
        return "rotation must be 0, 90, 180 or 270, not " + std::to_string(candidate.rotation);
    if (const CardPlacement* other = card_at(placed, candidate.column, candidate.row))
        return "cell " + cell_text(candidate.column, candidate.row) + " already holds " +
               other->card;
    return {};
}

CardPlacement auto_place(const Ruleset& ruleset, const std::vector<CardPlacement>& placed,
                         const std::string& card, const std::string& side, bool first_side) {
    const int columns = ruleset.terrain_cards.grid_columns;
    const int rows = ruleset.terrain_cards.grid_rows;
    // [H] The first side's half is rows 0..rows/2-1, the other side's the rest.
    const int low = first_side ? 0 : rows / 2;
    const int high = first_side ? rows / 2 - 1 : rows - 1;
    // Distances in doubled coordinates, so the centre of the half stays on integers.
    const int centre_row2 = low + high;
    const int centre_column2 = columns - 1;
    auto pick = [&](int row_from, int row_to) -> std::optional<CardPlacement> {
        std::optional<CardPlacement> best;
        long long best_distance = std::numeric_limits<long long>::max();
        for (int row = row_from; row <= row_to; ++row)  // (row, column) order breaks ties
            for (int column = 0; column < columns; ++column) {
                if (card_at(placed, column, row)) continue;
                const long long dr = 2 * row - centre_row2;
                const long long dc = 2 * column - centre_column2;
                const long long distance = dr * dr + dc * dc;
                if (distance < best_distance) {
                    best_distance = distance;
                    best = CardPlacement{card, side, column, row, 0};
                }
            }
        return best;
    };
    // [H] A full half spills over to the nearest free cell of the whole grid.
    if (auto in_half = pick(low, high)) return *in_half;
    if (auto anywhere = pick(0, rows - 1)) return *anywhere;
    throw std::logic_error("the battlefield grid is full");
}

}  // namespace umpire::rules
