// step 5 and: terrain reconnaissance inside the contact procedure.
#include <algorithm>

#include "rules/contact/contact_steps.hpp"
#include "rules/events/event_records.generated.hpp"

namespace umpire::rules {

void TerrainReconnaissance::run(const std::vector<std::string>& forces) {
    std::vector<ReconCandidate> candidates;
    std::vector<std::string> terrains;
    for (const auto& id : forces) {
        const ContactScore& s = c_.scores.at(id);
        candidates.push_back({id, c_.side(id), s.modified, s.die});
        terrains.push_back(*c_.state.map.terrain_at(c_.force(id).hex()));
    }
    // The battlefield sketch is shown to every participant of the contact.
    ReconOrder order;
    std::vector<std::string> deck;
    {
        const auto narrowed = c_.log.narrowed_to(c_.everyone());
        order = reconnaissance_order(c_.ruleset, candidates, c_.dice, c_.log);
        deck = build_terrain_deck(c_.ruleset, terrains, c_.dice, c_.log);
    }

    for (std::size_t i = 0; i < order.sequence.size() && i < deck.size(); ++i) {
        const std::string& placing_side = order.sequence[i];
        const bool first = placing_side == order.first_side;
        const std::string& rep = first ? order.first_force : order.second_force;
        const CardPlacement automatic =
            auto_place(c_.ruleset, c_.battlefield, deck[i], placing_side, first);
        auto context = [&] {
            shape::CardPlacementContext c{.contact = c_.id,
                                          .card = deck[i],
                                          .placed = {},
                                          .columns = c_.ruleset.terrain_cards.grid_columns,
                                          .rows = c_.ruleset.terrain_cards.grid_rows};
            for (const auto& placed : c_.battlefield)
                c.placed.push_back({placed.card, placed.column, placed.row});
            return c;
        };
        static const SoleOption kAuto("auto");
        const Answer answer = c_.decider.ask({c_.decision_id("card" + std::to_string(i + 1), rep),
                                              c_.force(rep).player, rep,
                                              DecisionKind::card_placement, DecisionWindow::none,
                                              kAuto.options, kAuto.answer, {}, context});
        CardPlacement placement = automatic;
        if (const auto* cell = answer.as<CardCell>()) {
            CardPlacement wanted{deck[i], placing_side, cell->column, cell->row, cell->rotation};
            const std::string why = check_placement(c_.ruleset, c_.battlefield, wanted);
            if (why.empty())
                placement = wanted;
            else
                event::CardPlacementRefused{.contact = c_.id, .reason = why}.write(
                    c_.log, c_.audience({rep}));
        }
        c_.battlefield.push_back(placement);
        event::CardPlaced{.card = placement.card,
                          .column = placement.column,
                          .contact = c_.id,
                          .rotation = placement.rotation,
                          .row = placement.row,
                          .side = placement.side}
            .write(c_.log, c_.everyone());
    }
}

}  // namespace umpire::rules
