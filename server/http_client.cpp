#include "server/http_client.hpp"

#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace umpire::server {

namespace {

struct Url {
    std::string host, port = "80", path = "/";
};

bool parse_url(const std::string& url, Url& out) {
    const std::string scheme = "http://";
    if (url.rfind(scheme, 0) != 0) return false;
    const std::string rest = url.substr(scheme.size());
    const auto slash = rest.find('/');
    std::string authority = rest.substr(0, slash);
    if (slash != std::string::npos) out.path = rest.substr(slash);
    if (const auto colon = authority.rfind(':'); colon != std::string::npos) {
        out.port = authority.substr(colon + 1);
        authority = authority.substr(0, colon);
    }
    out.host = authority;
    return !out.host.empty();
}

struct Socket {
    int fd = -1;
    ~Socket() {
        if (fd >= 0) ::close(fd);
    }
};

bool wait_for(int fd, short events, int timeout_ms) {
    pollfd p{fd, events, 0};
    return ::poll(&p, 1, timeout_ms) == 1;
}

}  // namespace

HttpResponse http_request(const std::string& method, const std::string& url,
                          const std::string& body,
                          const std::map<std::string, std::string>& headers, int timeout_ms) {
    HttpResponse out;
    Url u;
    if (!parse_url(url, u)) {
        out.error = "not an http:// URL: " + url;
        return out;
    }
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    addrinfo* found = nullptr;
    if (int rc = ::getaddrinfo(u.host.c_str(), u.port.c_str(), &hints, &found); rc != 0) {
        out.error = std::string("cannot resolve ") + u.host + ": " + gai_strerror(rc);
        return out;
    }
    Socket s;
    for (addrinfo* a = found; a && s.fd < 0; a = a->ai_next) {
        s.fd = ::socket(a->ai_family, a->ai_socktype | SOCK_NONBLOCK, a->ai_protocol);
        if (s.fd < 0) continue;
        if (::connect(s.fd, a->ai_addr, a->ai_addrlen) == 0) break;
        int err = 0;
        socklen_t len = sizeof err;
        if (errno == EINPROGRESS && wait_for(s.fd, POLLOUT, timeout_ms) &&
            ::getsockopt(s.fd, SOL_SOCKET, SO_ERROR, &err, &len) == 0 && err == 0)
            break;
        ::close(s.fd);
        s.fd = -1;
    }
    ::freeaddrinfo(found);
    if (s.fd < 0) {
        out.error = "cannot connect to " + u.host + ":" + u.port;
        return out;
    }
    std::string request = method + " " + u.path + " HTTP/1.1\r\nHost: " + u.host + ":" + u.port +
                          "\r\nConnection: close\r\nContent-Length: " +
                          std::to_string(body.size()) + "\r\n";
    if (!body.empty() && !headers.count("Content-Type"))
        request += "Content-Type: application/json\r\n";
    for (const auto& [k, v] : headers) request += k + ": " + v + "\r\n";
    request += "\r\n" + body;
    for (std::size_t sent = 0; sent < request.size();) {
        if (!wait_for(s.fd, POLLOUT, timeout_ms)) {
            out.error = "timed out sending";
            return out;
        }
        const auto n = ::send(s.fd, request.data() + sent, request.size() - sent, MSG_NOSIGNAL);
        if (n <= 0) {
            out.error = std::string("send failed: ") + std::strerror(errno);
            return out;
        }
        sent += static_cast<std::size_t>(n);
    }
    std::string response;
    char buffer[8192];
    while (true) {
        if (!wait_for(s.fd, POLLIN, timeout_ms)) {
            out.error = "timed out waiting for the response";
            return out;
        }
        const auto n = ::recv(s.fd, buffer, sizeof buffer, 0);
        if (n < 0) {
            out.error = std::string("receive failed: ") + std::strerror(errno);
            return out;
        }
        if (n == 0) break;
        response.append(buffer, static_cast<std::size_t>(n));
        if (response.size() > 64 * 1024 * 1024) break;
    }
    const auto head_end = response.find("\r\n\r\n");
    if (response.rfind("HTTP/1.", 0) != 0 || head_end == std::string::npos) {
        out.error = "not an HTTP response";
        return out;
    }
    out.status = std::atoi(response.c_str() + 9);
    out.body = response.substr(head_end + 4);
    // Chunked bodies (Beast sends Content-Length, but a webhook receiver may not).
    const std::string head = response.substr(0, head_end);
    if (head.find("chunked") != std::string::npos) {
        std::string plain;
        std::size_t at = 0;
        while (at < out.body.size()) {
            const auto eol = out.body.find("\r\n", at);
            if (eol == std::string::npos) break;
            const auto size = std::stoul(out.body.substr(at, eol - at), nullptr, 16);
            if (size == 0) break;
            plain += out.body.substr(eol + 2, size);
            at = eol + 2 + size + 2;
        }
        out.body = plain;
    }
    return out;
}

}  // namespace umpire::server
