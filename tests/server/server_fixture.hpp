#pragma once
// A real server on 127.0.0.1 (any free port) over a real SQLite file in a temporary directory,
// running on its own thread for the length of a test. Accounts are made before it starts.
#include <gtest/gtest.h>

#include <filesystem>
#include <future>
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
    c.create_database = true;  // a fresh file in a fresh directory (--create-db)
    c.scenarios_dir = kSource + "/scenarios";
    c.ruleset_dirs = {kSource + "/rulesets"};
    c.password_cost = "min";
    c.log_level = "warn";
    return c;
}

class RunningServer {
public:
    explicit RunningServer(const server::ServerConfig& config,
                           const std::vector<std::pair<std::string, std::string>>& accounts = {},
                           const std::function<void(server::Hub&)>& setup = {},
                           server::WallClock clock = {})
        : server_(config, std::move(clock)) {
        spdlog::set_level(spdlog::level::from_str(config.log_level));
        for (const auto& [name, password] : accounts) server_.hub().create_account(name, password);
        if (setup) setup(server_.hub());
        thread_ = std::thread([this] { server_.run(); });
    }
    ~RunningServer() { stop(); }
    void stop() {
        if (!thread_.joinable()) return;
        server_.stop();
        thread_.join();
    }
    int port() const { return server_.port(); }
    int admin_port() const { return server_.admin_port(); }
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
    server::Services& services() { return server_.services(); }
    server::Hub& hub() { return server_.hub(); }  // on the I/O thread only (on_io_thread)
    // Runs `fn` on the server's I/O thread and waits for it.
    void on_io_thread(const std::function<void()>& fn) {
        std::promise<void> done;
        server_.post([&] {
            fn();
            done.set_value();
        });
        done.get_future().wait();
    }

private:
    server::NetServer server_;
    std::thread thread_;
};

// The demo as campaign "raid": GM "gm", players "anna" and "ingrid" (passwords "pw-<name>").
inline void demo_campaign(server::Hub& hub) {
    auto& store = *hub.services().server;
    hub.create_campaign(kSource + "/scenarios/valormr-demo.json", "raid",
                        store.account_by_name("gm")->id);
    for (const char* p : {"anna", "ingrid"})
        store.put_membership({store.account_by_name(p)->id, "raid", "player", std::string(p)});
}

inline const std::vector<std::pair<std::string, std::string>> kDemoAccounts{
    {"gm", "pw-gm"}, {"anna", "pw-anna"}, {"ingrid", "pw-ingrid"}, {"olaf", "pw-olaf"}};

}  // namespace umpire::testing
