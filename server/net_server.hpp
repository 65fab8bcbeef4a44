#pragma once
// The networked server: one listener on one port serving HTTP (static files, the JSON API,
// /healthz, /readyz; /metrics with a token) and WebSocket upgrades, with an optional admin
// listener for /metrics, on one I/O thread that owns the Hub, its rooms and
// storage. Beast stays inside net_server.cpp.
#include <functional>
#include <memory>
#include <string>

#include "server/config.hpp"
#include "server/hub.hpp"

namespace umpire::server {

// The exit status of a server that stopped because a commit's outcome is unknown (a failed
// fsync…; storage/database.hpp, docs/operations.md): EX_TEMPFAIL, for a supervisor to restart it.
inline constexpr int kExitOutcomeUnknown = 75;

class NetServer {
public:
    // Opens the database (server_database.hpp: locked, created only with create_database,
    // writable), binds the port (0: any free port), starts the Hub. `clock` is the wall clock
    // deadlines are kept by (empty: the system's); tests step it.
    explicit NetServer(const ServerConfig& config, WallClock clock = {});
    ~NetServer();
    NetServer(const NetServer&) = delete;
    NetServer& operator=(const NetServer&) = delete;

    int port() const;        // the bound port
    int admin_port() const;  // the admin listener's port; -1: none
    Hub& hub();
    // The hub's services: the tests set `fault` (fault injection) before run().
    Services& services();
    // Runs something on the I/O thread before run() or from another thread while it runs.
    void post(std::function<void()> fn);
    void run();   // serves until stop()
    void stop();  // from any thread or a signal handler's watcher
    // Whether run() ended because a commit's outcome is unknown: the process must then exit
    // with kExitOutcomeUnknown at once, without closing the database (a clean close would
    // checkpoint the WAL after a failed fsync; the next start's recovery is to judge it).
    bool outcome_unknown() const;

    struct Impl;  // Beast and Asio state, defined in net_server.cpp

private:
    std::unique_ptr<Impl> impl_;
};

}  // namespace umpire::server
