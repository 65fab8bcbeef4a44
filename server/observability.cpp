#include "server/observability.hpp"

#include <sodium.h>
#include <spdlog/pattern_formatter.h>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/sinks/stdout_sinks.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cctype>
#include <cmath>
#include <ctime>
#include <filesystem>
#include <fstream>

#include "server/services.hpp"
#include "storage/postgres/pg_database.hpp"
#include "storage/server_counts.hpp"

#ifndef UMPIRE_VERSION
#define UMPIRE_VERSION "unknown"
#endif
#ifndef UMPIRE_GIT
#define UMPIRE_GIT "unknown"
#endif

namespace umpire::server {

using rules::Json;

namespace {

std::atomic<bool> json_logs{false};
// The fields of the line being logged by log_event on this thread (loggers are synchronous:
// the formatter runs on the logging thread, inside the call).
thread_local const Json* line_fields = nullptr;

std::string iso_ms(spdlog::log_clock::time_point t) {
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(t.time_since_epoch()).count();
    const std::time_t seconds = static_cast<std::time_t>(ms / 1000);
    std::tm tm{};
    gmtime_r(&seconds, &tm);
    char buffer[40];
    const auto n = std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H:%M:%S", &tm);
    return std::string(buffer, n) + fmt::format(".{:03d}Z", static_cast<int>(ms % 1000));
}

class JsonFormatter final : public spdlog::formatter {
public:
    void format(const spdlog::details::log_msg& msg, spdlog::memory_buf_t& dest) override {
        // time, level and msg first, then the fields (Json's objects sort their keys).
        const auto level = spdlog::level::to_string_view(msg.level);
        nlohmann::ordered_json line{{"time", iso_ms(msg.time)},
                                    {"level", std::string(level.data(), level.size())},
                                    {"msg", std::string(msg.payload.data(), msg.payload.size())}};
        // Not UTF-8 (a client's bytes in a message): replaced, never a throw from the logger.
        constexpr auto replace = Json::error_handler_t::replace;
        std::string text = line.dump(-1, ' ', false, replace);
        if (line_fields && line_fields->is_object()) {
            text.pop_back();  // the closing brace
            for (const auto& [key, value] : line_fields->items()) {
                if (key == "time" || key == "level" || key == "msg") continue;
                text += "," + Json(key).dump(-1, ' ', false, replace) + ":" +
                        value.dump(-1, ' ', false, replace);
            }
            text += "}";
        }
        dest.append(text.data(), text.data() + text.size());
        dest.push_back('\n');
    }
    std::unique_ptr<spdlog::formatter> clone() const override {
        return std::make_unique<JsonFormatter>();
    }
};

// The value of a count (storage/server_counts.hpp), or -1 when the store cannot answer now.
template <typename Count>
long long count(Count&& counted) {
    try {
        return static_cast<long long>(counted());
    } catch (const std::exception& e) {
        spdlog::warn("metrics: {}", e.what());
        return -1;
    }
}

long long file_bytes(const std::string& path) {
    struct stat st{};
    return ::stat(path.c_str(), &st) == 0 ? static_cast<long long>(st.st_size) : 0;
}

void gauge(std::string& out, const char* name, const char* help, const std::string& value,
           const char* type = "gauge", const std::string& labels = "") {
    out += std::string("# HELP ") + name + " " + help + "\n# TYPE " + name + " " + type + "\n" +
           name + labels + " " + value + "\n";
}

// %* of the text pattern: the message, escaped.
class EscapedMessage final : public spdlog::custom_flag_formatter {
public:
    void format(const spdlog::details::log_msg& msg, const std::tm&,
                spdlog::memory_buf_t& dest) override {
        const std::string text = log_escape({msg.payload.data(), msg.payload.size()});
        dest.append(text.data(), text.data() + text.size());
    }
    std::unique_ptr<custom_flag_formatter> clone() const override {
        return std::make_unique<EscapedMessage>();
    }
};

}  // namespace

std::string log_escape(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c == '\\') {
            out += "\\\\";
        } else if (c == '\n') {
            out += "\\n";
        } else if (c == '\r') {
            out += "\\r";
        } else if (c == '\t') {
            out += "\\t";
        } else if (c < 0x20 || c == 0x7f) {
            out += fmt::format("\\x{:02x}", c);
        } else if (c == 0xc2 && i + 1 < text.size() &&
                   static_cast<unsigned char>(text[i + 1]) >= 0x80 &&
                   static_cast<unsigned char>(text[i + 1]) <= 0x9f) {
            // A C1 control in UTF-8 (0x9b is a terminal's CSI).
            out += fmt::format("\\u{:04x}", static_cast<unsigned char>(text[++i]));
        } else {
            out += static_cast<char>(c);
        }
    }
    return out;
}

std::unique_ptr<spdlog::formatter> text_log_formatter() {
    auto formatter = std::make_unique<spdlog::pattern_formatter>();
    formatter->add_flag<EscapedMessage>('*').set_pattern("[%Y-%m-%d %H:%M:%S.%e] [%^%l%$] %*");
    return formatter;
}

std::unique_ptr<spdlog::formatter> json_log_formatter() { return std::make_unique<JsonFormatter>(); }

void setup_logging(const std::string& format, const std::string& level) {
    const bool json = format == "json";
    spdlog::sink_ptr sink;
    if (json) {
        sink = std::make_shared<spdlog::sinks::stderr_sink_mt>();
        sink->set_formatter(json_log_formatter());
    } else {
        sink = std::make_shared<spdlog::sinks::stderr_color_sink_mt>();
        sink->set_formatter(text_log_formatter());
    }
    auto logger = std::make_shared<spdlog::logger>("umpire", sink);
    logger->set_level(spdlog::level::from_str(level));
    logger->flush_on(spdlog::level::info);
    spdlog::set_default_logger(logger);
    json_logs = json;
}

void log_event(spdlog::level::level_enum level, const Json& fields, std::string_view text) {
    if (!spdlog::should_log(level)) return;
    if (!json_logs) return spdlog::log(level, "{}", text);
    struct Restore {
        const Json* before = line_fields;
        ~Restore() { line_fields = before; }
    } restore;
    line_fields = &fields;
    spdlog::log(level, "{}", text);
}

bool is_valid_request_id(std::string_view id) {
    if (id.empty() || id.size() > 64) return false;
    for (const char c : id)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '_' && c != '-')
            return false;
    return true;
}

std::string request_id_for(std::string_view incoming) {
    if (is_valid_request_id(incoming)) return std::string(incoming);
    unsigned char bytes[8];
    randombytes_buf(bytes, sizeof bytes);
    char hex[sizeof bytes * 2 + 1];
    sodium_bin2hex(hex, sizeof hex, bytes, sizeof bytes);
    return hex;
}

std::string path_of(std::string_view target) {
    return std::string(target.substr(0, target.find_first_of("?#")));
}

void log_access(Metrics* metrics, const AccessRecord& r) {
    if (metrics) metrics->http_request_seconds.observe(r.seconds);
    if (!spdlog::should_log(spdlog::level::info)) return;
    const double ms = r.seconds * 1000;
    log_event(spdlog::level::info,
              {{"event", "access"}, {"method", r.method}, {"path", r.path}, {"status", r.status},
               {"bytes", r.bytes}, {"duration_ms", std::round(ms * 10) / 10},
               {"client", r.client}, {"request_id", r.request_id}},
              fmt::format("{} {} {} {} {} {:.1f}ms request_id={}", r.client, r.method, r.path,
                          r.status, r.bytes, ms, r.request_id));
}

std::string metrics_text(Services& services) {
    std::string out = services.metrics ? services.metrics->text() : std::string();
    gauge(out, "umpire_build_info", "The server's version and git commit.",
          "1", "gauge", "{version=\"" UMPIRE_VERSION "\",git=\"" UMPIRE_GIT "\"}");
    if (services.metrics) {
        const double start = services.metrics->start_time;
        gauge(out, "process_start_time_seconds", "Start time of the process, Unix seconds.",
              fmt::format("{:.3f}", start));
        const double now = std::chrono::duration<double>(
            std::chrono::system_clock::now().time_since_epoch()).count();
        gauge(out, "umpire_uptime_seconds", "Seconds since the server started.",
              fmt::format("{:.3f}", now - start));
    }
    long long pages = 0, resident = 0;
    if (std::ifstream statm("/proc/self/statm"); statm >> pages >> resident)
        gauge(out, "process_resident_memory_bytes", "Resident memory.",
              std::to_string(resident * ::sysconf(_SC_PAGESIZE)));
    std::error_code ec;
    long long fds = 0;
    for (std::filesystem::directory_iterator it("/proc/self/fd", ec), end; !ec && it != end;
         it.increment(ec))
        ++fds;
    if (!ec) gauge(out, "process_open_fds", "Open file descriptors.", std::to_string(fds));
    const std::string& db = services.config.database;
    if (!storage::pg::is_postgres_url(db)) {  // PostgreSQL's sizes are its own to report
        gauge(out, "umpire_database_bytes", "Size of the database file.",
              std::to_string(file_bytes(db)));
        gauge(out, "umpire_database_wal_bytes", "Size of the database's write-ahead log.",
              std::to_string(file_bytes(db + "-wal")));
    }
    if (!services.campaigns) return out;
    auto& c = services.campaigns->database();
    const std::string campaigns = "umpire_campaigns";
    out += "# HELP " + campaigns + " Campaigns by status.\n# TYPE " + campaigns + " gauge\n";
    for (const char* status : {"active", "paused", "finished"}) {
        const auto n = count([&] { return storage::count_campaigns(c, status); });
        if (n >= 0) out += fmt::format("{}{{status=\"{}\"}} {}\n", campaigns, status, n);
    }
    const std::string now = services.scheduler ? services.now_iso() : std::string();
    const auto deadlines = count([&] { return storage::count_open_deadlines(c, now); });
    if (deadlines >= 0)
        gauge(out, "umpire_open_deadlines", "Open periods whose deadline is still to come.",
              std::to_string(deadlines));
    const auto backlog = count(
        [&] { return storage::count_webhook_backlog(c, services.config.webhook_attempts); });
    if (backlog >= 0)
        gauge(out, "umpire_webhook_backlog",
              "Notifications not yet delivered (and not given up).", std::to_string(backlog));
    return out;
}

}  // namespace umpire::server
