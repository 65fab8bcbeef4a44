#include "rules/event_list.hpp"

#include <algorithm>
#include <cstring>

namespace umpire::rules {

namespace {
// Blocks start small (a test's log holds a few events) and double up to this size.
constexpr std::size_t kFirstBlock = 4096, kLargestBlock = 1 << 20;

// Full-size blocks freed by one list, kept for the next on the same thread, up to kCachedBlocks.
// A period is resolved again for every decision answered, and a large one writes tens of
// megabytes of events: memory handed back to the system and asked for again is paid for in
// page faults each time (at 10,000 forces, 52 MB of events: 9,800 faults a period before, 5,600
// with the blocks kept).
constexpr std::size_t kCachedBlocks = 64;
thread_local bool cache_gone = false;  // trivially destroyed: readable after the cache is gone
struct BlockCache {
    std::vector<char*> blocks;
    ~BlockCache() {
        for (char* b : blocks) delete[] b;
        cache_gone = true;  // lists freed later on this thread (statics) free their blocks
    }
};
BlockCache* block_cache() {
    if (cache_gone) return nullptr;
    thread_local BlockCache cache;
    return &cache;
}
}  // namespace

void EventList::BlockRelease::operator()(char* data) const {
    if (size == kLargestBlock)
        if (BlockCache* cache = block_cache(); cache && cache->blocks.size() < kCachedBlocks)
            return cache->blocks.push_back(data);
    delete[] data;
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
        BlockCache* cache = fresh.size == kLargestBlock ? block_cache() : nullptr;
        if (cache && !cache->blocks.empty()) {
            fresh.data = {cache->blocks.back(), BlockRelease{fresh.size}};
            cache->blocks.pop_back();
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
    Event e;
    char* at = room_for(text.size());
    if (!text.empty()) std::memcpy(at, text.data(), text.size());
    e.text_ = at;
    e.size_ = static_cast<std::uint32_t>(text.size());
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
