// representatives, the first drawer, N and the order in which the sides place cards.
#include <cstdlib>
#include <stdexcept>

#include "rules/contact/terrain_cards.hpp"
#include "rules/dice/rolloff.hpp"
#include "rules/events/event_records.generated.hpp"

namespace umpire::rules {

namespace {

// Higher modified score (before clamping), then higher unmodified die; 0 when still tied.
int compare(const ReconCandidate& a, const ReconCandidate& b) {
    if (a.modified != b.modified) return a.modified > b.modified ? 1 : -1;
    if (a.unmodified != b.unmodified) return a.unmodified > b.unmodified ? 1 : -1;
    return 0;
}

const ReconCandidate& representative(const std::vector<const ReconCandidate*>& side,
                                     DiceSource& dice, EventLog& log) {
    const ReconCandidate* best = side.front();
    for (const auto* c : side)
        if (compare(*c, *best) > 0) best = c;
    std::vector<std::string> tied;
    for (const auto* c : side)
        if (compare(*c, *best) == 0) tied.push_back(c->force);
    if (tied.size() == 1) return *best;
    const std::string winner =
        roll_off(tied, dice, log, "terrain representative", {.side = best->side});
    for (const auto* c : side)
        if (c->force == winner) return *c;
    return *best;
}

}  // namespace

std::vector<std::string> placement_sequence(int n, int cards_per_side, const std::string& first,
                                            const std::string& second) {
    std::vector<std::string> sequence;
    int placed_first = 0;
    int placed_second = 0;
    // The first drawer places its N cards (all of them, even when N exceeds cards_per_side).
    for (; placed_first < n; ++placed_first) sequence.push_back(first);
    // Then single cards alternate, the other side first, until the first drawer has placed its
    // share. With N = 0 the first drawer places nothing up front, so the other side opens.
    while (placed_first < cards_per_side) {
        sequence.push_back(second);
        ++placed_second;
        sequence.push_back(first);
        ++placed_first;
    }
    // Then the other side completes its share (with N >= cards_per_side: all of it, one by one).
    for (; placed_second < cards_per_side; ++placed_second) sequence.push_back(second);
    return sequence;
}

ReconOrder reconnaissance_order(const Ruleset& ruleset,
                                const std::vector<ReconCandidate>& candidates, DiceSource& dice,
                                EventLog& log) {
    // Sides in the order they first appear.
    std::vector<std::string> sides;
    std::vector<std::vector<const ReconCandidate*>> members;
    for (const auto& c : candidates) {
        std::size_t i = 0;
        while (i < sides.size() && sides[i] != c.side) ++i;
        if (i == sides.size()) {
            sides.push_back(c.side);
            members.emplace_back();
        }
        members[i].push_back(&c);
    }
    if (sides.size() != 2)
        throw std::invalid_argument("terrain reconnaissance needs exactly two sides, got " +
                                    std::to_string(sides.size()));

    const ReconCandidate& a = representative(members[0], dice, log);
    const ReconCandidate& b = representative(members[1], dice, log);
    const ReconCandidate* first = &a;
    const ReconCandidate* second = &b;
    const int order = compare(a, b);
    if (order < 0) std::swap(first, second);
    if (order == 0 && roll_off({a.force, b.force}, dice, log, "terrain first drawer") == b.force)
        std::swap(first, second);

    ReconOrder result;
    result.first_side = first->side;
    result.second_side = second->side;
    result.first_force = first->force;
    result.second_force = second->force;
    result.n = std::abs(first->unmodified - second->unmodified);
    result.sequence = placement_sequence(result.n, ruleset.terrain_cards.cards_per_side,
                                         result.first_side, result.second_side);
    event::ReconnaissanceOrder{.first_force = result.first_force,
                               .first_side = result.first_side,
                               .n = result.n,
                               .second_force = result.second_force,
                               .second_side = result.second_side,
                               .sequence = result.sequence}
        .write(log);
    return result;
}

}  // namespace umpire::rules
