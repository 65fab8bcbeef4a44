#pragma once
// Webhook receivers for the adversarial tests: a plain-socket HTTP listener on 127.0.0.1 (any
// free port) that records each request and answers as its test says, broken or not. Each
// connection has its own thread, so deliveries may arrive in parallel.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace umpire::testing {

struct ReceivedRequest {
    std::string method, target;
    std::map<std::string, std::string> headers;  // names in lower case
    std::string body;
    std::string raw;  // everything read (a TLS ClientHello is not HTTP)
    std::chrono::steady_clock::time_point at;
};

class HostileReceiver {
public:
    // Answers one request on `fd`; `stopping` turns true when the receiver closes.
    using Respond = std::function<void(int fd, const ReceivedRequest& request, int index,
                                       const std::atomic<bool>& stopping)>;
    explicit HostileReceiver(Respond respond);
    ~HostileReceiver();
    HostileReceiver(const HostileReceiver&) = delete;
    HostileReceiver& operator=(const HostileReceiver&) = delete;

    int port() const { return port_; }
    std::string url(const std::string& path = "/hook") const;
    std::vector<ReceivedRequest> requests() const;
    std::size_t count() const;
    // Waits until `n` requests came (true) or `timeout` passed (false).
    bool wait_for(std::size_t n, std::chrono::milliseconds timeout) const;
    void stop();

    // Writes all of `data` (false if the peer went away).
    static bool send_all(int fd, const std::string& data);
    // A whole response with a Content-Length.
    static std::string response(int status, const std::string& body = {},
                                const std::string& extra_headers = {});

private:
    void accept_loop();
    void serve(int fd);

    Respond respond_;
    int listener_ = -1;
    int port_ = 0;
    std::atomic<bool> stopping_{false};
    mutable std::mutex mutex_;
    mutable std::condition_variable arrived_;
    std::vector<ReceivedRequest> requests_;
    std::vector<std::thread> connections_;
    std::thread acceptor_;
};

}  // namespace umpire::testing
