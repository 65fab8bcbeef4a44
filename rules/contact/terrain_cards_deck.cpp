// the terrain deck with its local swaps, shuffled with the dice.
#include <algorithm>

#include "rules/contact/terrain_cards.hpp"
#include "rules/events/event_records.generated.hpp"

namespace umpire::rules {

namespace {

struct DeckCard {
    std::string name;
    bool local = false;  // put in by a local swap: never swapped out again
};

// Removes the first original card (in deck order) accepted by `wanted`; returns its name.
std::optional<std::string> take_first(std::vector<DeckCard>& deck, auto wanted) {
    auto it = std::find_if(deck.begin(), deck.end(),
                           [&](const DeckCard& c) { return !c.local && wanted(c.name); });
    if (it == deck.end()) return std::nullopt;
    std::string name = it->name;
    deck.erase(it);
    return name;
}

}  // namespace

std::vector<std::string> build_terrain_deck(const Ruleset& ruleset,
                                            const std::vector<std::string>& force_hex_terrains,
                                            DiceSource& dice, EventLog& log) {
    const TerrainCardRules& rules = ruleset.terrain_cards;
    std::vector<DeckCard> deck;
    for (const auto& entry : rules.deck)
        for (int i = 0; i < entry.count; ++i) deck.push_back({entry.card, false});

    std::vector<shape::TerrainSwap> swaps;
    for (const auto& terrain : force_hex_terrains) {
        auto local = rules.local_swaps.find(terrain);
        if (local == rules.local_swaps.end()) continue;
        std::vector<std::string> taken;
        for (int i = 0; i < rules.swap_out_count; ++i) {
            auto name = take_first(deck, [&](const std::string& card) {
                return std::find(rules.swap_out.begin(), rules.swap_out.end(), card) !=
                       rules.swap_out.end();
            });
            // "hill cards when none are left"; with no fallback left either, nothing goes out.
            if (!name)
                name = take_first(deck, [&](const std::string& card) {
                    return card == rules.swap_out_fallback;
                });
            if (name) taken.push_back(std::move(*name));
        }
        std::vector<std::string> added;
        for (const auto& entry : local->second)
            for (int i = 0; i < entry.count; ++i) {
                deck.push_back({entry.card, true});
                added.push_back(entry.card);
            }
        swaps.push_back({.terrain = terrain, .in = std::move(added), .out = std::move(taken)});
    }

    // Fisher-Yates from the bottom up: position i swaps with a position 0..i drawn on a d(i+1).
    static const std::string purpose = "shuffle terrain cards";  // made once, not per roll
    for (std::size_t i = deck.size(); i-- > 1;) {
        const int j = log.roll(dice, static_cast<int>(i) + 1, purpose) - 1;
        std::swap(deck[i], deck[static_cast<std::size_t>(j)]);
    }

    std::vector<std::string> names;
    for (auto& c : deck) names.push_back(std::move(c.name));
    event::TerrainDeck{.deck = names, .swaps = swaps}.write(log);
    return names;
}

}  // namespace umpire::rules
