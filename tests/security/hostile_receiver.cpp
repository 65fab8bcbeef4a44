#include "hostile_receiver.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <stdexcept>

namespace umpire::testing {

namespace {

std::string lower(std::string s) {
    for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

// Parses what was read so far: true once a whole request (head and Content-Length body) is in.
bool parse(const std::string& raw, ReceivedRequest& out) {
    const auto end = raw.find("\r\n\r\n");
    if (end == std::string::npos) return false;
    std::size_t line_end = raw.find("\r\n");
    const std::string first = raw.substr(0, line_end);
    const auto sp1 = first.find(' '), sp2 = first.rfind(' ');
    out.method = first.substr(0, sp1);
    out.target = sp1 == std::string::npos ? "" : first.substr(sp1 + 1, sp2 - sp1 - 1);
    out.headers.clear();
    for (std::size_t at = line_end + 2; at < end;) {
        const auto next = raw.find("\r\n", at);
        const std::string line = raw.substr(at, next - at);
        if (const auto colon = line.find(':'); colon != std::string::npos) {
            std::string value = line.substr(colon + 1);
            value.erase(0, value.find_first_not_of(' '));
            out.headers[lower(line.substr(0, colon))] = value;
        }
        at = next + 2;
    }
    std::size_t length = 0;
    if (auto it = out.headers.find("content-length"); it != out.headers.end())
        length = std::stoul(it->second);
    if (raw.size() < end + 4 + length) return false;
    out.body = raw.substr(end + 4, length);
    return true;
}

}  // namespace

HostileReceiver::HostileReceiver(Respond respond) : respond_(std::move(respond)) {
    listener_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    int one = 1;
    ::setsockopt(listener_, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);  // never any other address
    if (::bind(listener_, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
        ::listen(listener_, 64) != 0)
        throw std::runtime_error("receiver: cannot listen on 127.0.0.1");
    socklen_t size = sizeof address;
    ::getsockname(listener_, reinterpret_cast<sockaddr*>(&address), &size);
    port_ = ntohs(address.sin_port);
    acceptor_ = std::thread([this] { accept_loop(); });
}

HostileReceiver::~HostileReceiver() { stop(); }

void HostileReceiver::stop() {
    if (stopping_.exchange(true)) return;
    if (acceptor_.joinable()) acceptor_.join();
    for (auto& t : connections_)
        if (t.joinable()) t.join();
    ::close(listener_);
}

std::string HostileReceiver::url(const std::string& path) const {
    return "http://127.0.0.1:" + std::to_string(port_) + path;
}

std::vector<ReceivedRequest> HostileReceiver::requests() const {
    std::lock_guard lock(mutex_);
    return requests_;
}

std::size_t HostileReceiver::count() const {
    std::lock_guard lock(mutex_);
    return requests_.size();
}

bool HostileReceiver::wait_for(std::size_t n, std::chrono::milliseconds timeout) const {
    std::unique_lock lock(mutex_);
    return arrived_.wait_for(lock, timeout, [&] { return requests_.size() >= n; });
}

void HostileReceiver::accept_loop() {
    while (!stopping_) {
        pollfd p{listener_, POLLIN, 0};
        if (::poll(&p, 1, 20) != 1) continue;
        const int fd = ::accept4(listener_, nullptr, nullptr, SOCK_CLOEXEC);
        if (fd < 0) continue;
        connections_.emplace_back([this, fd] { serve(fd); });
    }
}

void HostileReceiver::serve(int fd) {
    ReceivedRequest request;
    char buffer[16384];
    // Read until a whole HTTP request is in, or for a moment if it is not HTTP at all (TLS).
    const auto started = std::chrono::steady_clock::now();
    while (!stopping_) {
        pollfd p{fd, POLLIN, 0};
        if (::poll(&p, 1, 20) == 1) {
            const auto n = ::recv(fd, buffer, sizeof buffer, 0);
            if (n <= 0) break;
            request.raw.append(buffer, static_cast<std::size_t>(n));
            if (!std::isupper(static_cast<unsigned char>(request.raw[0]))) break;
            if (parse(request.raw, request)) break;
        }
        if (std::chrono::steady_clock::now() - started > std::chrono::seconds(5)) break;
    }
    request.at = std::chrono::steady_clock::now();
    int index = 0;
    {
        std::lock_guard lock(mutex_);
        index = static_cast<int>(requests_.size());
        requests_.push_back(request);
    }
    arrived_.notify_all();
    respond_(fd, request, index, stopping_);
    ::shutdown(fd, SHUT_WR);
    ::close(fd);
}

bool HostileReceiver::send_all(int fd, const std::string& data) {
    for (std::size_t sent = 0; sent < data.size();) {
        const auto n = ::send(fd, data.data() + sent, data.size() - sent, MSG_NOSIGNAL);
        if (n <= 0) return false;
        sent += static_cast<std::size_t>(n);
    }
    return true;
}

std::string HostileReceiver::response(int status, const std::string& body,
                                      const std::string& extra_headers) {
    return "HTTP/1.1 " + std::to_string(status) + " X\r\nContent-Length: " +
           std::to_string(body.size()) + "\r\nConnection: close\r\n" + extra_headers + "\r\n" +
           body;
}

}  // namespace umpire::testing
