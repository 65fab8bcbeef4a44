#include "storage/event_log.hpp"

#include <charconv>
#include <stdexcept>
#include <utility>

#include "storage/error.hpp"

namespace umpire::storage {

namespace {

void require_one_line_field(std::string_view field, int seq, const char* what) {
    if (field.find_first_of("\t\n\r") == std::string_view::npos) return;
    throw StorageError(ErrorKind::internal,
                       "event " + std::to_string(seq) + ": its " + what +
                           " holds a tab or a line break and cannot be stored");
}

// The next field of `line` up to a tab (or its end when `last`); advances `line` past it.
std::string_view take_field(std::string_view& line, bool last) {
    if (last) return std::exchange(line, {});
    const auto tab = line.find('\t');
    if (tab == std::string_view::npos) throw std::invalid_argument("fewer than four fields");
    const auto field = line.substr(0, tab);
    line.remove_prefix(tab + 1);
    return field;
}

EventRecord decode_line(std::string_view line) {
    EventRecord e;
    const auto seq = take_field(line, false);
    const auto [end, ec] = std::from_chars(seq.data(), seq.data() + seq.size(), e.seq);
    if (ec != std::errc() || end != seq.data() + seq.size() || seq.empty())
        throw std::invalid_argument("seq \"" + std::string(seq.substr(0, 20)) +
                                    "\" is not a number");
    e.type = take_field(line, false);
    if (const auto audience = take_field(line, false); !audience.empty()) e.audience = audience;
    e.body = take_field(line, true);
    return e;
}

}  // namespace

std::string encode_event_log(const std::vector<EventRecord>& events) {
    std::size_t size = 0;
    for (const auto& e : events)
        size += 16 + e.type.size() + (e.audience ? e.audience->size() : 0) + e.body.size();
    std::string out;
    out.reserve(size);
    for (const auto& e : events) {
        require_one_line_field(e.type, e.seq, "type");
        if (e.audience) {
            require_one_line_field(*e.audience, e.seq, "audience");
            // An empty field reads back as "everyone": an empty audience would not round-trip.
            if (e.audience->empty())
                throw StorageError(ErrorKind::internal,
                                   "event " + std::to_string(e.seq) + ": its audience is empty");
        }
        require_one_line_field(e.body, e.seq, "body");
        out += std::to_string(e.seq);
        out += '\t';
        out += e.type;
        out += '\t';
        if (e.audience) out += *e.audience;
        out += '\t';
        out += e.body;
        out += '\n';
    }
    return out;
}

std::vector<EventRecord> decode_event_log(std::string_view value, const std::string& where) {
    std::vector<EventRecord> events;
    int line_no = 0;
    while (!value.empty()) {
        ++line_no;
        const auto newline = value.find('\n');
        if (newline == std::string_view::npos)
            throw StorageError(ErrorKind::corrupt,
                               where + ": the event log's line " + std::to_string(line_no) +
                                   " is not ended (the value was cut short)");
        try {
            events.push_back(decode_line(value.substr(0, newline)));
        } catch (const std::invalid_argument& e) {
            throw StorageError(ErrorKind::corrupt, where + ": the event log's line " +
                                                       std::to_string(line_no) + ": " + e.what());
        }
        value.remove_prefix(newline + 1);
    }
    return events;
}

}  // namespace umpire::storage
