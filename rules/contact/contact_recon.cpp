// step 5 and: terrain reconnaissance inside the contact procedure.
#include <algorithm>

#include "rules/contact/contact_procedure_detail.hpp"
#include "rules/events/event_records.generated.hpp"

namespace umpire::rules {

void ContactProcedure::terrain_reconnaissance(const std::vector<std::string>& forces) {
    std::vector<ReconCandidate> candidates;
    std::vector<std::string> terrains;
    for (const auto& id : forces) {
        const ContactScore& s = scores_.at(id);
        candidates.push_back({id, side(id), s.modified, s.die});
        terrains.push_back(*r_.state_.map.terrain_at(force(id).hex));
    }
    // The battlefield sketch is shown to every participant of the contact.
    ReconOrder order;
    std::vector<std::string> deck;
    {
        const auto narrowed = r_.log_.narrowed_to(everyone());
        order = reconnaissance_order(r_.ruleset_, candidates, r_.dice_, r_.log_);
        deck = build_terrain_deck(r_.ruleset_, terrains, r_.dice_, r_.log_);
    }

    for (std::size_t i = 0; i < order.sequence.size() && i < deck.size(); ++i) {
        const std::string& placing_side = order.sequence[i];
        const bool first = placing_side == order.first_side;
        const std::string& rep = first ? order.first_force : order.second_force;
        const CardPlacement automatic =
            auto_place(r_.ruleset_, battlefield_, deck[i], placing_side, first);
        auto context = [&] {
            shape::CardPlacementContext c{.contact = id_,
                                          .card = deck[i],
                                          .placed = {},
                                          .columns = r_.ruleset_.terrain_cards.grid_columns,
                                          .rows = r_.ruleset_.terrain_cards.grid_rows};
            for (const auto& placed : battlefield_)
                c.placed.push_back({placed.card, placed.column, placed.row});
            return c;
        };
        static const SoleOption kAuto("auto");
        const Answer answer = r_.decider_.ask({decision_id("card" + std::to_string(i + 1), rep),
                                               force(rep).player,
                                               rep,
                                               "card_placement",
                                               "",
                                               kAuto.options,
                                               kAuto.answer,
                                               {},
                                               context});
        CardPlacement placement = automatic;
        if (const auto* cell = answer.as<CardCell>()) {
            CardPlacement wanted{deck[i], placing_side, cell->column, cell->row, cell->rotation};
            const std::string why = check_placement(r_.ruleset_, battlefield_, wanted);
            if (why.empty())
                placement = wanted;
            else
                event::CardPlacementRefused{.contact = id_, .reason = why}.write(r_.log_,
                                                                                 audience({rep}));
        }
        battlefield_.push_back(placement);
        event::CardPlaced{.card = placement.card,
                          .column = placement.column,
                          .contact = id_,
                          .rotation = placement.rotation,
                          .row = placement.row,
                          .side = placement.side}
            .write(r_.log_, everyone());
    }
}

}  // namespace umpire::rules
