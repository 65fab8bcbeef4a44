#pragma once
// Webhook signatures (docs/protocol.md, "Notifications"): each webhook has its own secret, 32
// random bytes as hex, shown to its owner once when the webhook is set. Every delivery carries
// X-Umpire-Signature: sha256=<hex HMAC-SHA256, keyed by the secret's 32 bytes, over
// "<timestamp>.<body>">, so a receiver can tell our POSTs from forgeries and replays.
#include <cstdint>
#include <string>

namespace umpire::server {

// A new secret: 64 hex characters from libsodium's CSPRNG.
std::string new_webhook_secret();

// "sha256=<64 hex>" for `body` sent at `timestamp` (unix seconds). Throws std::invalid_argument
// if `secret_hex` is not 64 hex characters.
std::string webhook_signature(const std::string& secret_hex, std::int64_t timestamp,
                              const std::string& body);

// A unique delivery id (32 hex characters), for X-Umpire-Delivery and the delivery log.
std::string new_delivery_id();

}  // namespace umpire::server
