#pragma once
// Which fields of an event only some of its audience may see, declared once per event type in
// the event catalogue (protocol/events.json; ). An event's audience says who learns that
// it happened; these fields tell more, such as a regiment's exact strength or how its companies
// are organised, and only the players the event names in its "private_to" (the force's owner)
// and the GM see them. The projection (event_for) removes them, and "private_to" itself, for
// everyone else.
#include <span>
#include <string_view>

namespace umpire::protocol {

// The fields of `type` that only its private_to players see; empty for most types.
std::span<const std::string_view> private_fields(std::string_view type);

}  // namespace umpire::protocol
