#pragma once
// Raw bytes to the server on 127.0.0.1, so that nothing between the test and the server
// normalises a request: the tests write request lines and headers themselves.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <stdexcept>
#include <string>

namespace umpire::testing {

class RawConnection {
public:
    explicit RawConnection(int port) {
        fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
        if (fd_ < 0) throw std::runtime_error("socket failed");
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_port = htons(static_cast<unsigned short>(port));
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (::connect(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
            ::close(fd_);
            throw std::runtime_error("connect failed");
        }
    }
    ~RawConnection() {
        if (fd_ >= 0) ::close(fd_);
    }
    RawConnection(const RawConnection&) = delete;
    RawConnection& operator=(const RawConnection&) = delete;

    void send(const std::string& bytes) {
        for (std::size_t sent = 0; sent < bytes.size();) {
            const auto n = ::send(fd_, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
            if (n <= 0) return;  // the server closed: what it said is still there to read
            sent += static_cast<std::size_t>(n);
        }
    }
    void finish_sending() { ::shutdown(fd_, SHUT_WR); }

    // Reads until the server closes or `timeout_ms` passes without a byte.
    std::string read_all(int timeout_ms = 3000) {
        std::string out;
        char buffer[4096];
        for (;;) {
            pollfd p{fd_, POLLIN, 0};
            if (::poll(&p, 1, timeout_ms) != 1) break;
            const auto n = ::recv(fd_, buffer, sizeof buffer, 0);
            if (n <= 0) {
                closed_ = true;
                break;
            }
            out.append(buffer, static_cast<std::size_t>(n));
        }
        return out;
    }
    // Reads one response's head (up to the blank line), for connections that stay open.
    std::string read_head(int timeout_ms = 3000) {
        std::string out;
        char c;
        const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
        while (out.find("\r\n\r\n") == std::string::npos && std::chrono::steady_clock::now() < until) {
            pollfd p{fd_, POLLIN, 0};
            if (::poll(&p, 1, 100) != 1) continue;
            if (::recv(fd_, &c, 1, 0) != 1) {
                closed_ = true;
                break;
            }
            out += c;
        }
        return out;
    }
    // True when the server has closed the connection (checked by reading, waiting up to
    // `timeout_ms`).
    bool closed_by_server(int timeout_ms = 2000) {
        read_all(timeout_ms);
        return closed_;
    }

private:
    int fd_ = -1;
    bool closed_ = false;
};

// The status code of an HTTP response's text, 0 when it is not one.
inline int status_of(const std::string& response) {
    if (response.rfind("HTTP/1.1 ", 0) != 0 || response.size() < 12) return 0;
    return std::stoi(response.substr(9, 3));
}

// Sends `request` as it is on a fresh connection and returns everything the server answers.
inline std::string raw_exchange(int port, const std::string& request, int timeout_ms = 3000) {
    RawConnection c(port);
    c.send(request);
    c.finish_sending();
    return c.read_all(timeout_ms);
}

inline std::string header_of(const std::string& response, const std::string& name) {
    const auto head = response.substr(0, response.find("\r\n\r\n"));
    std::string lower_head = head, lower_name = name;
    for (auto& ch : lower_head) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    for (auto& ch : lower_name) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    const auto at = lower_head.find("\r\n" + lower_name + ":");
    if (at == std::string::npos) return {};
    auto value_start = at + 2 + name.size() + 1;
    while (value_start < head.size() && head[value_start] == ' ') ++value_start;
    return head.substr(value_start, head.find("\r\n", value_start) - value_start);
}

inline std::string body_of(const std::string& response) {
    const auto at = response.find("\r\n\r\n");
    return at == std::string::npos ? std::string() : response.substr(at + 4);
}

}  // namespace umpire::testing
