#include "protocol/event_visibility.hpp"

#include "protocol/event_catalogue.hpp"

namespace umpire::protocol {

// Declared once, in the event catalogue (protocol/events.json, "private"): for example the
// opponents of a contact see the dice, totals and loss percentage of a disengagement,
// not the figures behind them, which would give the assault regiment's exact strength.
std::span<const std::string_view> private_fields(std::string_view type) {
    const EventTypeSpec* spec = find_event_type(type);
    return spec ? spec->private_fields : std::span<const std::string_view>{};
}

}  // namespace umpire::protocol
