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

}  // namespace

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
    counter(out, "umpire_campaigns", "Campaigns served.", campaigns_, "gauge");
    std::lock_guard lock(mutex_);
    labelled(out, "umpire_errors_total", "Error replies by code.", "code", errors_);
    labelled(out, "umpire_closes_total", "Connections closed by the server, by reason.", "reason",
             closes_);
    return out;
}

}  // namespace umpire::server
