#pragma once
// A scripted WebSocket client for end-to-end tests against a real server on 127.0.0.1
// (Beast stays in test_client.cpp). Messages are kept in arrival order; requests wait for the
// reply that carries their id.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace umpire::testing {

using Json = nlohmann::json;

struct CloseInfo {
    int code = 0;
    std::string reason;
};

class TestClient {
public:
    // Connects to ws://127.0.0.1:<port>/ws (with an Origin header when given). Throws on failure.
    explicit TestClient(int port, const std::string& origin = "");
    ~TestClient();

    void send(const Json& message);
    void send_text(const std::string& text);
    // The next message not yet taken, waiting up to `timeout_ms`; nullopt on timeout or close.
    std::optional<Json> next(int timeout_ms = 5000);
    // The next message of this type (earlier ones stay in the log). Throws on timeout.
    Json wait_for(const std::string& type, int timeout_ms = 10000);
    // Sends with a fresh id and returns the reply (or error) carrying it. Throws on timeout.
    Json request(Json message, int timeout_ms = 10000);
    // hello + login with a password; returns the logged_in message.
    Json hello_login(const std::string& account, const std::string& password);

    const std::vector<Json>& log() const { return log_; }  // everything received
    const std::vector<std::string>& frames() const { return frames_; }  // the bytes
    std::optional<CloseInfo> closed() const { return closed_; }
    // Waits for the server to close the connection; returns its code and reason.
    std::optional<CloseInfo> wait_closed(int timeout_ms = 5000);
    void close();

private:
    bool read_one(int timeout_ms);
    struct Impl;
    std::unique_ptr<Impl> impl_;
    std::vector<Json> log_;
    std::vector<std::string> frames_;
    std::size_t taken_ = 0;  // messages of log_ handed out by next()
    std::optional<CloseInfo> closed_;
    int next_id_ = 1;
};

// The HTTP status of a WebSocket upgrade attempt with this Origin (101 when it succeeds), and
// the body of a refusal.
int upgrade_status(int port, const std::string& origin, std::string* body = nullptr);

}  // namespace umpire::testing
