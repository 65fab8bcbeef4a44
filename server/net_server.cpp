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

#include <filesystem>
#include <fstream>
#include <thread>

#include "server/http_client.hpp"
#include "server/webhook_worker.hpp"
#include "server/ws_session.hpp"

namespace umpire::server {

namespace http = beast::http;
using tcp = net::ip::tcp;

namespace {

// Timers keyed by name on the I/O thread, against the system clock (deadlines are wall time).
class AsioScheduler final : public Scheduler {
public:
    explicit AsioScheduler(net::io_context& io) : io_(io) {}
    TimePoint now() const override { return std::chrono::system_clock::now(); }
    void at(const std::string& key, TimePoint when, std::function<void()> fn) override {
        cancel(key);
        auto timer = std::make_shared<net::steady_timer>(io_);
        const auto wait = when - now();
        timer->expires_after(wait.count() > 0 ? std::chrono::duration_cast<std::chrono::steady_clock::duration>(wait)
                                              : std::chrono::steady_clock::duration::zero());
        timers_[key] = timer;
        timer->async_wait([this, key, timer, fn = std::move(fn)](beast::error_code ec) {
            if (ec) return;
            if (auto it = timers_.find(key); it != timers_.end() && it->second == timer)
                timers_.erase(it);
            fn();
        });
    }
    void cancel(const std::string& key) override {
        if (auto it = timers_.find(key); it != timers_.end()) {
            it->second->cancel();
            timers_.erase(it);
        }
    }

private:
    net::io_context& io_;
    std::map<std::string, std::shared_ptr<net::steady_timer>> timers_;
};

const char* mime_type(const std::filesystem::path& path) {
    const auto ext = path.extension().string();
    if (ext == ".html") return "text/html; charset=utf-8";
    if (ext == ".js" || ext == ".mjs") return "text/javascript";
    if (ext == ".css") return "text/css";
    if (ext == ".json") return "application/json";
    if (ext == ".svg") return "image/svg+xml";
    if (ext == ".png") return "image/png";
    if (ext == ".ico") return "image/x-icon";
    if (ext == ".wasm") return "application/wasm";
    return "application/octet-stream";
}

constexpr const char* kPlaceholderPage =
    "<!doctype html><meta charset=utf-8><title>Umpire</title>"
    "<h1>Umpire</h1><p>The campaign server is running. The web client is not installed here "
    "(set <code>static_dir</code>); clients connect by WebSocket to <code>/ws</code> or use the "
    "JSON API at <code>/api/v1/messages</code> (docs/protocol.md).</p>";

}  // namespace

struct NetServer::Impl {
    ServerConfig config;
    net::io_context io{1};
    tcp::acceptor acceptor{io};
    Metrics metrics;
    Stores stores{config.database};
    AsioScheduler scheduler{io};
    // One worker thread delivers webhooks; results come back on the I/O thread.
    WebhookWorker webhooks{webhook_transport(config), config.webhook_queue_capacity,
                           [this](std::function<void()> fn) { net::post(io, std::move(fn)); }};
    Services services;
    std::unique_ptr<Hub> hub;

    explicit Impl(const ServerConfig& c) : config(c) {
        services.config = config;
        stores.wire(services);
        services.scheduler = &scheduler;
        services.webhooks = &webhooks;
        services.metrics = &metrics;
        hub = std::make_unique<Hub>(services);
        const auto address = net::ip::make_address(config.bind);
        tcp::endpoint endpoint{address, static_cast<unsigned short>(config.port)};
        acceptor.open(endpoint.protocol());
        acceptor.set_option(net::socket_base::reuse_address(true));
        acceptor.bind(endpoint);
        acceptor.listen(net::socket_base::max_listen_connections);
        // The origins default to this server's own address: fill in the real port.
        if (services.config.allowed_origins.empty()) {
            services.config.port = acceptor.local_endpoint().port();
            services.config.allowed_origins = services.config.origins();
        }
    }

    void accept();
};

namespace {

class HttpSession : public std::enable_shared_from_this<HttpSession> {
public:
    HttpSession(tcp::socket socket, NetServer::Impl& server)
        : stream_(std::move(socket)), server_(server) {
        beast::error_code ec;
        const auto remote = stream_.socket().remote_endpoint(ec);
        address_ = ec ? "?" : remote.address().to_string();
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
            return respond(json_error(http::status::payload_too_large, "message_too_large",
                                      "a request body may have at most " +
                                          std::to_string(server_.config.limits.max_message_bytes) +
                                          " bytes"),
                           false);
        }
        if (ec) return;  // timeout or a broken request: drop the connection
        auto request = parser_->release();
        if (websocket::is_upgrade(request)) return upgrade(std::move(request));
        handle(std::move(request));
    }

    void upgrade(http::request<http::string_body> request) {
        const std::string origin(request[http::field::origin]);
        const auto& allowed = server_.services.config.allowed_origins;
        if (request.target() != "/ws")
            return respond(json_error(http::status::not_found, "bad_message",
                                      "WebSocket connections go to /ws"), false);
        if (!origin.empty() && std::find(allowed.begin(), allowed.end(), origin) == allowed.end()) {
            spdlog::info("refused WebSocket from {}: origin {} not allowed", address_, origin);
            server_.metrics.error("bad_origin");
            return respond(json_error(http::status::forbidden, "bad_origin",
                                      "this Origin is not allowed to connect"), false);
        }
        if (!server_.hub->admit(address_))
            return respond(json_error(http::status::too_many_requests, "too_many_connections",
                                      "too many connections from this address"), false);
        spdlog::info("WebSocket connection from {}", address_);
        stream_.expires_never();
        auto& hub = *server_.hub;
        auto session = std::make_shared<WsSession<beast::tcp_stream>>(
            std::move(stream_), hub, address_, [&hub, a = address_] { hub.release(a); });
        session->run(std::move(request));
    }

    http::response<http::string_body> json_error(http::status status, const std::string& code,
                                                 const std::string& message) {
        http::response<http::string_body> res{status, 11};
        res.set(http::field::content_type, "application/json");
        res.body() = Json{{"messages", {{{"type", "error"}, {"code", code}, {"message", message}}}}}.dump();
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

    void handle(http::request<http::string_body> request) {
        const std::string target(request.target());
        const bool keep_alive = request.keep_alive();
        http::response<http::string_body> res{http::status::ok, request.version()};
        res.set(http::field::server, "umpire/0.1");
        std::string bearer;
        if (auto auth = std::string(request[http::field::authorization]); auth.rfind("Bearer ", 0) == 0)
            bearer = auth.substr(7);
        if (target == "/healthz") {
            res.set(http::field::content_type, "application/json");
            res.body() = R"({"status":"ok"})";
        } else if (target == "/metrics") {
            res.set(http::field::content_type, "text/plain; version=0.0.4");
            res.body() = server_.metrics.text();
        } else if (target == "/api/v1/messages" && request.method() == http::verb::post) {
            auto reply = server_.hub->http_message(address_, bearer, request.body());
            res.result(static_cast<http::status>(reply.status));
            res.set(http::field::content_type, "application/json");
            res.body() = std::move(reply.body);
        } else if (target.rfind("/api/", 0) == 0 && request.method() == http::verb::get) {
            if (auto message = route_get(target)) {
                auto reply = server_.hub->http_message(address_, bearer, message->dump());
                res.result(static_cast<http::status>(reply.status));
                res.set(http::field::content_type, "application/json");
                res.body() = std::move(reply.body);
            } else {
                res = json_error(http::status::not_found, "bad_message", "no such API route");
            }
        } else if (target.rfind("/api/", 0) == 0) {
            res = json_error(http::status::method_not_allowed, "bad_message",
                             "the API takes POST /api/v1/messages and GET routes");
        } else if (request.method() == http::verb::get || request.method() == http::verb::head) {
            serve_file(target, res);
        } else {
            res = json_error(http::status::method_not_allowed, "bad_message", "method not allowed");
        }
        res.keep_alive(keep_alive);
        respond(std::move(res), keep_alive);
    }

    void serve_file(const std::string& target, http::response<http::string_body>& res) {
        std::string path = target.substr(0, target.find('?'));
        if (path == "/") path = "/index.html";
        const auto& dir = server_.config.static_dir;
        const bool unsafe = path.find("..") != std::string::npos || path.find('\0') != std::string::npos ||
                            path.front() != '/';
        std::ifstream in;
        if (!dir.empty() && !unsafe) in.open(std::filesystem::path(dir) / path.substr(1), std::ios::binary);
        if (in) {
            res.set(http::field::content_type, mime_type(path));
            res.body().assign(std::istreambuf_iterator<char>(in), {});
        } else if (path == "/index.html") {
            res.set(http::field::content_type, "text/html; charset=utf-8");
            res.body() = kPlaceholderPage;
        } else {
            res = json_error(http::status::not_found, "bad_message", "not found");
        }
    }

    void respond(http::response<http::string_body> res, bool keep_alive) {
        res.prepare_payload();
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
    std::string address_;
};

}  // namespace

void NetServer::Impl::accept() {
    acceptor.async_accept(net::make_strand(io), [this](beast::error_code ec, tcp::socket socket) {
        if (ec == net::error::operation_aborted) return;
        if (!ec) std::make_shared<HttpSession>(std::move(socket), *this)->run();
        accept();
    });
}

NetServer::NetServer(const ServerConfig& config) : impl_(std::make_unique<Impl>(config)) {
    impl_->hub->start();
    impl_->accept();
}

NetServer::~NetServer() = default;

int NetServer::port() const { return impl_->acceptor.local_endpoint().port(); }
Hub& NetServer::hub() { return *impl_->hub; }
void NetServer::post(std::function<void()> fn) { net::post(impl_->io, std::move(fn)); }

void NetServer::run() { impl_->io.run(); }

void NetServer::stop() {
    net::post(impl_->io, [this] {
        beast::error_code ec;
        impl_->acceptor.close(ec);
        impl_->io.stop();
    });
}

}  // namespace umpire::server
