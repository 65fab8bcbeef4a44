#pragma once
// WebSocket framing by hand for the session fuzz target (RFC 6455 section 5). The client side
// is written byte by byte so an input can send anything a client could (any opcode, fin bit,
// fragments), and the server's output is parsed strictly: what it sends is checked, not trusted.
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace umpire::fuzz {

enum Opcode : std::uint8_t { continuation = 0, text = 1, binary = 2, close = 8, ping = 9, pong = 10 };

// One masked client frame (clients must mask; a fixed key keeps runs reproducible).
inline std::string client_frame(Opcode op, bool fin, std::string_view payload) {
    std::string f;
    f += static_cast<char>((fin ? 0x80 : 0) | op);
    const std::uint64_t n = payload.size();
    if (n < 126) {
        f += static_cast<char>(0x80 | n);
    } else if (n <= 0xffff) {
        f += static_cast<char>(0x80 | 126);
        for (int shift = 8; shift >= 0; shift -= 8) f += static_cast<char>(n >> shift & 0xff);
    } else {
        f += static_cast<char>(0x80 | 127);
        for (int shift = 56; shift >= 0; shift -= 8) f += static_cast<char>(n >> shift & 0xff);
    }
    const char key[4] = {0x37, static_cast<char>(0xfa), 0x21, 0x3d};
    f.append(key, 4);
    for (std::size_t i = 0; i < n; ++i) f += static_cast<char>(payload[i] ^ key[i % 4]);
    return f;
}

// Checks everything the server wrote on one connection: a 101 response (when `expect_101`),
// then well-formed unmasked frames without extensions, text messages only (never binary),
// nothing after a close frame, and every message a JSON object with a string "type"; an error
// has a string "code" and is never "internal" (an exception the server did not expect).
// Throws std::logic_error on a violation; returns the messages.
inline std::vector<std::string> check_server_output(std::string_view out, bool expect_101) {
    std::vector<std::string> messages;
    const std::size_t header_end = out.find("\r\n\r\n");
    if (out.substr(0, 12) != "HTTP/1.1 101") {
        if (expect_101) throw std::logic_error("a valid upgrade was not accepted");
        return messages;  // a refused handshake: an HTTP error response and no frames
    }
    if (header_end == std::string_view::npos) throw std::logic_error("a truncated 101 response");
    out.remove_prefix(header_end + 4);

    bool closed = false, in_message = false;
    std::string message;
    while (!out.empty()) {
        if (closed) throw std::logic_error("the server wrote after its close frame");
        if (out.size() < 2) throw std::logic_error("a truncated frame header");
        const auto b0 = static_cast<std::uint8_t>(out[0]), b1 = static_cast<std::uint8_t>(out[1]);
        if (b0 & 0x70) throw std::logic_error("reserved bits set in a server frame");
        if (b1 & 0x80) throw std::logic_error("a masked server frame");
        std::size_t at = 2;
        std::uint64_t n = b1 & 0x7f;
        if (n >= 126) {
            const std::size_t bytes = n == 126 ? 2 : 8;
            if (out.size() < at + bytes) throw std::logic_error("a truncated frame length");
            n = 0;
            for (std::size_t i = 0; i < bytes; ++i) n = n << 8 | static_cast<std::uint8_t>(out[at + i]);
            at += bytes;
        }
        if (out.size() - at < n) throw std::logic_error("a truncated frame payload");
        const std::string_view payload = out.substr(at, n);
        out.remove_prefix(at + n);
        const bool fin = b0 & 0x80;
        const auto op = static_cast<Opcode>(b0 & 0x0f);
        if (op >= close) {
            if (!fin || n > 125) throw std::logic_error("a bad control frame");
            if (op == close) closed = true;
            else if (op != ping && op != pong) throw std::logic_error("an unknown opcode");
            continue;
        }
        if (op == binary) throw std::logic_error("the server sent a binary frame");
        if ((op == continuation) != in_message) throw std::logic_error("bad fragmentation");
        if (op != continuation && op != text) throw std::logic_error("an unknown opcode");
        message.append(payload);
        in_message = !fin;
        if (!fin) continue;
        const auto json = nlohmann::json::parse(message, nullptr, false);
        if (!json.is_object() || !json.contains("type") || !json["type"].is_string())
            throw std::logic_error("a server message that is not an object with a type: " + message);
        if (json["type"] == "error" &&
            (!json.contains("code") || !json["code"].is_string() || json["code"] == "internal"))
            throw std::logic_error("an error without a code, or an internal one: " + message);
        messages.push_back(std::move(message));
        message.clear();
    }
    if (in_message) throw std::logic_error("an unfinished message");
    return messages;
}

}  // namespace umpire::fuzz
