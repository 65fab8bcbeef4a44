#include "server/metrics.hpp"

namespace umpire::server {

namespace {

void counter(std::string& out, const char* name, const char* help, long long value,
             const char* type = "counter") {
    out += std::string("# HELP ") + name + " " + help + "\n# TYPE " + name + " " + type + "\n" +
           name + " " + std::to_string(value) + "\n";
}

void labelled(std::string& out, const char* name, const char* help, const char* label,
              const std::map<std::string, long long>& counts) {
    out += std::string("# HELP ") + name + " " + help + "\n# TYPE " + name + " counter\n";
    for (const auto& [value, count] : counts)
        out += std::string(name) + "{" + label + "=\"" + value + "\"} " + std::to_string(count) + "\n";
}

std::string format_bound(double b) {
    std::string s = std::to_string(b);
    s.erase(s.find_last_not_of('0') + 1);
    if (!s.empty() && s.back() == '.') s.pop_back();
    return s;
}

}  // namespace

void Histogram::observe(double seconds) {
    std::size_t i = 0;
    while (i < kBounds.size() && seconds > kBounds[i]) ++i;
    counts_[i]++;
    sum_micros_ += static_cast<long long>(seconds * 1e6);
}

void Histogram::text(std::string& out, const std::string& name, const std::string& labels) const {
    const std::string sep = labels.empty() ? "" : ",";
    long long cumulative = 0;
    for (std::size_t i = 0; i <= kBounds.size(); ++i) {
        cumulative += counts_[i];
        out += name + "_bucket{" + labels + sep + "le=\"" +
               (i < kBounds.size() ? format_bound(kBounds[i]) : "+Inf") + "\"} " +
               std::to_string(cumulative) + "\n";
    }
    const std::string braces = labels.empty() ? "" : "{" + labels + "}";
    out += name + "_sum" + braces + " " + std::to_string(sum_micros_ / 1e6) + "\n";
    out += name + "_count" + braces + " " + std::to_string(cumulative) + "\n";
}

void Metrics::message_handled(const std::string& type, double seconds) {
    std::lock_guard lock(mutex_);
    message_seconds_[type].observe(seconds);
}

std::string Metrics::text() const {
    std::string out;
    counter(out, "umpire_connections_open", "WebSocket connections now open.", connections_open,
            "gauge");
    counter(out, "umpire_connections_total", "WebSocket connections accepted.", connections_total);
    counter(out, "umpire_messages_in_total", "Client messages received.", messages_in);
    counter(out, "umpire_messages_out_total", "Server messages queued.", messages_out);
    counter(out, "umpire_http_requests_total", "HTTP requests served.", http_requests);
    counter(out, "umpire_logins_total", "Successful logins.", logins);
    counter(out, "umpire_login_failures_total", "Refused logins.", login_failures);
    counter(out, "umpire_logins_throttled_total", "Login attempts refused for coming too fast.",
            logins_throttled);
    counter(out, "umpire_internal_errors_total",
            "Unexpected failures caught by a guarded handler (each logged with an error id).",
            internal_errors);
    counter(out, "umpire_accept_errors_total",
            "Failed accepts (out of file descriptors: accept backs off).", accept_errors);
    counter(out, "umpire_connections_refused_total",
            "TCP connections closed at accept: too many from one address.", connections_refused);
    counter(out, "umpire_periods_resolved_total", "Periods resolved and committed.",
            periods_resolved);
    counter(out, "umpire_decisions_answered_total", "Decision answers committed.",
            decisions_answered);
    counter(out, "umpire_webhooks_sent_total", "Notifications delivered.", webhooks_sent);
    counter(out, "umpire_webhooks_failed_total", "Notification attempts that failed.",
            webhooks_failed);
    const auto histogram = [&](const char* name, const char* help, const Histogram& h) {
        out += std::string("# HELP ") + name + " " + help + "\n# TYPE " + name + " histogram\n";
        h.text(out, name);
    };
    histogram("umpire_http_request_seconds", "HTTP requests, read to response queued.",
              http_request_seconds);
    histogram("umpire_period_resolution_seconds",
              "Period resolutions, from the attempt through its commit.", resolution_seconds);
    histogram("umpire_commit_seconds", "SQLite COMMITs of a command or resolution.",
              commit_seconds);
    std::lock_guard lock(mutex_);
    labelled(out, "umpire_errors_total", "Error replies by code.", "code", errors_);
    labelled(out, "umpire_closes_total", "Connections closed by the server, by reason.", "reason",
             closes_);
    out += "# HELP umpire_message_seconds Client messages handled (WebSocket and HTTP API), by "
           "type.\n# TYPE umpire_message_seconds histogram\n";
    for (const auto& [type, h] : message_seconds_)
        h.text(out, "umpire_message_seconds", "type=\"" + type + "\"");
    return out;
}

}  // namespace umpire::server
