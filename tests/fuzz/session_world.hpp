#pragma once
// The server side of the session fuzz target: a Hub over a real SQLite file with the demo as
// campaign "raid" (GM "gm", players "anna" and "ingrid", passwords "pw-<name>") and two live
// tokens, "tok-gm" and "tok-anna", so inputs can log in without a password round trip. The
// clock is manual and moves only when an input says so.
//
// Why it is rebuilt: an input that wrote to the database (orders, answers, GM commands, a
// password login) or moved the clock leaves the world dirty, and the next input gets a fresh
// one. So every input starts from the same state: replay is deterministic, a crash reproduces
// on its own, and the database cannot grow across a long run.

#include <chrono>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <unistd.h>

#include "server/credentials.hpp"
#include "server/hub.hpp"
#include "tests/support/manual_scheduler.hpp"

namespace umpire::fuzz {

namespace fs = std::filesystem;

class SessionWorld {
public:
    // Limits smaller than production so short inputs reach them (an oversize frame is 8 KiB).
    static constexpr std::size_t kMaxMessageBytes = 8 * 1024;

    explicit SessionWorld(const fs::path& dir) : stores(fresh_database(dir)) {
        services.config.database = stores.campaigns->location();
        services.config.scenarios_dir = std::string(UMPIRE_SOURCE_DIR) + "/scenarios";
        services.config.ruleset_dirs = {std::string(UMPIRE_SOURCE_DIR) + "/rulesets"};
        services.config.password_cost = "min";
        services.config.limits.max_message_bytes = kMaxMessageBytes;
        stores.wire(services);
        services.scheduler = &clock;
        services.metrics = &metrics;
        hub = std::make_unique<server::Hub>(services);
        for (const char* name : {"gm", "anna", "ingrid", "olaf"})
            hub->create_account(name, std::string("pw-") + name);
        hub->create_campaign(services.config.scenarios_dir + "/valormr-demo.json", "raid",
                             stores.server->account_by_name("gm")->id);
        for (const char* p : {"anna", "ingrid"})
            stores.server->put_membership(
                {stores.server->account_by_name(p)->id, "raid", "player", std::string(p)});
        for (const char* name : {"gm", "anna"})
            stores.server->add_session(server::secret_hash(std::string("tok-") + name),
                                       stores.server->account_by_name(name)->id,
                                       services.now_iso(),
                                       "2099-01-01T00:00:00.000Z");
        clean_changes_ = changes();
        clean_time_ = clock.time;
    }
    ~SessionWorld() { hub.reset(); }  // rooms refer to the stores: they go first

    bool dirty() { return changes() != clean_changes_ || clock.time != clean_time_; }

    testing::ManualScheduler clock;
    server::Metrics metrics;
    server::Services services;
    server::Stores stores;
    std::unique_ptr<server::Hub> hub;

private:
    // The database file of a new world, its remains from the last one removed.
    static std::string fresh_database(const fs::path& dir) {
        for (const char* suffix : {"", "-wal", "-shm", "-journal"})
            fs::remove(dir / (std::string("server.db") + suffix));
        return (dir / "server.db").string();
    }
    long long changes() { return stores.campaigns->database().total_changes(); }
    long long clean_changes_ = 0;
    server::TimePoint clean_time_{};
};

// The world for the next input: fresh if the last one left it dirty. The folder is made once
// per process, in /dev/shm when there is one (commits are cheaper there).
inline SessionWorld& session_world() {
    struct Folder {
        fs::path path;
        Folder() {
            const fs::path base = fs::is_directory("/dev/shm") ? fs::path("/dev/shm") : fs::temp_directory_path();
            path = base / ("umpire-fuzz-session-" + std::to_string(::getpid()));
            fs::create_directories(path);
        }
        ~Folder() {
            std::error_code ec;
            fs::remove_all(path, ec);
        }
    };
    static const Folder folder;
    static std::unique_ptr<SessionWorld> world;  // destroyed before the folder
    if (!world || world->dirty()) {
        world.reset();
        world = std::make_unique<SessionWorld>(folder.path);
    }
    return *world;
}

}  // namespace umpire::fuzz
