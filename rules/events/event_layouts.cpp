#include "rules/events/event_layouts.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace umpire::rules {

bool EventLayouts::matches(const EventLayout& layout, std::span<const EventField> fields) {
    if (layout.names_.size() != fields.size()) return false;
    for (std::size_t i = 0; i < fields.size(); ++i)
        if (layout.names_[i] != fields[i].key->text().data()) return false;
    return true;
}

void EventLayouts::lay_out(EventLayout& layout, std::span<const EventField> fields) {
    if (fields.size() > 255) throw std::length_error("an event has more than 255 fields");
    layout.names_.clear();
    for (const EventField& f : fields) layout.names_.push_back(f.key->text().data());
    layout.order_.resize(fields.size());
    std::iota(layout.order_.begin(), layout.order_.end(), 0);
    const auto key = [&](std::uint8_t i) -> const FieldKey& { return *fields[i].key; };
    std::sort(layout.order_.begin(), layout.order_.end(),
              [&](std::uint8_t a, std::uint8_t b) { return key(a) < key(b); });
    for (std::size_t k = 1; k < fields.size(); ++k)
        if (key(layout.order_[k - 1]) == key(layout.order_[k]))
            throw std::logic_error("the event field \"" +
                                   std::string(key(layout.order_[k]).text()) +
                                   "\" is named twice");
    TextOut text;
    layout.piece_end_.clear();
    for (std::size_t k = 0; k < fields.size(); ++k) {
        text.put(k ? ',' : '{');
        write_key(text, key(layout.order_[k]));
        text.put(':');
        layout.piece_end_.push_back(static_cast<std::uint32_t>(text.size()));
    }
    layout.pieces_ = std::string(text.text());
}

std::size_t EventLayouts::recent_slot(std::span<const EventField> fields, const void* place) {
    if (fields.empty()) return 0;
    const auto first = reinterpret_cast<std::uintptr_t>(fields.front().key->text().data());
    const std::uint64_t h = (first ^ reinterpret_cast<std::uintptr_t>(place) << 7 ^ fields.size()) *
                            0x9e3779b97f4a7c15ull;
    return h >> 56;
}

const EventLayout& EventLayouts::of(std::span<const EventField> fields, const void* place) {
    // A layout is kept only for literal names, and a name read from data never sits at a
    // literal's address: matching names are the same literals.
    const std::size_t recent = recent_slot(fields, place);
    if (const std::uint32_t i = recent_[recent]; i && matches(layouts_[i - 1], fields))
        return layouts_[i - 1];
    // One pass: whether every name is a literal, and the hash of their addresses.
    bool literal = true;
    std::uint64_t h = fields.size();
    for (const EventField& f : fields) {
        literal &= f.key->literal();
        h = (h ^ reinterpret_cast<std::uintptr_t>(f.key->text().data())) * 0x9e3779b97f4a7c15ull;
    }
    if (!literal) {
        lay_out(uncached_, fields);
        return uncached_;
    }
    const std::uint64_t hash = h ^ (h >> 29);
    if (2 * (layouts_.size() + 1) > slots_.size()) grow();
    const std::size_t mask = slots_.size() - 1;
    std::size_t slot = hash & mask;
    for (; slots_[slot]; slot = (slot + 1) & mask) {
        const EventLayout& layout = layouts_[slots_[slot] - 1];
        if (layout.hash_ == hash && matches(layout, fields)) {
            recent_[recent] = slots_[slot];
            return layout;
        }
    }
    EventLayout layout;
    lay_out(layout, fields);
    layout.hash_ = hash;
    layouts_.push_back(std::move(layout));
    slots_[slot] = static_cast<std::uint32_t>(layouts_.size());
    recent_[recent] = slots_[slot];
    return layouts_.back();
}

void EventLayouts::grow() {
    slots_.assign(std::max<std::size_t>(64, 2 * slots_.size()), 0);
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = 0; i < layouts_.size(); ++i) {
        std::size_t slot = layouts_[i].hash_ & mask;
        while (slots_[slot]) slot = (slot + 1) & mask;
        slots_[slot] = static_cast<std::uint32_t>(i + 1);
    }
}

}  // namespace umpire::rules
