#include "test_client.hpp"

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include <stdexcept>

namespace umpire::testing {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;

struct TestClient::Impl {
    net::io_context io;
    websocket::stream<beast::tcp_stream> ws{io};
    beast::flat_buffer buffer;
    bool reading = false;
    bool done = false;
    beast::error_code ec;
};

namespace {

void connect(websocket::stream<beast::tcp_stream>& ws, net::io_context& io, int port,
             const std::string& origin, websocket::response_type* response) {
    tcp::resolver resolver(io);
    auto results = resolver.resolve("127.0.0.1", std::to_string(port));
    beast::get_lowest_layer(ws).connect(results);
    ws.set_option(websocket::stream_base::decorator([origin](websocket::request_type& req) {
        if (!origin.empty()) req.set(beast::http::field::origin, origin);
    }));
    ws.read_message_max(16 * 1024 * 1024);
    ws.handshake(*response, "127.0.0.1:" + std::to_string(port), "/ws");
}

}  // namespace

TestClient::TestClient(int port, const std::string& origin) : impl_(std::make_unique<Impl>()) {
    websocket::response_type response;
    connect(impl_->ws, impl_->io, port, origin, &response);
}

TestClient::~TestClient() {
    beast::error_code ec;
    beast::get_lowest_layer(impl_->ws).socket().close(ec);
}

void TestClient::send(const Json& message) { send_text(message.dump()); }

void TestClient::send_text(const std::string& text) {
    impl_->ws.text(true);
    impl_->ws.write(net::buffer(text));
}

bool TestClient::read_one(int timeout_ms) {
    if (closed_) return false;
    if (!impl_->reading) {
        impl_->reading = true;
        impl_->done = false;
        impl_->ws.async_read(impl_->buffer, [this](beast::error_code ec, std::size_t) {
            impl_->done = true;
            impl_->ec = ec;
        });
    }
    impl_->io.restart();
    impl_->io.run_for(std::chrono::milliseconds(timeout_ms));
    if (!impl_->done) return false;
    impl_->reading = false;
    if (impl_->ec) {
        const auto& reason = impl_->ws.reason();
        closed_ = CloseInfo{static_cast<int>(reason.code), std::string(reason.reason.c_str())};
        return false;
    }
    const std::string text = beast::buffers_to_string(impl_->buffer.data());
    impl_->buffer.consume(impl_->buffer.size());
    frames_.push_back(text);
    log_.push_back(Json::parse(text));
    return true;
}

std::optional<Json> TestClient::next(int timeout_ms) {
    if (taken_ < log_.size()) return log_[taken_++];
    if (!read_one(timeout_ms)) return std::nullopt;
    return log_[taken_++];
}

Json TestClient::wait_for(const std::string& type, int timeout_ms) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
    while (std::chrono::steady_clock::now() < deadline) {
        auto m = next(100);
        if (m && m->value("type", "") == type) return *m;
        if (closed_) break;
    }
    throw std::runtime_error("no \"" + type + "\" message arrived");
}

Json TestClient::request(Json message, int timeout_ms) {
    const int id = next_id_++;
    message["id"] = id;
    const std::size_t from = log_.size();
    send(message);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
    for (std::size_t i = from;; ++i) {
        while (i >= log_.size()) {
            if (std::chrono::steady_clock::now() > deadline || closed_)
                throw std::runtime_error("no reply to " + message.dump().substr(0, 200));
            read_one(100);
        }
        if (log_[i].contains("re") && log_[i]["re"] == id) return log_[i];
    }
}

Json TestClient::hello_login(const std::string& account, const std::string& password) {
    request({{"type", "hello"}, {"versions", {1}}});
    return request({{"type", "login"}, {"account", account}, {"password", password}});
}

std::optional<CloseInfo> TestClient::wait_closed(int timeout_ms) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
    while (!closed_ && std::chrono::steady_clock::now() < deadline) read_one(100);
    return closed_;
}

void TestClient::close() {
    beast::error_code ec;
    impl_->ws.close(websocket::close_code::normal, ec);
}

int upgrade_status(int port, const std::string& origin, std::string* body) {
    // A plain HTTP upgrade request, so a refusal's status and body can be read.
    namespace http = beast::http;
    net::io_context io;
    beast::tcp_stream stream(io);
    tcp::resolver resolver(io);
    stream.connect(resolver.resolve("127.0.0.1", std::to_string(port)));
    http::request<http::empty_body> req{http::verb::get, "/ws", 11};
    req.set(http::field::host, "127.0.0.1:" + std::to_string(port));
    req.set(http::field::upgrade, "websocket");
    req.set(http::field::connection, "Upgrade");
    req.set(http::field::sec_websocket_key, "dGhlIHNhbXBsZSBub25jZQ==");
    req.set(http::field::sec_websocket_version, "13");
    if (!origin.empty()) req.set(http::field::origin, origin);
    http::write(stream, req);
    beast::flat_buffer buffer;
    http::response_parser<http::string_body> parser;
    parser.skip(false);
    beast::error_code ec;
    http::read_header(stream, buffer, parser, ec);
    if (ec) return 0;
    const int status = static_cast<int>(parser.get().result_int());
    if (status != 101) http::read(stream, buffer, parser, ec);
    if (body) *body = parser.get().body();
    return status;
}

}  // namespace umpire::testing
