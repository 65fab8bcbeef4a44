#pragma once
// Logs and the operator's view (docs/operations.md, "Logs" and "Monitoring"): the logger on
// stderr in text or JSON, structured log lines, access log lines with request ids, and the
// gauges /metrics reads at scrape time. No Beast here.
#include <spdlog/spdlog.h>

#include <memory>
#include <string>
#include <string_view>

#include "umpire/rules/json_reader.hpp"

namespace umpire::server {

struct Services;
class Metrics;

// Sends the default logger to stderr in `format` ("text": spdlog's usual lines, or "json") at
// `level` (both checked by config_problem).
void setup_logging(const std::string& format, const std::string& level);
// One JSON object a line: time (UTC, ISO-8601, ms), level, msg, then the fields of the line
// when it was logged with log_event. For tests and setup_logging.
std::unique_ptr<spdlog::formatter> json_log_formatter();

// The text log's formatter: "[time] [level] message", the message with control characters
// escaped (log_escape), so text a client chose (an account name, a GM's reason, a path) cannot
// forge or hide a line, or move a terminal's cursor. Used by setup_logging and tests.
std::unique_ptr<spdlog::formatter> text_log_formatter();
// `text` with C0 controls and DEL as \n, \r, \t or \xHH, C1 controls (U+0080-U+009F) as
// \u00HH, and a backslash as \\; anything else (UTF-8 included) is kept.
std::string log_escape(std::string_view text);

// Logs `text` at `level`; in the JSON format the members of `fields` (an object) go on the line
// too, in the text format `text` alone (it should say what the fields say).
void log_event(spdlog::level::level_enum level, const rules::Json& fields, std::string_view text);

// A request's id: `incoming` (an X-Request-Id header) when it is 1 to 64 of A-Z a-z 0-9 . _ -,
// otherwise 16 new random hex digits.
bool is_valid_request_id(std::string_view id);
std::string request_id_for(std::string_view incoming);
// The target without its query string (which may carry secrets) or fragment.
std::string path_of(std::string_view target);

struct AccessRecord {
    std::string method, path, client, request_id;
    int status = 0;
    std::size_t bytes = 0;
    double seconds = 0;
};
// One info line per HTTP request, and its time in the request histogram.
void log_access(Metrics* metrics, const AccessRecord& r);

// The whole /metrics text: the counters and histograms, the build, the process (memory,
// descriptors, start time), the database's size, and a few cheap counts from it (campaigns by
// status, open deadlines, the webhook backlog). On the I/O thread.
std::string metrics_text(Services& services);

}  // namespace umpire::server
