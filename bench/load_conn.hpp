#pragma once
// One WebSocket connection of the load client (bench/load_client.cpp): connect to 127.0.0.1,
// handshake, send its setup frames one reply at a time (hello, login), then time requests
// against their replies. Everything runs on the client's single io_context thread, so the
// shared Sink needs no locks. Replies come back in order on one connection (both servers
// answer in order), so the oldest send time belongs to the next reply.
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include <chrono>
#include <deque>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace load {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using Clock = std::chrono::steady_clock;
using Frame = std::shared_ptr<const std::string>;

// What every connection reports to: counters, and where the current phase wants round trips.
struct Sink {
    long ready = 0;    // connections through their setup
    long failed = 0;   // connections that never got there
    long dropped = 0;  // ready connections the server closed
    long replies = 0;  // replies to requests (not setup)
    long errors = 0;   // of which were error messages
    bool refill = false;                   // throughput: answer each reply with a new request
    std::vector<double>* rtts = nullptr;   // latency: round trips in ms
    std::string first_failure, first_error;
};

class Conn : public std::enable_shared_from_this<Conn> {
public:
    enum class State { opening, ready, failed, closed };

    Conn(net::io_context& io, Sink& sink, std::vector<Frame> setup, Frame request)
        : ws_(io), sink_(sink), setup_(std::move(setup)), request_(std::move(request)) {}

    void start(const tcp::endpoint& endpoint) {
        auto& tcp_stream = beast::get_lowest_layer(ws_);
        tcp_stream.expires_after(std::chrono::seconds(10));
        tcp_stream.async_connect(endpoint, [self = shared_from_this(), endpoint](beast::error_code ec) {
            if (ec) return self->fail("connect", ec.message());
            beast::get_lowest_layer(self->ws_).expires_never();  // the websocket timeouts take over
            websocket::stream_base::timeout timeout{};
            timeout.handshake_timeout = std::chrono::seconds(10);
            timeout.idle_timeout = websocket::stream_base::none();
            timeout.keep_alive_pings = false;
            self->ws_.set_option(timeout);
            self->ws_.secure_prng(false);  // frame masks need no secrecy here; the fast generator
            const std::string host = "127.0.0.1:" + std::to_string(endpoint.port());
            self->ws_.async_handshake(host, "/ws", [self](beast::error_code ec) {
                if (ec) return self->fail("handshake", ec.message());
                self->read();
                self->next_setup();
            });
        });
    }

    // Sends one request, timed from now.
    void request() {
        sent_at_.push_back(Clock::now());
        write(request_);
    }

    void close() {
        if (state_ == State::ready || state_ == State::opening) state_ = State::closed;
        beast::error_code ec;
        beast::get_lowest_layer(ws_).socket().close(ec);
    }

    State state() const { return state_; }
    std::size_t in_flight() const { return sent_at_.size(); }
    const std::string& last_setup_reply() const { return last_setup_reply_; }

private:
    void next_setup() {
        if (setup_done_ == setup_.size()) {
            state_ = State::ready;
            ++sink_.ready;
            return;
        }
        write(setup_[setup_done_]);
    }

    void read() {
        ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
            self->on_read(ec);
        });
    }

    void on_read(beast::error_code ec) {
        if (ec) {
            if (state_ == State::opening) fail("setup", ec.message());
            if (state_ == State::ready) {
                state_ = State::closed;
                ++sink_.dropped;
            }
            return;
        }
        const std::string_view text(static_cast<const char*>(buffer_.data().data()), buffer_.size());
        const bool error = text.find("\"error\"") != std::string_view::npos;
        if (state_ == State::opening) {
            if (error) {
                fail("setup", std::string(text.substr(0, 200)));
                buffer_.consume(buffer_.size());
                return;
            }
            last_setup_reply_.assign(text);
            ++setup_done_;
            next_setup();
        } else if (state_ == State::ready && !sent_at_.empty()) {
            const auto rtt = Clock::now() - sent_at_.front();
            const double ms = std::chrono::duration<double, std::milli>(rtt).count();
            sent_at_.pop_front();
            ++sink_.replies;
            if (error) {
                ++sink_.errors;
                if (sink_.first_error.empty()) sink_.first_error.assign(text.substr(0, 200));
            }
            if (sink_.rtts) sink_.rtts->push_back(ms);
            if (sink_.refill) request();
        }
        buffer_.consume(buffer_.size());
        if (state_ != State::failed && state_ != State::closed) read();
    }

    void write(const Frame& frame) {
        out_.push_back(frame);
        if (out_.size() == 1) write_front();
    }

    void write_front() {
        ws_.text(true);
        auto done = [self = shared_from_this()](beast::error_code ec, std::size_t) {
            if (ec) return self->fail("write", ec.message());
            self->out_.pop_front();
            if (!self->out_.empty()) self->write_front();
        };
        ws_.async_write(net::buffer(*out_.front()), std::move(done));
    }

    void fail(const char* stage, const std::string& why) {
        if (state_ != State::opening) return;  // closing a ready or closed connection is no failure
        state_ = State::failed;
        ++sink_.failed;
        if (sink_.first_failure.empty()) sink_.first_failure = std::string(stage) + ": " + why;
        beast::error_code ec;
        beast::get_lowest_layer(ws_).socket().close(ec);
    }

    websocket::stream<beast::tcp_stream> ws_;
    beast::flat_buffer buffer_;
    Sink& sink_;
    std::vector<Frame> setup_;
    std::size_t setup_done_ = 0;
    Frame request_;
    State state_ = State::opening;
    std::deque<Frame> out_;
    std::deque<Clock::time_point> sent_at_;
    std::string last_setup_reply_;
};

}  // namespace load
