#pragma once
// The events of a period, their texts kept end to end in a few large blocks. A period records
// some 30 events per force; a string of its own per event cost an allocation to make and one to
// free, and scattered the log over the heap.
#include <cstdint>
#include <memory>
#include <string_view>
#include <utility>
#include <vector>

#include "umpire/rules/json_reader.hpp"

namespace umpire::rules {

// One event: a view of its text in the list that holds it, valid while that list lives.
class Event {
public:
    std::string_view text() const { return {text_, size_}; }  // the whole event, compact JSON
    std::string_view type() const { return text().substr(type_at_, type_size_); }
    // "all" or the list of player ids, as JSON text.
    std::string_view audience() const { return text().substr(audience_at_, audience_size_); }
    bool for_all() const { return audience() == "\"all\""; }
    Json json() const { return Json::parse(text()); }

private:
    friend class EventList;
    const char* text_ = nullptr;
    std::uint32_t size_ = 0, type_at_ = 0, type_size_ = 0, audience_at_ = 0, audience_size_ = 0;
};

// Where the type and audience values sit in an event's text.
struct EventSpans {
    std::uint32_t type_at = 0, type_size = 0, audience_at = 0, audience_size = 0;
};

class EventList {
public:
    EventList() = default;
    // Moving keeps the blocks, so events stay where they are.
    EventList(EventList&&) noexcept = default;
    EventList& operator=(EventList&&) noexcept = default;
    EventList(const EventList& other);  // copies the texts
    EventList& operator=(const EventList& other);
    ~EventList();

    std::size_t size() const { return events_.size(); }
    bool empty() const { return events_.empty(); }
    const Event& operator[](std::size_t i) const { return events_[i]; }
    const Event& front() const { return events_.front(); }
    const Event& back() const { return events_.back(); }
    auto begin() const { return events_.begin(); }
    auto end() const { return events_.end(); }
    // Room for this many events; a large list takes the room a freed one left on the thread.
    void reserve(std::size_t events);

    void push_back(std::string_view text, EventSpans spans);
    void push_back(const Event& event);
    // Writing an event where it will be kept: the free room at the end of the block being
    // filled, at least `at_least` bytes (a block is started where there is less). The caller
    // writes the event's text at its start, then keeps it with keep_written (or leaves the
    // list as it was by not calling it).
    std::pair<char*, std::size_t> free_room(std::size_t at_least);
    void keep_written(std::size_t size, EventSpans spans);
    // Drops the events from index `from` on; their room is written over by the next ones.
    void truncate(std::size_t from);

private:
    char* room_for(std::size_t bytes);
    void add(const char* text, std::size_t size, EventSpans spans);  // its text in a block

    // Returns a full-size block to those kept for the next list on the thread, or frees it.
    struct BlockRelease {
        std::size_t size;
        void operator()(char* data) const;
    };
    struct Block {
        std::unique_ptr<char[], BlockRelease> data;
        std::size_t size = 0, used = 0;
    };
    std::vector<Block> blocks_;
    std::size_t current_ = 0;  // the block being filled; those after it are empty
    std::vector<Event> events_;
};

}  // namespace umpire::rules
