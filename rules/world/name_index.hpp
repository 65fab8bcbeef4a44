#pragma once
// A hash index of a name-keyed map (the ruleset's terrain and troop types), for lookups while a
// period resolves: every step looks up its hex's terrain and every company its troop type, and
// walking the tree, a string comparison at each node, took some 4% of a period's time.
//
// Names are read a word at a time (text_words): up to 16 bytes, two words and the length are
// the whole name, so a match needs no further comparison. Built on first lookup: a ruleset
// belongs to one thread, as the campaign that holds it does (docs/architecture.md, "Threads").
// A copy or a move of the owner starts without it: it points into the map it was built from.
// The map must not change once looked up in (rulesets are not changed after loading).
#include <bit>
#include <cstdint>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "rules/world/name_order.hpp"
#include "rules/world/text_words.hpp"

namespace umpire::rules {

template <typename T>
class NameIndex {
public:
    using Map = std::map<std::string, T, NameLess>;

    NameIndex() = default;
    NameIndex(const NameIndex&) {}
    NameIndex(NameIndex&&) noexcept {}
    NameIndex& operator=(const NameIndex&) {
        reset();
        return *this;
    }
    NameIndex& operator=(NameIndex&&) noexcept {
        reset();
        return *this;
    }

    const T* find(const Map& map, std::string_view name) const {
        const Table* table = table_ ? table_.get() : build(map);
        const Key key = key_of(name);
        const std::size_t mask = table->slots.size() - 1;
        for (std::size_t slot = hash(key) & mask;; slot = (slot + 1) & mask) {
            const Entry& e = table->slots[slot];
            if (!e.value) return nullptr;
            if (e.key.head == key.head && e.key.tail == key.tail && e.key.size == key.size &&
                (key.size <= 16 || std::memcmp(e.name, name.data(), name.size()) == 0))
                return e.value;
        }
    }

private:
    struct Key {
        std::uint64_t head = 0, tail = 0;
        std::size_t size = 0;
    };
    struct Entry {
        Key key;
        const char* name = nullptr;  // the map's own key text, for names over 16 bytes
        const T* value = nullptr;    // null: an empty slot
    };
    struct Table {
        std::vector<Entry> slots;  // open addressing, a power of two, at most half full
    };

    static Key key_of(std::string_view name) {
        const char* p = name.data();
        const std::size_t n = name.size();
        if (n < 8) return {text_words::short_word(p, n, 0), 0, n};
        return {text_words::load8(p), text_words::load8(p + n - 8), n};
    }
    static std::size_t hash(const Key& k) {
        std::uint64_t h = (k.head ^ (k.tail * 0x9e3779b97f4a7c15ull) ^ k.size) *
                          0xbf58476d1ce4e5b9ull;
        return static_cast<std::size_t>(h ^ (h >> 31));
    }

    const Table* build(const Map& map) const {
        auto table = std::make_unique<Table>();
        table->slots.resize(std::bit_ceil(2 * map.size() + 2));
        const std::size_t mask = table->slots.size() - 1;
        for (const auto& [name, value] : map) {
            const Key key = key_of(name);
            std::size_t slot = hash(key) & mask;
            while (table->slots[slot].value) slot = (slot + 1) & mask;
            table->slots[slot] = {key, name.data(), &value};
        }
        table_ = std::move(table);
        return table_.get();
    }
    void reset() { table_.reset(); }

    mutable std::unique_ptr<Table> table_;
};

}  // namespace umpire::rules
