// The baseline of the server load benchmark (scripts/bench, issue #8): a bare Beast WebSocket
// echo server in the shape of Beast's websocket_server_async example, on one thread like
// umpire-server. It binds 127.0.0.1 only and prints the bound port on stdout.
#include <CLI/CLI.hpp>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include <iostream>
#include <memory>

namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;

namespace {

class EchoSession : public std::enable_shared_from_this<EchoSession> {
public:
    explicit EchoSession(tcp::socket socket) : ws_(std::move(socket)) {}

    void run() {
        // The timeouts umpire-server sets by default, so both keep the same timers.
        websocket::stream_base::timeout timeout{};
        timeout.handshake_timeout = std::chrono::seconds(10);
        timeout.idle_timeout = std::chrono::seconds(60);
        timeout.keep_alive_pings = true;
        ws_.set_option(timeout);
        ws_.read_message_max(64 * 1024);
        ws_.async_accept([self = shared_from_this()](beast::error_code ec) {
            if (!ec) self->read();
        });
    }

private:
    void read() {
        ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
            if (ec) return;
            self->ws_.text(self->ws_.got_text());
            self->ws_.async_write(self->buffer_.data(),
                                  [self](beast::error_code ec, std::size_t) {
                                      if (ec) return;
                                      self->buffer_.consume(self->buffer_.size());
                                      self->read();
                                  });
        });
    }

    websocket::stream<beast::tcp_stream> ws_;
    beast::flat_buffer buffer_;
};

void accept(tcp::acceptor& acceptor, net::io_context& io) {
    acceptor.async_accept(net::make_strand(io), [&](beast::error_code ec, tcp::socket socket) {
        if (ec == net::error::operation_aborted) return;
        if (!ec) std::make_shared<EchoSession>(std::move(socket))->run();
        accept(acceptor, io);
    });
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"echo_server: a bare Beast WebSocket echo server on 127.0.0.1 (benchmark baseline)"};
    int port = 0;
    app.add_option("--port", port, "port on 127.0.0.1 (0: any free port)")->check(CLI::Range(0, 65535));
    CLI11_PARSE(app, argc, argv);
    try {
        net::io_context io{1};
        tcp::acceptor acceptor(io);
        const tcp::endpoint endpoint{net::ip::make_address("127.0.0.1"), static_cast<unsigned short>(port)};
        acceptor.open(endpoint.protocol());
        acceptor.set_option(net::socket_base::reuse_address(true));
        acceptor.bind(endpoint);
        acceptor.listen(net::socket_base::max_listen_connections);
        accept(acceptor, io);
        net::signal_set signals(io, SIGINT, SIGTERM);
        signals.async_wait([&](beast::error_code, int) { io.stop(); });
        std::cout << "echo_server listening on 127.0.0.1 port " << acceptor.local_endpoint().port()
                  << "\n" << std::flush;
        io.run();
    } catch (const std::exception& e) {
        std::cerr << "echo_server: " << e.what() << "\n";
        return 1;
    }
    return 0;
}
