#pragma once
// What the hub and its rooms share: storage, the clock and timers, webhooks, metrics and the
// configuration. The network layer provides the Scheduler and WebhookSender; tests provide
// their own.
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "server/config.hpp"
#include "server/deadlines.hpp"
#include "server/metrics.hpp"
#include "server/password_checks.hpp"
#include "server/webhook_delivery.hpp"
#include "storage/clock.hpp"
#include "storage/server_store.hpp"
#include "storage/postgres/open_store.hpp"

namespace umpire::server {

// Timers on the I/O thread. A key names one timer: scheduling it again replaces it.
class Scheduler {
public:
    virtual ~Scheduler() = default;
    virtual TimePoint now() const = 0;
    virtual void at(const std::string& key, TimePoint when, std::function<void()> fn) = 0;
    virtual void cancel(const std::string& key) = 0;
};

// Delivers notifications off the I/O thread (server/webhook_worker.hpp): post() queues one
// signed POST and `done` is called back on the I/O thread with the result. False when the queue
// is full: nothing was queued, `done` will not be called, and the caller tries again later.
class WebhookSender {
public:
    virtual ~WebhookSender() = default;
    virtual bool post(WebhookDelivery delivery,
                      std::function<void(const WebhookResult&)> done) = 0;
};

struct Services {
    ServerConfig config;
    storage::SqlCampaignStore* campaigns = nullptr;
    storage::ServerStore* server = nullptr;
    Scheduler* scheduler = nullptr;
    WebhookSender* webhooks = nullptr;  // may be null: notifications are stored, not sent
    Metrics* metrics = nullptr;
    // Password checks off the I/O thread; null: checked inline (tests of the hub alone).
    PasswordVerifier* password_checks = nullptr;
    // Fault injection for the tests (docs/security.md): called at each guarded entry point with
    // its name ("http", "message", "timer") and what it concerns; it may throw. Null in service.
    std::function<void(std::string_view site, std::string_view detail)> fault = {};
    // Tests only: called between reading a campaign and starting its room (Hub::start_room),
    // where another server may delete it. Null in service.
    std::function<void(const std::string& campaign)> before_room_start = {};
    std::string now_iso() const { return iso_utc(scheduler->now()); }
    // The same as the clock campaigns stamp their records with (rollbacks, receipts).
    storage::Clock clock() const {
        return [this] { return now_iso(); };
    }
};

// The stores of one database (a SQLite file or a PostgreSQL URL), campaigns and the server's own
// tables, on one connection; the server and the tests open them alike and hand them to Services
// with wire(). The server opens them through ServerDatabase (server_database.hpp: its lock and
// checks).
struct Stores {
    explicit Stores(const std::string& database, const storage::ConnectionOptions& options = {})
        : campaigns(storage::open_campaign_store(database, options)),
          server(std::make_unique<storage::ServerStore>(campaigns->database())) {}
    void wire(Services& services) const {
        services.campaigns = campaigns.get();
        services.server = server.get();
    }
    std::unique_ptr<storage::SqlCampaignStore> campaigns;
    std::unique_ptr<storage::ServerStore> server;  // on campaigns' connection: it goes first
};

}  // namespace umpire::server
