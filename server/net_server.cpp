// Beast and Asio: the listener, HTTP sessions (static files, JSON API, health, metrics,
// WebSocket upgrade with the Origin allowlist), timers and webhook delivery.
#include "server/net_server.hpp"

#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include <spdlog/spdlog.h>

#include <thread>

#include <sodium.h>

#include "protocol/project.hpp"
#include "server/change_listener.hpp"
#include "server/client_address.hpp"
#include "server/connection_gate.hpp"
#include "server/guard.hpp"
#include "server/health.hpp"
#include "server/http_client.hpp"
#include "server/observability.hpp"
#include "server/password_checks.hpp"
#include "server/server_database.hpp"
#include "server/static_files.hpp"
#include "server/wall_timers.hpp"
#include "server/webhook_worker.hpp"
#include "server/ws_session.hpp"
#include "storage/postgres/pg_database.hpp"

namespace umpire::server {

namespace http = beast::http;
using tcp = net::ip::tcp;

namespace {

// Timers keyed by name on the I/O thread, due by the wall clock (server/wall_timers.hpp): one
// steady timer wakes the table when the next is due and at least every second, so a step of
// the wall clock either way is noticed within a second.
class AsioScheduler final : public Scheduler {
public:
    AsioScheduler(net::io_context& io, WallClock clock)
        : wake_(io), clock_(clock ? std::move(clock) : WallClock(&std::chrono::system_clock::now)) {}
    Services* services = nullptr;  // for the guard of timer callbacks
    TimePoint now() const override { return clock_(); }
    void at(const std::string& key, TimePoint when, std::function<void()> fn) override {
        timers_.at(key, when, [this, key, fn = std::move(fn)] {
            run_guarded(services ? services->metrics : nullptr, "timer " + key, [&] {
                if (services && services->fault) services->fault("timer", key);
                fn();
            });
        });
        if (!firing_) arm(std::clamp(std::chrono::duration_cast<WallTimers::Nap>(when - now()),
                                     WallTimers::Nap::zero(), kMaxNap));
    }
    void cancel(const std::string& key) override { timers_.cancel(key); }

private:
    static constexpr WallTimers::Nap kMaxNap = std::chrono::seconds(1);

    // Wakes after `nap`, unless a wake is already due sooner.
    void arm(WallTimers::Nap nap) {
        const auto until = std::chrono::steady_clock::now() + nap;
        if (waiting_ && until >= armed_until_) return;
        armed_until_ = until;
        waiting_ = true;
        wake_.expires_at(until);  // a pending wait ends with operation_aborted
        wake_.async_wait([this](beast::error_code ec) {
            if (ec) return;  // replaced by a sooner wake, or the server stops
            waiting_ = false;
            firing_ = true;
            const auto next = timers_.fire_due(clock_, kMaxNap);
            firing_ = false;
            if (next) arm(*next);
        });
    }

    net::steady_timer wake_;
    WallClock clock_;
    WallTimers timers_;
    std::chrono::steady_clock::time_point armed_until_{};
    bool waiting_ = false;
    bool firing_ = false;  // timers scheduled while firing are seen by fire_due's answer
};


constexpr const char* kPlaceholderPage =
    "<!doctype html><meta charset=utf-8><title>Umpire</title>"
    "<h1>Umpire</h1><p>The campaign server is running. The web client is not installed here "
    "(set <code>static_dir</code>); clients connect by WebSocket to <code>/ws</code> or use the "
    "JSON API at <code>/api/v1/messages</code> (docs/protocol.md).</p>";

}  // namespace

struct NetServer::Impl {
    ServerConfig config;
    // Indexed before the database opens, so a bad static_dir stops the start at once.
    StaticFiles static_files = load_static_files(config, kPlaceholderPage);
    net::io_context io{1};
    tcp::acceptor acceptor{io};
    tcp::acceptor admin_acceptor{io};
    net::steady_timer accept_pause{io};
    net::steady_timer admin_accept_pause{io};
    net::steady_timer outcome_unknown_stop{io};
    bool outcome_unknown = false;
    Metrics metrics;
    // The one-writer lock, --create-db and the writable check, before anything listens.
    ServerDatabase database{config};
    HealthCheck health;
    AsioScheduler scheduler;
    // One worker thread delivers webhooks; results come back on the I/O thread.
    WebhookWorker webhooks{webhook_transport(config), config.webhook_queue_capacity,
                           [this](std::function<void()> fn) { net::post(io, std::move(fn)); }};
    TrustedProxies trusted_proxies{config.trusted_proxies};
    ConnectionGate gate{config.limits.tcp_connections_per_address};
    Services services;
    // After io and services: its workers post to io and read services.fault, so they stop
    // (are joined) before either goes.
    PasswordCheckPool password_checks{
        config.limits.password_check_workers,
        static_cast<std::size_t>(config.limits.password_checks_waiting),
        [this](std::function<void()> fn) { net::post(io, std::move(fn)); },
        [this] {
            if (services.fault) services.fault("password_check", "");
        }};
    std::unique_ptr<Hub> hub;
    // Last: it posts to io and calls the hub, so it stops (is joined) before either goes.
    std::unique_ptr<ChangeListener> changes;

    Impl(const ServerConfig& c, WallClock clock) : config(c), scheduler(io, std::move(clock)) {
        services.config = config;
        database.stores().wire(services);
        scheduler.services = &services;
        services.scheduler = &scheduler;
        services.webhooks = &webhooks;
        services.metrics = &metrics;
        services.password_checks = &password_checks;
        stop_on_unknown_outcome();
        hub = std::make_unique<Hub>(services);
        listen(acceptor, config.bind, config.port);
        if (config.admin_port >= 0) listen(admin_acceptor, config.admin_bind, config.admin_port);
        // The origins default to this server's own address: fill in the real port.
        if (services.config.allowed_origins.empty()) {
            services.config.port = acceptor.local_endpoint().port();
            services.config.allowed_origins = services.config.origins();
        }
    }

    static void listen(tcp::acceptor& a, const std::string& bind, int port) {
        tcp::endpoint endpoint{net::ip::make_address(bind), static_cast<unsigned short>(port)};
        a.open(endpoint.protocol());
        a.set_option(net::socket_base::reuse_address(true));
        a.bind(endpoint);
        a.listen(net::socket_base::max_listen_connections);
    }

    void accept(tcp::acceptor& a, net::steady_timer& pause, bool admin, int backoff_ms = 0);

    // A commit whose outcome is unknown (storage/database.hpp): the connection already takes
    // no more writes; the server stops listening and, once the replies saying so had a moment
    // to go out, ends run() for main to exit with kExitOutcomeUnknown, as PostgreSQL stops on a
    // failed fsync. The restart's recovery settles whether the commit happened.
    void stop_on_unknown_outcome() {
        database.stores().campaigns->database().on_outcome_unknown(
            [this](const storage::StorageError& e) {
                outcome_unknown = true;
                spdlog::critical(
                    "{}: the server takes no more commands and exits (status {}) for its "
                    "supervisor to restart it; the restart settles whether that commit happened",
                    e.what(), kExitOutcomeUnknown);
                net::post(io, [this] {
                    beast::error_code ec;
                    acceptor.close(ec);
                    admin_acceptor.close(ec);
                    outcome_unknown_stop.expires_after(std::chrono::milliseconds(500));
                    outcome_unknown_stop.async_wait([this](beast::error_code) { io.stop(); });
                });
            });
    }
};

namespace {

class HttpSession : public std::enable_shared_from_this<HttpSession> {
public:
    HttpSession(tcp::socket socket, NetServer::Impl& server, std::shared_ptr<void> slot,
                bool admin_listener)
        : stream_(std::move(socket)), server_(server), slot_(std::move(slot)),
          admin_listener_(admin_listener) {
        beast::error_code ec;
        const auto remote = stream_.socket().remote_endpoint(ec);
        peer_address_ = ec ? "?" : remote.address().to_string();
        address_ = peer_address_;
    }

    void run() { read(); }

private:
    void read() {
        parser_.emplace();
        parser_->body_limit(server_.config.limits.max_message_bytes);
        parser_->header_limit(16 * 1024);
        stream_.expires_after(std::chrono::seconds(server_.config.limits.http_timeout_seconds));
        http::async_read(stream_, buffer_, *parser_,
                         [self = shared_from_this()](beast::error_code ec, std::size_t) {
                             self->on_read(ec);
                         });
    }

    void on_read(beast::error_code ec) {
        if (ec == http::error::end_of_stream) return shutdown();
        if (ec == http::error::body_limit) {
            server_.metrics.error("message_too_large");
            return respond(
                json_error(http::status::payload_too_large, protocol::ErrorCode::message_too_large,
                           "a request body may have at most " +
                               std::to_string(server_.config.limits.max_message_bytes) + " bytes"),
                false);
        }
        if (ec == http::error::header_limit) {
            server_.metrics.error("bad_request");
            return respond(json_error(http::status::request_header_fields_too_large,
                                      protocol::ErrorCode::bad_message,
                                      "the request's header is larger than 16 KiB"),
                           false);
        }
        // Broken framing (bare LF, a bad chunk size, a bad Content-Length…): say so and close,
        // since where the next request would start is unknown.
        if (ec && ec.category() == http::make_error_code(http::error::bad_version).category())
            return bad_request("malformed HTTP request: " + ec.message());
        if (ec) return;  // a timeout or a broken connection: nothing to answer
        auto request = parser_->release();
        // The access log line (respond()) names the request by method, path and id.
        started_ = std::chrono::steady_clock::now();
        method_ = std::string(request.method_string());
        path_ = path_of(std::string_view(request.target().data(), request.target().size()));
        request_id_ = request_id_for(std::string(request["X-Request-Id"]));
        // Both lengths is how requests are smuggled past proxies (RFC 9112 6.3): refuse.
        if (request.count(http::field::content_length) && request.count(http::field::transfer_encoding))
            return bad_request("a request may not carry both Content-Length and Transfer-Encoding");
        address_ = server_.trusted_proxies.client_address(
            peer_address_, std::string(request[http::field::forwarded]),
            std::string(request["X-Forwarded-For"]));
        if (!admin_listener_ && websocket::is_upgrade(request)) return upgrade(std::move(request));
        const bool keep_alive = request.keep_alive();
        const unsigned version = request.version();
        const auto error_id = run_guarded(&server_.metrics, "an HTTP request", [&] {
            if (server_.services.fault) server_.services.fault("http", std::string(request.target()));
            handle(std::move(request));
        });
        if (!error_id.empty()) {
            auto res =
                json_error(http::status::internal_server_error, protocol::ErrorCode::internal,
                           "internal error " + error_id + "; nothing was changed");
            res.version(version);
            res.keep_alive(keep_alive);
            respond(std::move(res), keep_alive);
        }
    }

    void bad_request(const std::string& why) {
        server_.metrics.error("bad_request");
        spdlog::info("bad HTTP request from {}: {}", peer_address_, why);
        respond(json_error(http::status::bad_request, protocol::ErrorCode::bad_message, why),
                false);
    }

    void upgrade(http::request<http::string_body> request) {
        const std::string origin(request[http::field::origin]);
        const auto& allowed = server_.services.config.allowed_origins;
        if (request.target() != "/ws")
            return respond(json_error(http::status::not_found, protocol::ErrorCode::bad_message,
                                      "WebSocket connections go to /ws"),
                           false);
        if (!origin.empty() && std::find(allowed.begin(), allowed.end(), origin) == allowed.end()) {
            spdlog::info("refused WebSocket from {}: origin {} not allowed", address_, origin);
            server_.metrics.error("bad_origin");
            return respond(json_error(http::status::forbidden, protocol::ErrorCode::bad_origin,
                                      "this Origin is not allowed to connect"),
                           false);
        }
        if (!server_.hub->admit(address_))
            return respond(json_error(http::status::too_many_requests,
                                      protocol::ErrorCode::too_many_connections,
                                      "too many connections from this address"),
                           false);
        spdlog::info("WebSocket connection from {}", address_);
        log_access(&server_.metrics, {method_, path_, address_, request_id_, 101, 0, seconds_since(started_)});
        stream_.expires_never();
        auto& hub = *server_.hub;
        // The session keeps this connection's slot at the gate until it ends.
        auto session = std::make_shared<WsSession<beast::tcp_stream>>(
            std::move(stream_), hub, address_,
            [&hub, a = address_, slot = slot_] { hub.release(a); });
        session->run(std::move(request));
    }

    static http::response<http::string_body> json_error(http::status status,
                                                        protocol::ErrorCode code,
                                                        const std::string& message) {
        http::response<http::string_body> res{status, 11};
        res.set(http::field::content_type, "application/json");
        const protocol::ProtocolError error(code, message);
        res.body() =
            Json{{"messages", {protocol::project(protocol::ErrorFacts{error, message})}}}.dump();
        return res;
    }

    // GET routes of the API, each one protocol message.
    std::optional<Json> route_get(const std::string& target) {
        const std::string base = "/api/v1/campaigns";
        if (target == base) return Json{{"type", "list_campaigns"}};
        if (target.rfind(base + "/", 0) != 0) return std::nullopt;
        std::vector<std::string> parts;
        std::string rest = target.substr(base.size() + 1);
        for (std::size_t at = 0; at <= rest.size();) {
            auto slash = rest.find('/', at);
            parts.push_back(rest.substr(at, slash == std::string::npos ? std::string::npos : slash - at));
            if (slash == std::string::npos) break;
            at = slash + 1;
        }
        if (parts.size() == 1) return Json{{"type", "join"}, {"campaign", parts[0]}};
        if (parts.size() == 2 && parts[1] == "history")
            return Json{{"type", "get_history"}, {"campaign", parts[0]}};
        if (parts.size() == 2 && parts[1] == "decisions")
            return Json{{"type", "get_decisions"}, {"campaign", parts[0]}};
        if (parts.size() == 2 && parts[1] == "press")
            return Json{{"type", "get_press"}, {"campaign", parts[0]}};
        if (parts.size() == 3 && parts[1] == "reports") {
            try {
                return Json{{"type", "get_report"}, {"campaign", parts[0]},
                            {"period_index", std::stoi(parts[2])}};
            } catch (const std::exception&) {
                return std::nullopt;
            }
        }
        return std::nullopt;
    }

    // The operator's routes: health always; metrics on the admin listener, or on the main port
    // with the metrics token (their counters move with every side's activity).
    bool operator_route(const http::request<http::string_body>& request,
                        http::response<http::string_body>& res) {
        const auto target = request.target();
        if (target == "/healthz" || target == "/readyz") {
            // Both ask whether the database takes writes: a server that cannot commit is down.
            auto report = server_.health.check(server_.services.campaigns->database());
            res.result(static_cast<http::status>(report.status));
            res.set(http::field::content_type, "application/json");
            res.body() = std::move(report.body);
            return true;
        }
        if (target != "/metrics") return false;
        if (!admin_listener_ && !metrics_token_matches(request)) {
            res = json_error(http::status::unauthorized, protocol::ErrorCode::not_logged_in,
                             "/metrics needs the metrics token (Authorization: Bearer) or the "
                             "admin listener");
            res.set(http::field::www_authenticate, "Bearer");
            return true;
        }
        res.set(http::field::content_type, "text/plain; version=0.0.4");
        res.body() = metrics_text(server_.services);
        return true;
    }

    bool metrics_token_matches(const http::request<http::string_body>& request) const {
        const auto& token = server_.config.metrics_token;
        const std::string auth(request[http::field::authorization]);
        if (token.empty() || auth.size() != token.size() + 7 || auth.rfind("Bearer ", 0) != 0)
            return false;
        return sodium_memcmp(auth.data() + 7, token.data(), token.size()) == 0;
    }

    void handle(http::request<http::string_body> request) {
        const std::string target(request.target());
        const bool keep_alive = request.keep_alive();
        http::response<http::string_body> res{http::status::ok, request.version()};
        res.set(http::field::server, "umpire/0.1");
        std::string bearer;
        if (auto auth = std::string(request[http::field::authorization]); auth.rfind("Bearer ", 0) == 0)
            bearer = auth.substr(7);
        if (operator_route(request, res)) {
        } else if (admin_listener_) {
            res = json_error(http::status::not_found, protocol::ErrorCode::bad_message,
                             "the admin listener serves /metrics, /healthz and /readyz");
        } else if (target == "/api/v1/messages" && request.method() == http::verb::post) {
            return api_reply(server_.hub, bearer, request.body(), request.version(), keep_alive);
        } else if (target.rfind("/api/", 0) == 0 && request.method() == http::verb::get) {
            if (auto message = route_get(target))
                return api_reply(server_.hub, bearer, message->dump(), request.version(), keep_alive);
            res = json_error(http::status::not_found, protocol::ErrorCode::bad_message,
                             "no such API route");
        } else if (target.rfind("/api/", 0) == 0) {
            res = json_error(http::status::method_not_allowed, protocol::ErrorCode::bad_message,
                             "the API takes POST /api/v1/messages and GET routes");
        } else if (request.method() == http::verb::get || request.method() == http::verb::head) {
            serve_file(request, res);
        } else {
            res = json_error(http::status::method_not_allowed, protocol::ErrorCode::bad_message,
                             "method not allowed");
        }
        res.keep_alive(keep_alive);
        respond(std::move(res), keep_alive);
    }

    // The hub answers now or, after a password check off the I/O thread, later.
    void api_reply(std::unique_ptr<Hub>& hub, const std::string& bearer, const std::string& body,
                   unsigned version, bool keep_alive) {
        hub->http_message(address_, bearer, body,
                          [self = shared_from_this(), version, keep_alive](HttpReply reply) {
                              http::response<http::string_body> res{
                                  static_cast<http::status>(reply.status), version};
                              res.set(http::field::server, "umpire/0.1");
                              res.set(http::field::content_type, "application/json");
                              if (reply.retry_after_seconds)
                                  res.set(http::field::retry_after,
                                          std::to_string(*reply.retry_after_seconds));
                              res.body() = std::move(reply.body);
                              res.keep_alive(keep_alive);
                              self->respond(std::move(res), keep_alive);
                          });
    }

    // Only files from the set indexed at start-up (server/static_files.hpp): the target is
    // looked up as it came, never decoded and never turned into a filesystem path.
    void serve_file(const http::request<http::string_body>& request,
                    http::response<http::string_body>& res) {
        const auto text = [](beast::string_view s) { return std::string_view(s.data(), s.size()); };
        const auto all_values = [&](http::field field) {  // a repeated header is one list
            std::string values;
            for (auto [it, end] = request.equal_range(field); it != end; ++it)
                values.append(values.empty() ? "" : ", ").append(text(it->value()));
            return values;
        };
        const auto answer = server_.static_files.answer(
            text(request.target()), text(request.method_string()),
            all_values(http::field::if_none_match), all_values(http::field::accept_encoding));
        if (answer.status == 404) {
            res =
                json_error(http::status::not_found, protocol::ErrorCode::bad_message, "not found");
        } else if (answer.status == 405) {
            res = json_error(http::status::method_not_allowed, protocol::ErrorCode::bad_message,
                             "method not allowed");
            res.set(http::field::allow, "GET, HEAD");
        } else {
            res.result(static_cast<http::status>(answer.status));
            for (const auto& [name, value] : answer.headers) res.set(name, value);
            res.body().assign(answer.body);
            // Set here, not by prepare_payload: a HEAD answer gives the length it leaves out.
            if (answer.status == 200) res.content_length(answer.content_length);
        }
        if (request.method() == http::verb::head && !res.body().empty()) {  // an error, headers only
            res.content_length(res.body().size());
            res.body().clear();
        }
    }

    void respond(http::response<http::string_body> res, bool keep_alive) {
        if (request_id_.empty()) request_id_ = request_id_for("");  // refused before parsing
        res.set("X-Request-Id", request_id_);
        if (!res.has_content_length()) res.prepare_payload();  // serve_file sets its own
        log_access(&server_.metrics, {method_.empty() ? "-" : method_, path_.empty() ? "-" : path_,
                                      address_, request_id_, static_cast<int>(res.result_int()),
                                      res.body().size(), seconds_since(started_)});
        method_.clear();
        path_.clear();
        request_id_.clear();
        started_ = std::chrono::steady_clock::now();
        auto shared = std::make_shared<http::response<http::string_body>>(std::move(res));
        http::async_write(stream_, *shared,
                          [self = shared_from_this(), shared, keep_alive](beast::error_code ec, std::size_t) {
                              if (ec) return;
                              if (!keep_alive) return self->shutdown();
                              self->read();
                          });
    }

    void shutdown() {
        beast::error_code ec;
        stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
    }

    beast::tcp_stream stream_;
    beast::flat_buffer buffer_;
    std::optional<http::request_parser<http::string_body>> parser_;
    NetServer::Impl& server_;
    std::shared_ptr<void> slot_;  // this connection's place at the gate
    bool admin_listener_;
    std::string peer_address_;  // the TCP peer
    std::string address_;       // the client: the peer, or whom a trusted proxy names
    // The request being answered, for the access log.
    std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
    std::string method_, path_, request_id_;
};

}  // namespace

// Accepts forever. Out of file descriptors (EMFILE, ENFILE) or memory, accept fails at once
// every time: it waits instead, doubling up to accept_backoff_max_ms, so the server does not
// spin while connections close. An address past its connection cap is closed at once.
void NetServer::Impl::accept(tcp::acceptor& a, net::steady_timer& pause, bool admin, int backoff_ms) {
    a.async_accept(net::make_strand(io), [this, &a, &pause, admin, backoff_ms](beast::error_code ec,
                                                                               tcp::socket socket) {
        if (ec == net::error::operation_aborted || !a.is_open()) return;
        if (ec) {
            metrics.accept_errors++;
            const int wait = std::min(std::max(backoff_ms * 2, 10), config.limits.accept_backoff_max_ms);
            if (backoff_ms == 0) spdlog::warn("accept failed: {}; waiting before the next", ec.message());
            pause.expires_after(std::chrono::milliseconds(wait));
            pause.async_wait([this, &a, &pause, admin, wait](beast::error_code e) {
                if (!e) accept(a, pause, admin, wait);
            });
            return;
        }
        run_guarded(&metrics, "accepting a connection", [&] {
            beast::error_code peer_ec;
            const auto remote = socket.remote_endpoint(peer_ec);
            const std::string address = peer_ec ? "?" : remote.address().to_string();
            auto slot = (admin || trusted_proxies.contains(address)) ? ConnectionGate::unlimited()
                                                                     : gate.admit(address);
            if (!slot) {
                metrics.connections_refused++;
                metrics.closed("tcp_connections_per_address");
                socket.close(peer_ec);
                return;
            }
            std::make_shared<HttpSession>(std::move(socket), *this, std::move(slot), admin)->run();
        });
        accept(a, pause, admin);
    });
}

NetServer::NetServer(const ServerConfig& config, WallClock clock)
    : impl_(std::make_unique<Impl>(config, std::move(clock))) {
    impl_->hub->start();
    if (storage::pg::is_postgres_url(config.database)) {
        // Several servers share the database: hear what the others commit (issue 33).
        Hub* hub = impl_->hub.get();
        impl_->changes = std::make_unique<ChangeListener>(
            config.database, [this](std::function<void()> fn) { post(std::move(fn)); },
            [hub](const std::string& id) { hub->campaign_changed(id); },
            [hub] { hub->catch_up_all(); });
    }
    impl_->accept(impl_->acceptor, impl_->accept_pause, false);
    if (impl_->admin_acceptor.is_open())
        impl_->accept(impl_->admin_acceptor, impl_->admin_accept_pause, true);
}

NetServer::~NetServer() = default;

int NetServer::port() const { return impl_->acceptor.local_endpoint().port(); }
int NetServer::admin_port() const {
    return impl_->admin_acceptor.is_open() ? impl_->admin_acceptor.local_endpoint().port() : -1;
}
Services& NetServer::services() { return impl_->services; }
Hub& NetServer::hub() { return *impl_->hub; }
void NetServer::post(std::function<void()> fn) { net::post(impl_->io, std::move(fn)); }

// The last guard: handlers are guarded one by one, but should anything still escape into
// Asio, it is logged and the loop goes on rather than the process ending.
void NetServer::run() {
    for (;;) {
        const auto id = run_guarded(&impl_->metrics, "the I/O loop", [&] { impl_->io.run(); });
        if (id.empty()) return;
    }
}

bool NetServer::outcome_unknown() const { return impl_->outcome_unknown; }

void NetServer::stop() {
    net::post(impl_->io, [this] {
        beast::error_code ec;
        impl_->acceptor.close(ec);
        impl_->admin_acceptor.close(ec);
        impl_->io.stop();
    });
}

}  // namespace umpire::server
