#pragma once
// How the fields of an event are laid out in its text: in key order (as nlohmann::json writes
// objects), each value after its `{"key":` or `,"key":`. Events come from a few dozen places in
// the rules, each always naming the same fields, so the order and the key text are worked out
// once per set of names instead of sorting and writing the keys for each of the tens of
// thousands of events a period records.
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "umpire/rules/event_fields.hpp"

namespace umpire::rules {

struct EventField {
    const FieldKey* key;
    const FieldValue* value;
};

class EventLayout {
public:
    std::size_t size() const { return order_.size(); }
    // The k-th field in key order, as an index into the fields the layout was made for.
    std::size_t field(std::size_t k) const { return order_[k]; }
    // The text written before the k-th field's value: {"key": for the first, ,"key": after.
    std::string_view piece(std::size_t k) const {
        const std::uint32_t from = k ? piece_end_[k - 1] : 0;
        return {pieces_.data() + from, piece_end_[k] - from};
    }

private:
    friend class EventLayouts;
    std::uint64_t hash_ = 0;
    std::vector<const char*> names_;  // each field's name text, in the order given
    std::vector<std::uint8_t> order_;
    std::string pieces_;
    std::vector<std::uint32_t> piece_end_;
};

class EventLayouts {
public:
    // The layout for fields named as these are. Kept for next time when every name is a literal
    // (its address then always names the same text); a name from data is laid out anew.
    // `place` tells apart the places that write events (their event type's text, say): it only
    // speeds the search.
    const EventLayout& of(std::span<const EventField> fields, const void* place = nullptr);

private:
    static bool matches(const EventLayout& layout, std::span<const EventField> fields);
    // Where recent_ keeps the layout last used at this place for fields with this first name
    // and count.
    static std::size_t recent_slot(std::span<const EventField> fields, const void* place);
    static void lay_out(EventLayout& layout, std::span<const EventField> fields);
    void grow();

    std::vector<EventLayout> layouts_;
    std::vector<std::uint32_t> slots_;  // open addressing: layout index + 1, 0 for empty
    // Most events come from a place that wrote one before with the same names: the layout last
    // used there, by place, first name and count (layout index + 1, 0 for none), is checked
    // name by name before all the names are hashed.
    std::array<std::uint32_t, 256> recent_{};
    EventLayout uncached_;
};

}  // namespace umpire::rules
