#pragma once
// The event catalogue (protocol/events.json): every event type the engine records, with its
// fields, their JSON types, and the fields only the players an event names in "private_to" (and
// the GM) may see. The table is generated (protocol/event_catalogue.generated.cpp, by
// scripts/gen_event_types.py), as are the JSON Schemas and the web client's types, so all of
// them describe the same events.
#include <span>
#include <string_view>

namespace umpire::protocol {

struct EventFieldSpec {
    std::string_view name;
    std::string_view type;  // "string", "hex", "list<integer>", ... (protocol/events.json)
    bool optional;
    bool is_private;
};

struct EventTypeSpec {
    std::string_view type;
    std::span<const EventFieldSpec> fields;
    std::span<const std::string_view> private_fields;
};

// Every event type, in the catalogue's order.
std::span<const EventTypeSpec> event_catalogue();

// The type's entry; null for a type the catalogue does not know.
const EventTypeSpec* find_event_type(std::string_view type);

}  // namespace umpire::protocol
