#pragma once
// A real server on 127.0.0.1 (any free port) over a real SQLite file in a temporary directory,
// running on its own thread for the length of a test. Accounts are made before it starts.
#include <gtest/gtest.h>

#include <filesystem>
#include <random>
#include <thread>

#include <spdlog/spdlog.h>

#include "server/http_client.hpp"
#include "server/net_server.hpp"
#include "test_client.hpp"

namespace umpire::testing {

namespace fs = std::filesystem;

inline const std::string kSource = UMPIRE_SOURCE_DIR;

struct TempDir {
    fs::path path;
    TempDir() {
        std::random_device rd;
        path = fs::temp_directory_path() / ("umpire-server-" + std::to_string(rd()) + std::to_string(rd()));
        fs::create_directories(path);
    }
    ~TempDir() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
};

inline server::ServerConfig test_config(const TempDir& dir) {
    server::ServerConfig c;
    c.bind = "127.0.0.1";
    c.port = 0;
    c.database = (dir.path / "server.db").string();
    c.scenarios_dir = kSource + "/scenarios";
    c.ruleset_dirs = {kSource + "/rulesets"};
    c.password_cost = "min";
    c.log_level = "warn";
    return c;
}

class RunningServer {
public:
    explicit RunningServer(const server::ServerConfig& config,
                           const std::vector<std::pair<std::string, std::string>>& accounts = {})
        : server_(config) {
        spdlog::set_level(spdlog::level::from_str(config.log_level));
        for (const auto& [name, password] : accounts) server_.hub().create_account(name, password);
        thread_ = std::thread([this] { server_.run(); });
    }
    ~RunningServer() { stop(); }
    void stop() {
        if (!thread_.joinable()) return;
        server_.stop();
        thread_.join();
    }
    int port() const { return server_.port(); }
    std::string url(const std::string& path) const {
        return "http://127.0.0.1:" + std::to_string(port()) + path;
    }
    // One API message over HTTP; returns {status, parsed body}.
    std::pair<int, Json> api(const Json& message, const std::string& token = "") const {
        std::map<std::string, std::string> headers;
        if (!token.empty()) headers["Authorization"] = "Bearer " + token;
        auto r = server::http_request("POST", url("/api/v1/messages"), message.dump(), headers);
        return {r.status, Json::parse(r.body, nullptr, false)};
    }

private:
    server::NetServer server_;
    std::thread thread_;
};

}  // namespace umpire::testing
