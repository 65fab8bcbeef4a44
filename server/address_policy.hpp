#pragma once
// Which network addresses a webhook may not reach unless the server allows private webhooks
// (`allow_private_webhooks`): loopback, private, link-local, carrier-grade NAT, unspecified,
// multicast and other reserved ranges, IPv4 and IPv6, with IPv4 inside IPv6 (mapped,
// compatible, NAT64) judged by its IPv4 part. Otherwise any member could make the server probe
// its own host, the cloud metadata service or the private network behind it.
#include <optional>
#include <string>

struct sockaddr;

namespace umpire::server {

// The name of the restricted range `address` is in ("loopback", "private", "link-local",
// "cgnat", "unspecified", "multicast", "reserved"), or empty for a public address. Families
// other than IPv4 and IPv6 are "reserved".
std::string restricted_range(const sockaddr* address);

// The same for an IP literal ("10.0.0.1", "::1", "[::1]"); nullopt if `text` is not one.
std::optional<std::string> restricted_range_of_ip(const std::string& text);

}  // namespace umpire::server
