// Fuzz target: one WebSocket session (server/ws_session.hpp) over Beast's in-memory test stream,
// with a real Hub and SQLite file behind it (session_world.hpp). Never crashes; everything the
// server writes is a well-formed frame carrying a JSON object with a "type", never an "internal"
// error (ws_frames.hpp); and when the client goes away the session ends (none stays open).
//
// Input: a mode byte, then records separated by "\n%", each a kind byte and a payload:
//   mode & 3   before the records: 0 nothing, 1 hello, 2 hello + login as gm, 3 as anna
//              (by token: "tok-gm", "tok-anna"); mode & 4 then joins "raid";
//              mode & 8: the first record's payload is the upgrade request, sent raw.
//   t b  a text / binary frame        f  a text frame without fin (a first fragment)
//   k    a final continuation frame   p  a ping      c  a close frame (payload as given)
//   r    raw bytes onto the stream    w  move the clock on by the payload's seconds
//   m    64 text frames at once (the rate limit)     x  the client drops the connection
//   anything else: the whole record as a text frame
// At most 32 records and 64 KiB are used, so an input's work stays bounded and, without `m`
// or many frames in one `r`, the rate limit (a burst of 40, real time) is never met.
#include <boost/beast/_experimental/test/stream.hpp>
#include <boost/beast/http.hpp>

#include <spdlog/spdlog.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "server/ws_session.hpp"
#include "session_world.hpp"
#include "ws_frames.hpp"

namespace {

using namespace umpire;
namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
using TestStream = beast::test::stream;

constexpr std::size_t kMaxRecords = 32;
constexpr std::size_t kMaxBytes = 64 * 1024;

const std::string kUpgrade =
    "GET /ws HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\nConnection: upgrade\r\n"
    "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n";

std::vector<std::string_view> records(std::string_view rest) {
    std::vector<std::string_view> out;
    while (out.size() < kMaxRecords) {
        const std::size_t cut = rest.find("\n%");
        if (const auto piece = rest.substr(0, cut); !piece.empty()) out.push_back(piece);
        if (cut == std::string_view::npos) break;
        rest.remove_prefix(cut + 2);
    }
    return out;
}

// Runs ready handlers until none is left; a server that never goes idle is a bug.
void drain(net::io_context& io) {
    io.restart();
    for (int n = 0; n < 100000; ++n)
        if (io.poll_one() == 0) return;
    throw std::logic_error("the server never went idle");
}

// The server end as net_server.cpp has it: read the upgrade request, then hand the stream to
// a WsSession. The session ends by itself; `ended` says when.
struct Server {
    Server(TestStream&& stream, server::Hub& hub) : stream_(std::move(stream)), hub_(hub) {
        parser_.body_limit(fuzz::SessionWorld::kMaxMessageBytes);
        parser_.header_limit(16 * 1024);
        http::async_read(stream_, buffer_, parser_, [this](beast::error_code ec, std::size_t) {
            if (ec || !beast::websocket::is_upgrade(parser_.get()) || !hub_.admit("fuzz")) return;
            session = std::make_shared<server::WsSession<TestStream>>(
                std::move(stream_), hub_, "fuzz", [this] {
                    hub_.release("fuzz");
                    ended = true;
                });
            session->run(parser_.release());
        });
    }
    TestStream stream_;
    server::Hub& hub_;
    beast::flat_buffer buffer_;
    http::request_parser<http::string_body> parser_;
    std::shared_ptr<server::WsSession<TestStream>> session;
    bool ended = false;
};

std::string auto_frames(std::uint8_t mode) {
    std::string out;
    if ((mode & 3) == 0) return out;
    out += fuzz::client_frame(fuzz::text, true, R"({"type":"hello","versions":[1]})");
    if ((mode & 3) == 2) out += fuzz::client_frame(fuzz::text, true, R"({"type":"login","token":"tok-gm"})");
    if ((mode & 3) == 3) out += fuzz::client_frame(fuzz::text, true, R"({"type":"login","token":"tok-anna"})");
    if ((mode & 3) >= 2 && (mode & 4))
        out += fuzz::client_frame(fuzz::text, true, R"({"type":"join","campaign":"raid"})");
    return out;
}

void play(fuzz::SessionWorld& world, std::uint8_t mode, const std::vector<std::string_view>& input) {
    net::io_context io;
    TestStream client(io), server_end(io);
    client.connect(server_end);
    Server server(std::move(server_end), *world.hub);
    const auto send = [&](std::string_view bytes) {
        beast::error_code ec;
        net::write(client, net::buffer(bytes.data(), bytes.size()), ec);  // fails once closed
        drain(io);
    };

    std::size_t first = 0;
    const bool raw_upgrade = mode & 8;
    if (raw_upgrade && !input.empty())
        send(input[first++].substr(1));
    else if (!raw_upgrade)
        send(kUpgrade);
    send(auto_frames(mode));

    bool dropped = false;
    for (std::size_t i = first; i < input.size() && !server.ended && !dropped; ++i) {
        const char kind = input[i][0];
        const std::string_view payload = input[i].substr(1);
        switch (kind) {
            case 't': send(fuzz::client_frame(fuzz::text, true, payload)); break;
            case 'b': send(fuzz::client_frame(fuzz::binary, true, payload)); break;
            case 'f': send(fuzz::client_frame(fuzz::text, false, payload)); break;
            case 'k': send(fuzz::client_frame(fuzz::continuation, true, payload)); break;
            case 'p': send(fuzz::client_frame(fuzz::ping, true, payload)); break;
            case 'c': send(fuzz::client_frame(fuzz::close, true, payload)); break;
            case 'r': send(payload); break;
            case 'm': {  // one write of 64 copies: past the burst, then past the violations
                std::string frames;
                for (int n = 0; n < 64; ++n) frames += fuzz::client_frame(fuzz::text, true, payload);
                send(frames);
                break;
            }
            case 'w': {
                long long seconds = 0;
                for (char c : payload.substr(0, 7))
                    if (c >= '0' && c <= '9') seconds = seconds * 10 + (c - '0');
                world.clock.advance(std::chrono::seconds(seconds), 64);
                drain(io);
                break;
            }
            case 'x': dropped = true; break;
            default: send(fuzz::client_frame(fuzz::text, true, input[i]));
        }
    }
    // The client says goodbye (unless it dropped), then goes; either way the session must end.
    if (!dropped && server.session && !server.ended) send(fuzz::client_frame(fuzz::close, true, "\x03\xe8"));
    client.close();
    drain(io);
    const std::string out(client.str());
    server.session.reset();
    drain(io);

    if (world.metrics.connections_open != 0) throw std::logic_error("a session did not end");
    const auto messages = fuzz::check_server_output(out, !raw_upgrade);
    if (std::getenv("UMPIRE_FUZZ_TRACE"))
        for (const auto& m : messages) std::fprintf(stderr, "< %.300s\n", m.c_str());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const bool quiet = [] {
        // Looking into an input: UMPIRE_FUZZ_LOG=debug shows the server's log, and
        // UMPIRE_FUZZ_TRACE=1 what it sent.
        const char* level = std::getenv("UMPIRE_FUZZ_LOG");
        spdlog::set_level(level ? spdlog::level::from_str(level) : spdlog::level::off);
        return true;
    }();
    (void)quiet;
    if (size == 0 || size > kMaxBytes) return 0;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    play(fuzz::session_world(), data[0], records(text.substr(1)));
    return 0;
}
