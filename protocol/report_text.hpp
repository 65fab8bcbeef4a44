#pragma once
// A turn report as a person reads it by e-mail (issue 30): plain text or Markdown, made only of
// what the viewer was sent — the `report` message of a resolved period and the viewer's view of
// the campaign, both already projected (projection.hpp), so it can hold nothing the viewer may
// not know. It says what happened, what the viewer's commanders know now, its forces, the
// decisions waiting for it, and the next deadline in UTC and the campaign's zone.
#include <string>

#include "umpire/rules/json_reader.hpp"

namespace umpire::protocol {

enum class ReportFormat { text, markdown };

std::string turn_report(const rules::Json& report, const rules::Json& view, ReportFormat format);

}  // namespace umpire::protocol
