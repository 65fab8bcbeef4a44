#include "server/config.hpp"

#include <arpa/inet.h>

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "server/client_address.hpp"
#include "server/credentials.hpp"
#include "storage/insecure_test_seed.hpp"
#include "storage/server_store.hpp"

namespace umpire::server {

using Json = nlohmann::json;

std::vector<std::string> ServerConfig::origins() const {
    if (!allowed_origins.empty()) return allowed_origins;
    const std::string port_text = std::to_string(port);
    return {"http://" + bind + ":" + port_text, "http://localhost:" + port_text};
}

namespace {

template <typename T>
void take(const Json& doc, const char* key, T& into, const std::string& file) {
    auto it = doc.find(key);
    if (it == doc.end()) return;
    try {
        into = it->get<T>();
    } catch (const Json::exception&) {
        throw std::runtime_error(file + ": \"" + key + "\" has the wrong type");
    }
}

}  // namespace

void apply_config_file(const std::string& path, ServerConfig& c) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot read config file " + path);
    Json doc = Json::parse(in, nullptr, false);
    if (!doc.is_object()) throw std::runtime_error(path + ": not a JSON object");
    static const std::vector<std::string> known{
        "bind", "port", "database", "static_dir", "serve_source_maps", "scenarios_dir", "ruleset_dirs",
        "allowed_origins", "password_cost", "session_days", "invite_hours", "reset_code_hours",
        "downtime_grace_minutes", "deadline_warning_minutes", "max_extension_minutes",
        "webhook_attempts", "log_level", "log_format",
        "demo", "limits", "trusted_proxies", "metrics_token", "admin_bind", "admin_port",
        "allow_private_webhooks", "webhook_queue_capacity",
        "webhook_connect_timeout_ms", "webhook_timeout_ms", "webhook_max_response_bytes",
        "webhook_retry_base_ms", "webhook_retry_cap_ms", "webhook_queue_retry_ms", "webhook_claim_ms",
        "smtp_url", "smtp_from", "smtp_username", "smtp_password_file", "smtp_require_tls"};
    for (auto it = doc.begin(); it != doc.end(); ++it)
        if (std::find(known.begin(), known.end(), it.key()) == known.end())
            throw std::runtime_error(path + ": unknown member \"" + it.key() + "\"");
    take(doc, "bind", c.bind, path);
    take(doc, "port", c.port, path);
    take(doc, "database", c.database, path);
    take(doc, "static_dir", c.static_dir, path);
    take(doc, "serve_source_maps", c.serve_source_maps, path);
    take(doc, "scenarios_dir", c.scenarios_dir, path);
    take(doc, "ruleset_dirs", c.ruleset_dirs, path);
    take(doc, "allowed_origins", c.allowed_origins, path);
    take(doc, "password_cost", c.password_cost, path);
    take(doc, "session_days", c.session_days, path);
    take(doc, "invite_hours", c.invite_hours, path);
    take(doc, "reset_code_hours", c.reset_code_hours, path);
    take(doc, "downtime_grace_minutes", c.downtime_grace_minutes, path);
    take(doc, "deadline_warning_minutes", c.deadline_warning_minutes, path);
    take(doc, "max_extension_minutes", c.max_extension_minutes, path);
    take(doc, "webhook_attempts", c.webhook_attempts, path);
    take(doc, "allow_private_webhooks", c.allow_private_webhooks, path);
    take(doc, "webhook_queue_capacity", c.webhook_queue_capacity, path);
    take(doc, "webhook_connect_timeout_ms", c.webhook_connect_timeout_ms, path);
    take(doc, "webhook_timeout_ms", c.webhook_timeout_ms, path);
    take(doc, "webhook_max_response_bytes", c.webhook_max_response_bytes, path);
    take(doc, "webhook_retry_base_ms", c.webhook_retry_base_ms, path);
    take(doc, "webhook_retry_cap_ms", c.webhook_retry_cap_ms, path);
    take(doc, "webhook_queue_retry_ms", c.webhook_queue_retry_ms, path);
    take(doc, "webhook_claim_ms", c.webhook_claim_ms, path);
    take(doc, "smtp_url", c.smtp_url, path);
    take(doc, "smtp_from", c.smtp_from, path);
    take(doc, "smtp_username", c.smtp_username, path);
    take(doc, "smtp_password_file", c.smtp_password_file, path);
    take(doc, "smtp_require_tls", c.smtp_require_tls, path);
    take(doc, "log_level", c.log_level, path);
    take(doc, "log_format", c.log_format, path);
    take(doc, "demo", c.demo, path);
    take(doc, "trusted_proxies", c.trusted_proxies, path);
    take(doc, "metrics_token", c.metrics_token, path);
    take(doc, "admin_bind", c.admin_bind, path);
    take(doc, "admin_port", c.admin_port, path);
    if (auto limits = doc.find("limits"); limits != doc.end()) {
        Limits& l = c.limits;
        take(*limits, "max_message_bytes", l.max_message_bytes, path);
        take(*limits, "messages_per_second", l.messages_per_second, path);
        take(*limits, "message_burst", l.message_burst, path);
        take(*limits, "rate_violations_before_close", l.rate_violations_before_close, path);
        take(*limits, "connections_per_account", l.connections_per_account, path);
        take(*limits, "connections_per_address", l.connections_per_address, path);
        take(*limits, "outbound_queue_messages", l.outbound_queue_messages, path);
        take(*limits, "handshake_timeout_seconds", l.handshake_timeout_seconds, path);
        take(*limits, "idle_timeout_seconds", l.idle_timeout_seconds, path);
        take(*limits, "http_timeout_seconds", l.http_timeout_seconds, path);
        take(*limits, "companion_actions_per_battle", l.companion_actions_per_battle, path);
        take(*limits, "tcp_connections_per_address", l.tcp_connections_per_address, path);
        take(*limits, "accept_backoff_max_ms", l.accept_backoff_max_ms, path);
        take(*limits, "password_check_workers", l.password_check_workers, path);
        take(*limits, "password_checks_waiting", l.password_checks_waiting, path);
        take(*limits, "login_free_per_account", l.login_free_per_account, path);
        take(*limits, "login_free_per_address", l.login_free_per_address, path);
        take(*limits, "login_delay_max_seconds", l.login_delay_max_seconds, path);
        take(*limits, "static_max_files", l.static_max_files, path);
        take(*limits, "static_max_bytes", l.static_max_bytes, path);
    }
}

void apply_environment(ServerConfig& c, const std::function<const char*(const char*)>& getenv) {
    auto text = [&](const char* name, std::string& into) {
        if (const char* v = getenv(name); v && *v) into = v;
    };
    auto number = [&](const char* name, auto& into) {
        if (const char* v = getenv(name); v && *v) {
            try {
                into = static_cast<std::decay_t<decltype(into)>>(std::stoll(v));
            } catch (const std::exception&) {
                throw std::runtime_error(std::string(name) + " must be a number, not \"" + v + "\"");
            }
        }
    };
    text("UMPIRE_BIND", c.bind);
    number("UMPIRE_PORT", c.port);
    text("UMPIRE_DB", c.database);
    text("UMPIRE_STATIC_DIR", c.static_dir);
    text("UMPIRE_SCENARIOS_DIR", c.scenarios_dir);
    text("UMPIRE_PASSWORD_COST", c.password_cost);
    text("UMPIRE_LOG_LEVEL", c.log_level);
    text("UMPIRE_SMTP_URL", c.smtp_url);
    text("UMPIRE_SMTP_FROM", c.smtp_from);
    text("UMPIRE_SMTP_USERNAME", c.smtp_username);
    text("UMPIRE_SMTP_PASSWORD_FILE", c.smtp_password_file);
    text("UMPIRE_LOG_FORMAT", c.log_format);
    number("UMPIRE_MAX_MESSAGE_BYTES", c.limits.max_message_bytes);
    if (const char* v = getenv("UMPIRE_ALLOW_PRIVATE_WEBHOOKS"); v && *v) {
        const std::string flag = v;
        if (flag == "1" || flag == "true" || flag == "yes")
            c.allow_private_webhooks = true;
        else if (flag == "0" || flag == "false" || flag == "no")
            c.allow_private_webhooks = false;
        else
            throw std::runtime_error("UMPIRE_ALLOW_PRIVATE_WEBHOOKS must be 1, true, yes, 0, false "
                                     "or no, not \"" + flag + "\"");
    }
    text("UMPIRE_METRICS_TOKEN", c.metrics_token);
    text("UMPIRE_ADMIN_BIND", c.admin_bind);
    number("UMPIRE_ADMIN_PORT", c.admin_port);
    auto list = [&](const char* name, std::vector<std::string>& into) {
        const char* v = getenv(name);
        if (!v || !*v) return;
        into.clear();
        std::string all = v;
        std::size_t start = 0;
        while (start <= all.size()) {
            const auto comma = all.find(',', start);
            const auto item = all.substr(start, comma == std::string::npos ? std::string::npos
                                                                            : comma - start);
            if (!item.empty()) into.push_back(item);
            if (comma == std::string::npos) break;
            start = comma + 1;
        }
    };
    list("UMPIRE_ORIGINS", c.allowed_origins);
    list("UMPIRE_TRUSTED_PROXIES", c.trusted_proxies);
}

bool is_loopback_bind(const std::string& address) {
    if (address == "localhost") return true;
    unsigned char v4[4];
    if (inet_pton(AF_INET, address.c_str(), v4) == 1) return v4[0] == 127;
    unsigned char v6[16];
    if (inet_pton(AF_INET6, address.c_str(), v6) == 1) {
        static const unsigned char one[16] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1};
        return std::equal(v6, v6 + 16, one);
    }
    return false;
}

bool is_log_level(const std::string& name) {
    static const std::vector<std::string> levels{"trace", "debug", "info", "warn", "error",
                                                 "critical", "off"};
    return std::find(levels.begin(), levels.end(), name) != levels.end();
}

bool is_log_format(const std::string& name) { return name == "text" || name == "json"; }

std::string config_problem(const ServerConfig& c) {
    if (!is_log_format(c.log_format))
        return "log format \"" + c.log_format + "\" is not one of text, json";
    if (!is_log_level(c.log_level))
        return "log level \"" + c.log_level + "\" is not one of trace, debug, info, warn, error, "
               "critical, off";
    try {
        password_cost(c.password_cost);
        TrustedProxies proxies(c.trusted_proxies);
    } catch (const std::exception& e) {
        return e.what();
    }
    const Limits& l = c.limits;
    for (const auto& [name, value] :
         {std::pair{"connections_per_address", l.connections_per_address},
          {"tcp_connections_per_address", l.tcp_connections_per_address},
          {"connections_per_account", l.connections_per_account},
          {"password_check_workers", l.password_check_workers},
          {"password_checks_waiting", l.password_checks_waiting},
          {"login_free_per_account", l.login_free_per_account},
          {"login_free_per_address", l.login_free_per_address},
          {"login_delay_max_seconds", l.login_delay_max_seconds},
          {"accept_backoff_max_ms", l.accept_backoff_max_ms}})
        if (value < 1) return std::string("limit ") + name + " must be at least 1";
    if (c.admin_port >= 0 && c.admin_port == c.port && c.port != 0)
        return "admin_port must differ from port";
    if (!c.smtp_url.empty()) {
        if (c.smtp_url.rfind("smtp://", 0) != 0 && c.smtp_url.rfind("smtps://", 0) != 0)
            return "smtp_url must start with smtp:// or smtps://";
        if (const auto problem = storage::email_problem(c.smtp_from); !problem.empty())
            return "smtp_from: " + problem;
    }
    if (!c.insecure_test_seed.empty()) {
        if (!storage::is_insecure_test_seed(c.insecure_test_seed))
            return "--insecure-test-seed must be 64 hex digits";
        if (!is_loopback_bind(c.bind) || (c.admin_port >= 0 && !is_loopback_bind(c.admin_bind)))
            return "--insecure-test-seed makes every token and die predictable: it is for tests "
                   "only and refused unless the server is bound to loopback (bind is \"" +
                   c.bind + "\")";
    }
    return {};
}

}  // namespace umpire::server
