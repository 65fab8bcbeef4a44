#pragma once
// A period's events as one stored value (schema v6, docs/storage.md "Event log"): one line per
// event, `seq TAB type TAB audience TAB body`, audience empty for everyone. One value instead of
// a row per event makes committing a 4,000-event period one write instead of 4,000 B-tree
// inserts, and every reader wants a period's events whole and in order anyway.
#include <string>
#include <string_view>
#include <vector>

#include "storage/records.hpp"

namespace umpire::storage {

// The events as one value. Throws StorageError(internal) if a type, audience or body holds a
// tab or a line break (the engine's compact JSON never does), or an audience is present but
// empty: such an event could not be read back as it was written.
std::string encode_event_log(const std::vector<EventRecord>& events);

// The events of `value`, in order. Throws StorageError(corrupt) naming `where` if a line does
// not have four fields or its seq is not a number.
std::vector<EventRecord> decode_event_log(std::string_view value, const std::string& where);

}  // namespace umpire::storage
