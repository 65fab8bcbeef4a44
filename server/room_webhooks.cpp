// Webhooks of a Room: setting one (the URL checked, a signing secret made and shown once), the
// owner's delivery log, and sending stored notifications through the WebhookSender. The sender
// may refuse when its queue is full: the notification stays stored and the pump tries again
// `webhook_queue_retry_ms` later. A failed delivery waits webhook_retry_delay() before the next
// try (in memory: after a restart every undelivered notification is tried at once). Several
// servers on one database: a server claims a notification before it sends it (until
// webhook_claim_ms later, or a failed one's next try), so one server sends each; one that dies
// mid-send leaves a claim that runs out, and another sends it then (at least once: receivers
// tell a repeat by its key).
#include <spdlog/spdlog.h>

#include <random>

#include "server/errors.hpp"
#include "server/mail_delivery.hpp"
#include "server/room.hpp"
#include "server/webhook_signing.hpp"
#include "server/webhook_url.hpp"

namespace umpire::server {

using namespace std::chrono;
using protocol::ErrorCode;

namespace {

constexpr int kPumpBatch = 200;        // notifications looked at per pump
constexpr int kDeliveriesShown = 100;  // delivery log entries in one reply
constexpr std::size_t kErrorChars = 200;

double jitter() {
    thread_local std::mt19937_64 random{std::random_device{}()};
    return std::uniform_real_distribution<double>(0.0, 1.0)(random);
}

std::string flight_of(const storage::NotificationRecord& n) {
    return std::to_string(n.account_id) + "/" + n.key;
}

}  // namespace

void Room::set_webhook(const Reply& reply, const Actor& actor, const protocol::SetWebhook& m) {
    if (m.url.empty()) {
        services_->server->set_webhook(actor.account, id(), "", "");
        spdlog::info("campaign {}: {} removed their webhook", id(), actor.account_name);
        reply.send({{"type", "webhook_set"}, {"campaign", id()}, {"url", ""}});
        return;
    }
    // A mailto: target is sent e-mail (mail_delivery.hpp), if the server has a relay.
    const bool mail = m.url.rfind("mailto:", 0) == 0;
    WebhookUrlCheck checked{m.url, "", ""};
    if (mail) {
        MailTransport relay;
        relay.url = services_->config.smtp_url;
        if (const auto problem = mail_target_problem(m.url, relay); !problem.empty())
            refuse(ErrorCode::invalid_argument, problem);
    } else {
        checked = check_webhook_url(m.url, services_->config.allow_private_webhooks);
        if (!checked.ok()) refuse(ErrorCode::invalid_argument, checked.error);
    }
    const auto secret = new_webhook_secret();
    services_->server->set_webhook(actor.account, id(), checked.url, secret);
    spdlog::info("campaign {}: {} set a webhook to {}", id(), actor.account_name,
                 redact_url(checked.url));
    // The secret is shown here only: the owner keeps it to verify signatures.
    reply.send({{"type", "webhook_set"}, {"campaign", id()}, {"url", checked.url},
                {"secret", secret}});
    pump_webhooks();
}

void Room::webhook_deliveries(const Reply& reply, const Actor& actor) {
    Json list = Json::array();
    for (const auto& d : services_->server->webhook_deliveries(actor.account, id(), kDeliveriesShown))
        list.push_back({{"delivery_id", d.delivery_id},
                        {"key", d.notification_key},
                        {"attempt", d.attempt},
                        {"at", d.at},
                        {"outcome", d.outcome},
                        {"http_status", d.http_status ? Json(*d.http_status) : Json(nullptr)},
                        {"error", d.error}});
    reply.send({{"type", "webhook_deliveries"}, {"campaign", id()}, {"deliveries", list}});
}

void Room::pump_webhooks() {
    if (deleted_) return;
    if (defer([this] { pump_webhooks(); })) return;  // send only what was committed
    auto* sender = services_->webhooks;
    if (!sender) return;
    // A sender that answers at once (tests) would re-enter from inside the loop below.
    if (pumping_) {
        pump_again_ = true;
        return;
    }
    pumping_ = true;
    bool queue_full = false;
    do {
        pump_again_ = false;
        const auto now = services_->scheduler->now();
        const auto due = services_->server->undelivered(id(), services_->config.webhook_attempts,
                                                        kPumpBatch);
        for (const auto& n : due) {
            const std::string flight = flight_of(n);
            if (in_flight_.count(flight)) continue;  // sent, answer not back yet
            if (auto r = retry_at_.find(flight); r != retry_at_.end() && r->second > now) continue;
            const auto hook = services_->server->webhook(n.account_id, id());
            if (!hook) continue;  // removed since: the notification stays for a new one
            if (!claim(n, now)) {
                // Another server sends it; look again when its claim runs out.
                retry_at_[flight] = now + milliseconds(services_->config.webhook_claim_ms);
                continue;
            }
            Json body = Json::parse(n.payload);
            body["key"] = n.key;
            WebhookDelivery delivery{hook->url, hook->secret, body.dump(), new_delivery_id()};
            in_flight_.insert(flight);
            const bool queued = sender->post(
                delivery, [this, n, delivery_id = delivery.delivery_id,
                           url = hook->url](const WebhookResult& r) {
                    on_webhook_result(n, delivery_id, url, r);
                });
            if (!queued) {
                in_flight_.erase(flight);
                release(n);
                queue_full = true;
                break;
            }
        }
    } while (pump_again_ && !queue_full);
    pumping_ = false;
    schedule_webhook_pump(queue_full);
}

void Room::on_webhook_result(const storage::NotificationRecord& n, const std::string& delivery_id,
                             const std::string& url, const WebhookResult& result) {
    if (deleted_) return;
    const std::string flight = flight_of(n);
    in_flight_.erase(flight);
    const int attempt = n.attempts + 1;
    const int attempts = services_->config.webhook_attempts;
    // The next try of this notification waits as after `attempt` failed ones.
    const auto& c = services_->config;
    const auto next_try = services_->scheduler->now() +
                          webhook_retry_delay(attempt, milliseconds(c.webhook_retry_base_ms),
                                              milliseconds(c.webhook_retry_cap_ms), jitter());
    const auto retry_later = [&] { retry_at_[flight] = next_try; };
    try {
        in_one_commit("webhook delivery record", [&] {
            const auto at = services_->now_iso();
            // A failed one stays claimed until its next try: no other server tries it sooner.
            services_->server->note_attempt(
                n, result.delivered, at,
                result.delivered || attempt >= attempts ? std::nullopt
                                                        : std::optional(iso_utc(next_try)));
            services_->server->add_webhook_delivery(
                {n.account_id, id(), n.key, delivery_id, attempt, at,
                 result.delivered ? "delivered" : "failed",
                 result.http_status ? std::optional<int>(result.http_status) : std::nullopt,
                 result.error.substr(0, kErrorChars)});
        });
    } catch (const std::exception& e) {
        // Storage busy or full: the attempt is not counted, and the notification goes again
        // after the pause of a failed attempt. At once, it would be sent in a loop for as long
        // as the disk stays full.
        spdlog::warn("campaign {}: webhook delivery {} not recorded, sent again later: {}", id(),
                     delivery_id, e.what());
        retry_later();
        pump_webhooks();
        return;
    }
    if (result.delivered) {
        services_->metrics->webhooks_sent++;
        retry_at_.erase(flight);
    } else {
        services_->metrics->webhooks_failed++;
        spdlog::info("campaign {}: webhook delivery {} ({}) to {} failed, attempt {} of {}: {}",
                     id(), delivery_id, n.key, redact_url(url), attempt, attempts, result.error);
        if (attempt < attempts) {
            retry_later();
        } else {
            retry_at_.erase(flight);
            spdlog::warn("campaign {}: notification {} for account {} given up after {} attempts",
                         id(), n.key, n.account_id, attempts);
        }
    }
    pump_webhooks();
}

bool Room::claim(const storage::NotificationRecord& n, TimePoint now) {
    try {
        storage::Transaction transaction(services_->campaigns->database());
        const bool claimed = services_->server->claim_notification(
            n, iso_utc(now), iso_utc(now + milliseconds(services_->config.webhook_claim_ms)));
        transaction.commit();
        return claimed;
    } catch (const storage::StorageError& e) {
        // Storage busy or away: not sent now; the pump looks again later.
        spdlog::warn("campaign {}: cannot claim notification {} to send it: {}", id(), n.key,
                     e.what());
        return false;
    }
}

void Room::release(const storage::NotificationRecord& n) {
    try {
        storage::Transaction transaction(services_->campaigns->database());
        services_->server->release_notification(n);
        transaction.commit();
    } catch (const storage::StorageError& e) {
        // Its claim runs out by itself; this server (or another) sends it then.
        spdlog::warn("campaign {}: cannot let go of notification {}: {}", id(), n.key, e.what());
    }
}

void Room::schedule_webhook_pump(bool queue_full) {
    auto* scheduler = services_->scheduler;
    const auto now = scheduler->now();
    std::optional<TimePoint> next;
    if (queue_full) next = now + milliseconds(services_->config.webhook_queue_retry_ms);
    for (auto it = retry_at_.begin(); it != retry_at_.end();) {
        if (it->second > now) {
            if (!next || it->second < *next) next = it->second;
            ++it;
        } else if (!queue_full && !in_flight_.count(it->first)) {
            it = retry_at_.erase(it);  // looked at by this pump and not sent: nothing to wait for
        } else {
            ++it;
        }
    }
    if (next) scheduler->at("webhooks:" + id(), *next, [this] { pump_webhooks(); });
}

}  // namespace umpire::server
