#pragma once
// One webhook delivery over libcurl, blocking: the webhook worker's only network call. The URL
// is checked again and handed to curl parsed (CURLU); only http and https, no redirects,
// certificates verified, a connect and a total timeout, a small cap on the response, and every
// address curl connects to checked against the address policy at connect time, after DNS, so a
// name cannot rebind its way to a private address.
#include <atomic>
#include <chrono>
#include <cstddef>
#include <string>

namespace umpire::server {

struct WebhookDelivery {
    std::string url;
    std::string secret;       // the webhook's secret (hex): signs the body
    std::string body;         // JSON
    std::string delivery_id;  // X-Umpire-Delivery, and the delivery log's id
};

struct WebhookResult {
    bool delivered = false;  // a 2xx came back
    int http_status = 0;     // 0: no response
    std::string error;       // why not delivered, short; never the URL
};

// The SMTP relay for notifications to "mailto:" addresses (mail_delivery.hpp).
struct MailTransport {
    std::string url;   // smtp://host:587 or smtps://host:465; empty: the server sends no e-mail
    std::string from;  // the envelope and From: address
    std::string username, password;  // for the relay's AUTH, if it wants one
    bool require_tls = true;         // smtp:// upgrades with STARTTLS, or the delivery fails
    long timeout_ms = 30000;
};

struct WebhookTransport {
    bool allow_private = false;
    long connect_timeout_ms = 5000;
    long timeout_ms = 10000;              // the whole delivery
    std::size_t max_response_bytes = 4096;  // more aborts the transfer: a failure
    std::string user_agent = "umpire/0.1";
    MailTransport mail;
};

// Signs and sends one delivery (a "mailto:" target goes by e-mail instead: deliver_mail);
// never throws for anything the receiver does. `cancelled`
// (may be null) aborts a transfer in progress when it becomes true (the server is stopping).
WebhookResult deliver_webhook(const WebhookDelivery& delivery, const WebhookTransport& transport,
                              const std::atomic<bool>* cancelled = nullptr);

// The wait before retrying after `failed_attempts` failures (1, 2, …): base·2^(n-1), at most
// `cap`, stretched by up to a quarter by `jitter` in [0, 1) so that receivers back from an
// outage are not hit by every server at once, while each wait stays longer than the last.
std::chrono::milliseconds webhook_retry_delay(int failed_attempts, std::chrono::milliseconds base,
                                              std::chrono::milliseconds cap, double jitter);

}  // namespace umpire::server
