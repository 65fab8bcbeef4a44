#pragma once
// The hub without a network: a manual clock with timers, a recording webhook sender and peers
// that keep what they are sent, over a real SQLite file.
#include <map>

#include "server/hub.hpp"
#include "server_fixture.hpp"
#include "tests/support/manual_scheduler.hpp"

namespace umpire::testing {

class RecordingWebhooks final : public server::WebhookSender {
public:
    bool post(server::WebhookDelivery delivery,
              std::function<void(const server::WebhookResult&)> done) override {
        posts.push_back({delivery.url, Json::parse(delivery.body)});
        done({true, 204, {}});
        return true;
    }
    std::vector<std::pair<std::string, Json>> posts;
};

class FakePeer final : public server::Peer {
public:
    FakePeer() : Peer(Kind::websocket, "test") { greeted = true; }
    void send(std::shared_ptr<const std::string> frame) override {
        messages.push_back(Json::parse(*frame));
    }
    void close(const std::string& reason) override { closed = reason; }
    std::vector<Json> of_type(const std::string& type) const {
        std::vector<Json> out;
        for (const auto& m : messages)
            if (m.value("type", "") == type) out.push_back(m);
        return out;
    }
    std::vector<Json> messages;
    std::string closed;
};

// A hub over a database file; reopening on the same directory is a server restart.
struct HubHarness {
    explicit HubHarness(const TempDir& dir, server::TimePoint at = {},
                        const storage::ConnectionOptions& options = {})
        : services{test_config(dir)}, stores(services.config.database, options) {
        if (at != server::TimePoint{}) scheduler.time = at;
        wire();
    }
    // A hub over `database` (a PostgreSQL URL): several hubs on one are several servers.
    HubHarness(const TempDir& dir, const std::string& database)
        : services{with_database(test_config(dir), database)}, stores(database) {
        wire();
    }
    static server::ServerConfig with_database(server::ServerConfig c, const std::string& db) {
        c.database = db;
        return c;
    }
    void wire() {
        services.config.allow_private_webhooks = true;  // the tests' webhooks are on 127.0.0.1
        stores.wire(services);
        services.scheduler = &scheduler;
        services.webhooks = &webhooks;
        services.metrics = &metrics;
        hub = std::make_unique<server::Hub>(services);
    }
    // Logs a fake peer in as `account` (which must exist).
    std::shared_ptr<FakePeer> peer(const std::string& account) {
        auto p = std::make_shared<FakePeer>();
        hub->opened(p);
        hub->receive(p, Json{{"type", "login"}, {"account", account}, {"password", "pw-" + account}}.dump());
        return p;
    }
    Json send(const std::shared_ptr<FakePeer>& p, Json message) {
        message["id"] = ++ids;
        hub->receive(p, message.dump());
        for (const auto& m : p->messages)
            if (m.contains("re") && m["re"] == ids) return m;
        return Json();
    }
    ManualScheduler scheduler;
    RecordingWebhooks webhooks;
    server::Metrics metrics;
    server::Services services;
    server::Stores stores;
    std::unique_ptr<server::Hub> hub;
    int ids = 0;
};

}  // namespace umpire::testing
