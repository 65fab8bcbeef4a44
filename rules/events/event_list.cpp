#include "rules/events/event_list.hpp"

#include <algorithm>
#include <cstring>

namespace umpire::rules {

namespace {
// Blocks start small (a test's log holds a few events) and double up to this size.
constexpr std::size_t kFirstBlock = 4096, kLargestBlock = 1 << 20;

// What freed lists leave for the next on the same thread: full-size blocks, up to
// kCachedBlocks, and the room of one large list of events (32 bytes each; kKeptRoom or more).
// A period is resolved again for every decision answered, and a large one writes tens of
// megabytes of events: memory handed back to the system and asked for again is paid for in
// page faults each time (at 10,000 forces, 52 MB of text and 10 MB of events).
constexpr std::size_t kCachedBlocks = 64;
constexpr std::size_t kKeptRoom = 1 << 16;
thread_local bool kept_gone = false;  // trivially destroyed: readable after Kept is gone
struct Kept {
    std::vector<char*> blocks;
    std::vector<Event> room;
    ~Kept() {
        for (char* b : blocks) delete[] b;
        kept_gone = true;  // lists freed later on this thread (statics) free their own
    }
};
Kept* kept() {
    if (kept_gone) return nullptr;
    thread_local Kept k;
    return &k;
}
}  // namespace

void EventList::BlockRelease::operator()(char* data) const {
    if (size == kLargestBlock)
        if (Kept* k = kept(); k && k->blocks.size() < kCachedBlocks)
            return k->blocks.push_back(data);
    delete[] data;
}

EventList::~EventList() {
    Kept* k = events_.capacity() >= kKeptRoom ? kept() : nullptr;
    if (k && events_.capacity() > k->room.capacity()) {
        events_.clear();
        k->room = std::move(events_);
    }
}

void EventList::reserve(std::size_t events) {
    Kept* k = events >= kKeptRoom && events_.empty() && events_.capacity() < events ? kept()
                                                                                  : nullptr;
    if (k && k->room.capacity() >= events) std::swap(events_, k->room);
    events_.reserve(events);
}

EventList::EventList(const EventList& other) {
    events_.reserve(other.size());
    for (const Event& e : other) push_back(e);
}

EventList& EventList::operator=(const EventList& other) {
    if (this != &other) *this = EventList(other);
    return *this;
}

char* EventList::room_for(std::size_t bytes) {
    if (!blocks_.empty() && blocks_[current_].size - blocks_[current_].used >= bytes) {
        Block& b = blocks_[current_];
        b.used += bytes;
        return b.data.get() + b.used - bytes;
    }
    // The next empty block if it is large enough, else a new one in its place.
    const std::size_t next = blocks_.empty() ? 0 : current_ + 1;
    if (next >= blocks_.size() || blocks_[next].size < bytes) {
        const std::size_t grown = blocks_.empty()
                                      ? kFirstBlock
                                      : std::min(2 * blocks_[current_].size, kLargestBlock);
        Block fresh;
        fresh.size = std::max(grown, bytes);
        Kept* k = fresh.size == kLargestBlock ? kept() : nullptr;
        if (k && !k->blocks.empty()) {
            fresh.data = {k->blocks.back(), BlockRelease{fresh.size}};
            k->blocks.pop_back();
        } else {
            fresh.data = {new char[fresh.size], BlockRelease{fresh.size}};
        }
        blocks_.insert(blocks_.begin() + static_cast<std::ptrdiff_t>(next), std::move(fresh));
    }
    current_ = next;
    blocks_[current_].used = bytes;
    return blocks_[current_].data.get();
}

void EventList::push_back(std::string_view text, EventSpans spans) {
    char* at = room_for(text.size());
    if (!text.empty()) std::memcpy(at, text.data(), text.size());
    add(at, text.size(), spans);
}

std::pair<char*, std::size_t> EventList::free_room(std::size_t at_least) {
    if (blocks_.empty() || blocks_[current_].size - blocks_[current_].used < at_least) {
        room_for(at_least);                  // the next block, `at_least` of it taken...
        blocks_[current_].used -= at_least;  // ...and given back for the caller to write
    }
    Block& b = blocks_[current_];
    return {b.data.get() + b.used, b.size - b.used};
}

void EventList::keep_written(std::size_t size, EventSpans spans) {
    Block& b = blocks_[current_];
    char* at = b.data.get() + b.used;
    b.used += size;
    add(at, size, spans);
}

void EventList::add(const char* text, std::size_t size, EventSpans spans) {
    Event e;
    e.text_ = text;
    e.size_ = static_cast<std::uint32_t>(size);
    e.type_at_ = spans.type_at;
    e.type_size_ = spans.type_size;
    e.audience_at_ = spans.audience_at;
    e.audience_size_ = spans.audience_size;
    events_.push_back(e);
}

void EventList::push_back(const Event& event) {
    push_back(event.text(), {event.type_at_, event.type_size_, event.audience_at_,
                             event.audience_size_});
}

void EventList::truncate(std::size_t from) {
    if (from >= events_.size()) return;
    // Events are written in order, so the block holding this one's text is the last in use
    // or one before it, and nothing after its text is kept.
    const char* start = events_[from].text_;
    for (std::size_t b = current_ + 1; b-- > 0;) {
        Block& block = blocks_[b];
        if (start >= block.data.get() && start <= block.data.get() + block.used) {
            block.used = static_cast<std::size_t>(start - block.data.get());
            current_ = b;
            break;
        }
        block.used = 0;
    }
    events_.resize(from);
}

}  // namespace umpire::rules
