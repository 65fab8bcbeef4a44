#pragma once
// One line of plain English per event, for people reading a resolution: `umpire resolve
// --format text`, `umpire client report` and the e-mailed turn report (report_text.hpp).
#include "umpire/rules/json_reader.hpp"

#include <string>

namespace umpire::protocol {

// One line (indented by nesting; "" for events not worth a line), never raw JSON.
std::string describe_event(const rules::Json& event);
// A value in words: hexes as (x,y), objects as "key value, …" (type and audience left out).
std::string fields_text(const rules::Json& value);

}  // namespace umpire::protocol
