#include "protocol/event_catalogue.hpp"

#include <unordered_map>

namespace umpire::protocol {

const EventTypeSpec* find_event_type(std::string_view type) {
    // Asked once per event projected: a hash lookup, built on first use.
    static const auto by_type = [] {
        std::unordered_map<std::string_view, const EventTypeSpec*> map;
        for (const EventTypeSpec& spec : event_catalogue()) map.emplace(spec.type, &spec);
        return map;
    }();
    const auto it = by_type.find(type);
    return it == by_type.end() ? nullptr : it->second;
}

}  // namespace umpire::protocol
