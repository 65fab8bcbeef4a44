#pragma once
// One WebSocket connection (Beast's websocket-chat-multi shape): the session owns its stream,
// read buffer and a bounded outbound queue with one write in flight; every handler holds
// shared_from_this(). A client whose queue passes the cap is closed with a reason, never
// silently dropped from. Templated on the next layer so tests can run it over Beast's
// in-memory test stream. Private to server/: only net_server.cpp and tests include it.
#include <boost/asio/dispatch.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include <spdlog/spdlog.h>

#include <deque>
#include <functional>
#include <memory>

#include "server/guard.hpp"
#include "server/hub.hpp"

namespace umpire::server {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace net = boost::asio;

template <class NextLayer>
class WsSession final : public Peer, public std::enable_shared_from_this<WsSession<NextLayer>> {
public:
    WsSession(NextLayer&& next, Hub& hub, std::string address, std::function<void()> on_end = {})
        : Peer(Kind::websocket, std::move(address)),
          ws_(std::move(next)),
          hub_(hub),
          limits_(hub.services().config.limits),
          on_end_(std::move(on_end)) {
        rate = RateLimiter(limits_.messages_per_second, limits_.message_burst);
    }

    // Completes the WebSocket handshake for an upgrade request already read.
    template <class Body, class Allocator>
    void run(beast::http::request<Body, beast::http::basic_fields<Allocator>> request) {
        websocket::stream_base::timeout timeout{};
        timeout.handshake_timeout = std::chrono::seconds(limits_.handshake_timeout_seconds);
        timeout.idle_timeout = std::chrono::seconds(limits_.idle_timeout_seconds);
        timeout.keep_alive_pings = true;  // ping at half the idle time; close if no answer
        ws_.set_option(timeout);
        ws_.read_message_max(limits_.max_message_bytes);
        ws_.set_option(websocket::stream_base::decorator([](websocket::response_type& res) {
            res.set(beast::http::field::server, "umpire/0.1");
        }));
        ws_.async_accept(request, [self = this->shared_from_this()](beast::error_code ec) {
            self->on_accept(ec);
        });
    }

    // Dispatched: a reply sent from this session's own handler (the usual case) is queued at
    // once instead of going round the scheduler; from anywhere else it is posted to the strand.
    void send(std::shared_ptr<const std::string> frame) override {
        net::dispatch(ws_.get_executor(),
                      [self = this->shared_from_this(), frame = std::move(frame)] {
                          self->queue(frame);
                      });
    }

    // Dispatched too, so that sends and a close keep the order they were made in.
    void close(const std::string& reason) override {
        net::dispatch(ws_.get_executor(), [self = this->shared_from_this(), reason] {
            self->start_close(reason);
        });
    }

    websocket::stream<NextLayer>& stream() { return ws_; }

private:
    void on_accept(beast::error_code ec) {
        if (ec) return end(ec, "handshake");
        opened_ = true;
        hub_.opened(this->shared_from_this());
        read();
    }

    void read() {
        ws_.async_read(buffer_, [self = this->shared_from_this()](beast::error_code ec, std::size_t) {
            self->on_read(ec);
        });
    }

    void on_read(beast::error_code ec) {
        if (ec) {
            if (ec == websocket::error::message_too_big)
                hub_.services().metrics->closed("message_too_big");
            return end(ec, "read");
        }
        if (!ws_.got_text()) {
            buffer_.consume(buffer_.size());
            start_close("binary frames are not part of the protocol");
            return;
        }
        const std::string text = beast::buffers_to_string(buffer_.data());
        buffer_.consume(buffer_.size());
        // A failure inside is this session's alone: it is closed with the error id, the
        // server goes on (server/guard.hpp).
        const auto error_id = run_guarded(hub_.services().metrics, "a WebSocket message",
                                          [&] { hub_.receive(this->shared_from_this(), text); });
        if (!error_id.empty()) start_close("internal error " + error_id);
        if (!closing_) read();
    }

    void queue(const std::shared_ptr<const std::string>& frame) {
        if (closing_ || ended_) return;
        if (queue_.size() >= limits_.outbound_queue_messages) {
            hub_.services().metrics->closed("outbound_queue");
            spdlog::info("closing {}: outbound queue full", address());
            start_close("outbound queue full: the client reads too slowly");
            return;
        }
        hub_.services().metrics->messages_out++;
        queue_.push_back(frame);
        if (queue_.size() == 1) write();
    }

    void write() {
        ws_.text(true);
        ws_.async_write(net::buffer(*queue_.front()),
                        [self = this->shared_from_this()](beast::error_code ec, std::size_t) {
                            self->on_write(ec);
                        });
    }

    void on_write(beast::error_code ec) {
        if (ec) return end(ec, "write");
        queue_.pop_front();
        if (!queue_.empty()) return write();
        if (closing_) send_close();
    }

    // Closes after what is queued (the reason goes in the close frame). A full queue is
    // dropped: the client cannot keep up, and the close says so.
    void start_close(const std::string& reason) {
        if (closing_ || ended_) return;
        closing_ = true;
        close_reason_ = reason.substr(0, 120);  // a close frame's reason is at most 123 bytes
        if (queue_.size() > 1) queue_.erase(queue_.begin() + 1, queue_.end());
        if (queue_.empty()) send_close();
    }

    void send_close() {
        websocket::close_reason why(websocket::close_code::policy_error, close_reason_);
        ws_.async_close(why, [self = this->shared_from_this()](beast::error_code ec) {
            self->end(ec, "close");
        });
    }

    void end(beast::error_code ec, const char* what) {
        if (ended_) return;
        ended_ = true;
        if (ec && ec != websocket::error::closed && ec != net::error::operation_aborted)
            spdlog::debug("connection {}: {} ended: {}", address(), what, ec.message());
        if (opened_) hub_.closed(*this);
        if (on_end_) on_end_();
    }

    websocket::stream<NextLayer> ws_;
    beast::flat_buffer buffer_;
    std::deque<std::shared_ptr<const std::string>> queue_;
    Hub& hub_;
    Limits limits_;
    std::function<void()> on_end_;
    bool opened_ = false;
    bool closing_ = false;
    bool ended_ = false;
    std::string close_reason_;
};

}  // namespace umpire::server
