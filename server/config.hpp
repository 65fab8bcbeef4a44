#pragma once
// The server's configuration: defaults here, then a JSON config file, then UMPIRE_*
// environment variables, then command-line flags (server/main.cpp), each overriding the last.
// Every limit is named and configurable (DESIGN habit 2).
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace umpire::server {

struct Limits {
    std::size_t max_message_bytes = 64 * 1024;  // one WebSocket message or HTTP body
    double messages_per_second = 20;            // sustained rate per connection
    int message_burst = 40;                     // bucket size
    int rate_violations_before_close = 20;      // rate-limited messages before the close
    int connections_per_account = 8;
    int connections_per_address = 32;           // WebSocket connections per client address
    int tcp_connections_per_address = 64;       // every TCP connection per peer (not proxies)
    int accept_backoff_max_ms = 1000;           // out of descriptors: accept waits, doubling to this
    int password_check_workers = 2;             // argon2id checks run on these threads
    int password_checks_waiting = 64;           // past this many queued, a login is told "busy"
    int login_free_per_account = 5;             // password attempts before the delays start
    int login_free_per_address = 20;
    int login_delay_max_seconds = 900;          // the delays double up to this
    std::size_t outbound_queue_messages = 512;  // past this the client is closed, with a reason
    int handshake_timeout_seconds = 10;         // TCP accept to WebSocket open (and HTTP header)
    int idle_timeout_seconds = 60;              // no frame for this long: ping, then close
    int http_timeout_seconds = 30;
    // Battle companion actions one battle accepts (a long DBA battle takes a few hundred);
    // each action replays the battle, so this bounds the work too.
    int companion_actions_per_battle = 2000;
    // The static files, all held in memory (with gzip copies): past either the server refuses
    // to start, naming the setting.
    std::size_t static_max_files = 4096;
    std::uint64_t static_max_bytes = 64ull << 20;
};

struct ServerConfig {
    std::string bind = "127.0.0.1";
    int port = 8080;
    std::string database = "umpire.db";
    std::string static_dir;     // the web client's files; empty: a placeholder page
    bool serve_source_maps = false;  // serve the `.map` files in static_dir too (development)
    std::string scenarios_dir;  // scenarios a GM may create campaigns from
    std::vector<std::string> ruleset_dirs;
    // Exact Origin values a WebSocket upgrade may carry (no wildcards). Requests without an
    // Origin (non-browser clients) are allowed. Empty: http://<bind>:<port> and
    // http://localhost:<port>.
    std::vector<std::string> allowed_origins;
    std::string password_cost = "interactive";  // see credentials.hpp
    int session_days = 30;
    int invite_hours = 168;              // an invite's life unless the GM says otherwise (a week)
    int reset_code_hours = 24;  // accepted, unused: reset codes are the administrator's (--hours)
    int downtime_grace_minutes = 15;     // an open deadline missed while down moves this far on
    int deadline_warning_minutes = 60;   // "deadline near" notifications this long before
    int max_extension_minutes = 72 * 60; // GM extensions of one period, in all
    int webhook_attempts = 5;  // deliveries of one notification before it is given up
    // Webhooks to loopback, private, link-local, CGNAT and other internal addresses are refused
    // (server/address_policy.hpp) unless this is set: for tests and closed networks only.
    bool allow_private_webhooks = false;
    std::size_t webhook_queue_capacity = 64;  // deliveries waiting for the worker; more wait in storage
    int webhook_connect_timeout_ms = 5000;
    int webhook_timeout_ms = 10000;            // one whole delivery
    std::size_t webhook_max_response_bytes = 4096;  // a longer response is a failed delivery
    int webhook_retry_base_ms = 10000;   // the first retry's wait; it doubles each time, with jitter
    int webhook_retry_cap_ms = 600000;   // the longest wait between retries
    int webhook_queue_retry_ms = 500;    // a full queue: try again this much later
    // How long a server's claim on a notification it sends lasts (several servers on one
    // database): another server sends it only after that, if it was not recorded by then.
    int webhook_claim_ms = 120000;
    // E-mail notifications (server/mail_delivery.hpp): off while smtp_url is empty.
    std::string smtp_url;            // smtp://relay:587 (STARTTLS) or smtps://relay:465
    std::string smtp_from;           // the sender's address
    std::string smtp_username;       // AUTH at the relay, if it wants one
    std::string smtp_password_file;  // its password: the file's first line
    bool smtp_require_tls = true;    // false: plain SMTP if the relay offers no STARTTLS (tests)
    std::string log_level = "info";
    std::string log_format = "text";  // on stderr: "text" lines or "json", one object a line
    // Reverse proxies whose X-Forwarded-For / Forwarded headers name the client (addresses or
    // CIDR ranges). Empty: no header is believed.
    std::vector<std::string> trusted_proxies;
    // /metrics on the main port answers only a request with "Authorization: Bearer <token>";
    // empty: /metrics is served only on the admin listener.
    std::string metrics_token;
    // A second listener for /metrics, /healthz and /readyz only (an operator's address, default
    // loopback); admin_port -1: none, 0: any free port.
    std::string admin_bind = "127.0.0.1";
    int admin_port = -1;
    bool demo = false;  // create the demo campaign and accounts if missing, print the logins
    // --create-db (a flag only): make the database when its file is missing or empty. Without
    // it the server refuses to start on either: a wrong path must not start an empty server.
    bool create_database = false;
    // TEST ONLY (--insecure-test-seed, never from a config file or the environment): 64 hex
    // digits that fix every period seed, token and code the server draws
    // (storage/insecure_test_seed.hpp). Refused unless bind (and admin_bind) are loopback.
    std::string insecure_test_seed;
    Limits limits;

    std::vector<std::string> origins() const;  // allowed_origins, or the defaults above
};

// Empty when the configuration can be served; otherwise what is wrong with it (an unknown log
// level, password cost or trusted proxy, a limit below 1).
std::string config_problem(const ServerConfig& config);
// True for a loopback address: 127.0.0.0/8, ::1 or "localhost".
bool is_loopback_bind(const std::string& address);
// The log levels --log-level takes.
bool is_log_level(const std::string& name);
// The log formats --log-format takes: text or json.
bool is_log_format(const std::string& name);

// Applies a JSON config file's members (names as above; limits in "limits"). Throws
// std::runtime_error naming the file and member on a bad file or an unknown member.
void apply_config_file(const std::string& path, ServerConfig& config);
// Applies UMPIRE_BIND, UMPIRE_PORT, UMPIRE_DB, UMPIRE_STATIC_DIR, UMPIRE_SCENARIOS_DIR,
// UMPIRE_ORIGINS (comma-separated), UMPIRE_PASSWORD_COST, UMPIRE_LOG_LEVEL,
// UMPIRE_LOG_FORMAT, UMPIRE_MAX_MESSAGE_BYTES, UMPIRE_TRUSTED_PROXIES (comma-separated), UMPIRE_METRICS_TOKEN,
// UMPIRE_ADMIN_BIND, UMPIRE_ADMIN_PORT, UMPIRE_ALLOW_PRIVATE_WEBHOOKS (1/true/yes or
// 0/false/no). `getenv` is injectable for tests.
void apply_environment(ServerConfig& config,
                       const std::function<const char*(const char*)>& getenv);

}  // namespace umpire::server
