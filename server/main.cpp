// umpire-server: the campaign server (docs/protocol.md, docs/security.md). Configuration from
// defaults, then --config FILE (JSON), then UMPIRE_* environment variables, then flags.
// `umpire-server admin …` administers accounts (server/admin_command.hpp).
#include <CLI/CLI.hpp>
#include <spdlog/spdlog.h>

#include <sys/stat.h>

#include <csignal>
#include <cstdlib>
#include <iostream>
#include <thread>

#include "server/admin_command.hpp"
#include "server/demo.hpp"
#include "server/local_files.hpp"
#include "server/net_server.hpp"
#include "server/observability.hpp"
#include "storage/insecure_test_seed.hpp"

int main(int argc, char** argv) {
    using namespace umpire::server;
    // Whatever the server writes (database, WAL, demo logins) is its owner's alone.
    ::umask(077);
    CLI::App app{"umpire-server: the Umpire campaign server"};
    std::string config_file;
    ServerConfig flags;
    std::vector<std::string> origins, rulesets, proxies;
    std::string demo_scenario;
    bool create_db = false;
    app.add_option("--config", config_file, "JSON configuration file")->check(CLI::ExistingFile);
    auto* bind = app.add_option("--bind", flags.bind, "address to listen on (default 127.0.0.1)");
    auto* port = app.add_option("--port", flags.port, "port (0: any free port)");
    auto* db = app.add_option("--db", flags.database, "SQLite database file");
    app.add_flag("--create-db", create_db,
                 "make the database if the file is missing or empty (else that stops the start)");
    auto* stat = app.add_option("--static-dir", flags.static_dir, "the web client's files");
    auto* maps = app.add_flag("--serve-source-maps", flags.serve_source_maps,
                              "serve the static dir's .map files too (development)");
    auto* scen = app.add_option("--scenarios-dir", flags.scenarios_dir, "scenarios GMs may start");
    auto* rs = app.add_option("--rulesets", rulesets, "where ruleset files are (repeatable)");
    auto* orig = app.add_option("--origin", origins, "an allowed WebSocket Origin (repeatable)");
    auto* cost = app.add_option("--password-cost", flags.password_cost, "interactive, moderate or min");
    auto* level = app.add_option("--log-level", flags.log_level,
                                 "trace, debug, info, warn, error, critical or off");
    auto* log_format = app.add_option("--log-format", flags.log_format,
                                      "text or json (one object a line); logs go to stderr");
    auto* proxy = app.add_option("--trusted-proxy", proxies,
                                 "a reverse proxy (address or CIDR range) whose X-Forwarded-For "
                                 "and Forwarded headers are believed (repeatable)");
    auto* metrics_token = app.add_option("--metrics-token", flags.metrics_token,
                                         "bearer token for /metrics on the main port");
    auto* admin_bind = app.add_option("--admin-bind", flags.admin_bind,
                                      "address of the admin listener (default 127.0.0.1)");
    auto* admin_port = app.add_option("--admin-port", flags.admin_port,
                                      "port of the admin listener (/metrics, /healthz, /readyz)");
    auto* demo = app.add_option("--demo", demo_scenario,
                                "create the demo campaign from this scenario if missing, print logins");
    auto* private_hooks = app.add_flag(
        "--allow-private-webhooks", flags.allow_private_webhooks,
        "let webhooks reach loopback and private addresses (tests, closed networks)");
    auto* smtp_url = app.add_option("--smtp-url", flags.smtp_url,
                                    "send notifications to mailto: targets through this relay "
                                    "(smtp://host:587 or smtps://host:465)");
    auto* smtp_from = app.add_option("--smtp-from", flags.smtp_from, "the e-mails' sender address");
    bool smtp_plaintext = false;
    auto* smtp_plain = app.add_flag("--smtp-plaintext", smtp_plaintext,
                                    "send without TLS when the relay offers no STARTTLS "
                                    "(a relay on this machine, tests)");
    auto* test_seed = app.add_option(
        "--insecure-test-seed", flags.insecure_test_seed,
        "TEST ONLY: 64 hex digits fixing every period seed, token and invite code (makes them "
        "predictable; refused unless bound to loopback)");
    auto* admin = add_admin_command(app);
    CLI11_PARSE(app, argc, argv);
    if (admin->parsed()) return 0;  // its callback did the work

    ServerConfig config;
    try {
        if (!config_file.empty()) apply_config_file(config_file, config);
        apply_environment(config, [](const char* name) { return std::getenv(name); });
    } catch (const std::exception& e) {
        std::cerr << "umpire-server: " << e.what() << "\n";
        return 2;
    }
    if (bind->count()) config.bind = flags.bind;
    if (port->count()) config.port = flags.port;
    if (db->count()) config.database = flags.database;
    if (stat->count()) config.static_dir = flags.static_dir;
    if (maps->count()) config.serve_source_maps = true;
    if (scen->count()) config.scenarios_dir = flags.scenarios_dir;
    if (rs->count()) config.ruleset_dirs = rulesets;
    if (orig->count()) config.allowed_origins = origins;
    if (cost->count()) config.password_cost = flags.password_cost;
    if (level->count()) config.log_level = flags.log_level;
    if (log_format->count()) config.log_format = flags.log_format;
    if (private_hooks->count()) config.allow_private_webhooks = true;
    if (proxy->count()) config.trusted_proxies = proxies;
    if (metrics_token->count()) config.metrics_token = flags.metrics_token;
    if (admin_bind->count()) config.admin_bind = flags.admin_bind;
    if (admin_port->count()) config.admin_port = flags.admin_port;
    if (smtp_url->count()) config.smtp_url = flags.smtp_url;
    if (smtp_from->count()) config.smtp_from = flags.smtp_from;
    if (smtp_plain->count()) config.smtp_require_tls = false;
    if (test_seed->count()) config.insecure_test_seed = flags.insecure_test_seed;
    config.create_database = create_db;
    if (const auto problem = config_problem(config); !problem.empty()) {
        std::cerr << "umpire-server: " << problem << "\n";
        return 2;
    }
    // Logs on stderr; stdout has the start banner alone (the address, the demo logins).
    setup_logging(config.log_format, config.log_level);
    if (!config.insecure_test_seed.empty()) {
        // Checked above: only on loopback. Loud, whatever the log level.
        std::cerr << "umpire-server: WARNING: --insecure-test-seed is set: every period seed, "
                     "session token and invite code is predictable from it. FOR TESTS ONLY; "
                     "never serve a real campaign like this.\n" << std::flush;
        spdlog::warn("INSECURE TEST SEED: every period seed, token and invite code is predictable");
        umpire::storage::set_insecure_test_seed(config.insecure_test_seed);
    }

    // SIGINT/SIGTERM are blocked before any thread starts (workers inherit the mask) and taken
    // by one watcher thread, which stops the server cleanly.
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGINT);
    sigaddset(&signals, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &signals, nullptr);
    try {
        NetServer server(config);
        const std::string url = "http://" + config.bind + ":" + std::to_string(server.port());
        if (demo->count()) {
            const auto logins = ensure_demo(server.hub(), demo_scenario,
                                            local_file(config.database, ".demo-logins.json"));
            std::cout << "Umpire is serving the demo campaign at " << url << "/\n"
                      << "  WebSocket: ws://" << config.bind << ":" << server.port() << "/ws"
                      << "   JSON API: " << url << "/api/v1/messages\n"
                      << "  Logins (account / password / role):\n";
            for (const auto& l : logins)
                std::cout << "    " << l.account << " / " << l.password << " / " << l.role
                          << (l.player.empty() ? "" : " " + l.player) << "\n";
            std::cout << "  Database: " << config.database << "   Stop with Ctrl-C.\n" << std::flush;
        } else {
            std::cout << "Umpire is listening at " << url << "/\n" << std::flush;
        }
        if (server.admin_port() >= 0)
            std::cout << "  Admin (metrics, health): http://" << config.admin_bind << ":"
                      << server.admin_port() << "/metrics\n" << std::flush;
        spdlog::info("listening on {}:{}", config.bind, server.port());
        std::thread watcher([&] {
            int sig = 0;
            sigwait(&signals, &sig);
            spdlog::info("signal {}: stopping", sig);
            server.stop();
        });
        server.run();
        if (server.outcome_unknown()) {
            // No clean close: it would checkpoint the WAL after a failed fsync. The next start's
            // recovery judges the last commit (docs/operations.md, "Exit statuses").
            spdlog::default_logger()->flush();
            std::cout << std::flush;
            std::_Exit(kExitOutcomeUnknown);
        }
        if (watcher.joinable()) {
            pthread_kill(watcher.native_handle(), SIGTERM);
            watcher.join();
        }
    } catch (const std::exception& e) {
        std::cerr << "umpire-server: " << e.what() << "\n";
        return 1;
    }
    return 0;
}
