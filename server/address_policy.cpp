#include "server/address_policy.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <array>
#include <cstdint>
#include <cstring>

namespace umpire::server {

namespace {

struct Range4 {
    std::uint32_t network;
    int prefix;
    const char* name;
};

constexpr std::uint32_t ip4(int a, int b, int c, int d) {
    return (std::uint32_t(a) << 24) | (std::uint32_t(b) << 16) | (std::uint32_t(c) << 8) |
           std::uint32_t(d);
}

// IANA special-purpose registry, the ranges a webhook has no business reaching.
constexpr std::array<Range4, 16> kRanges4{{
    {ip4(0, 0, 0, 0), 8, "unspecified"},      // "this network"
    {ip4(10, 0, 0, 0), 8, "private"},
    {ip4(100, 64, 0, 0), 10, "cgnat"},
    {ip4(127, 0, 0, 0), 8, "loopback"},
    {ip4(169, 254, 0, 0), 16, "link-local"},  // cloud metadata services live here
    {ip4(172, 16, 0, 0), 12, "private"},
    {ip4(192, 0, 0, 0), 24, "reserved"},      // IETF protocol assignments
    {ip4(192, 0, 2, 0), 24, "reserved"},      // documentation
    {ip4(192, 88, 99, 0), 24, "reserved"},    // 6to4 relay anycast
    {ip4(192, 168, 0, 0), 16, "private"},
    {ip4(198, 18, 0, 0), 15, "reserved"},     // benchmarking
    {ip4(198, 51, 100, 0), 24, "reserved"},   // documentation
    {ip4(203, 0, 113, 0), 24, "reserved"},    // documentation
    {ip4(224, 0, 0, 0), 4, "multicast"},
    {ip4(240, 0, 0, 0), 4, "reserved"},       // includes 255.255.255.255
    {ip4(255, 255, 255, 255), 32, "reserved"},
}};

std::string range_of_v4(std::uint32_t address) {
    for (const auto& r : kRanges4) {
        const std::uint32_t mask = r.prefix == 0 ? 0 : ~std::uint32_t(0) << (32 - r.prefix);
        if ((address & mask) == (r.network & mask)) return r.name;
    }
    return {};
}

std::uint32_t v4_at(const std::uint8_t* bytes) {
    return (std::uint32_t(bytes[0]) << 24) | (std::uint32_t(bytes[1]) << 16) |
           (std::uint32_t(bytes[2]) << 8) | std::uint32_t(bytes[3]);
}

bool starts_with(const std::uint8_t* a, std::initializer_list<std::uint8_t> prefix) {
    std::size_t i = 0;
    for (auto b : prefix)
        if (a[i++] != b) return false;
    return true;
}

std::string range_of_v6(const std::uint8_t* a) {
    static const std::uint8_t zero[16] = {};
    if (std::memcmp(a, zero, 16) == 0) return "unspecified";
    if (std::memcmp(a, zero, 15) == 0 && a[15] == 1) return "loopback";
    // IPv4 inside IPv6: mapped (::ffff:a.b.c.d), compatible (::a.b.c.d), NAT64 (64:ff9b::/96)
    // and its local-use prefix (64:ff9b:1::/48): judged as the IPv4 address they lead to.
    if (std::memcmp(a, zero, 10) == 0 && a[10] == 0xff && a[11] == 0xff)
        return range_of_v4(v4_at(a + 12));
    if (std::memcmp(a, zero, 12) == 0) return range_of_v4(v4_at(a + 12));
    if (starts_with(a, {0x00, 0x64, 0xff, 0x9b}) && std::memcmp(a + 4, zero, 8) == 0)
        return range_of_v4(v4_at(a + 12));
    if (starts_with(a, {0x00, 0x64, 0xff, 0x9b, 0x00, 0x01})) return "private";
    if (a[0] == 0xff) return "multicast";
    if (a[0] == 0xfe && (a[1] & 0xc0) == 0x80) return "link-local";
    if (a[0] == 0xfe && (a[1] & 0xc0) == 0xc0) return "private";  // site-local (deprecated)
    if ((a[0] & 0xfe) == 0xfc) return "private";                   // unique local fc00::/7
    if (starts_with(a, {0x20, 0x01, 0x0d, 0xb8})) return "reserved";  // documentation
    if (starts_with(a, {0x01, 0x00}) && std::memcmp(a + 2, zero, 6) == 0)
        return "reserved";  // discard-only 100::/64
    // 6to4 (2002::/16) carries an IPv4 address in bytes 2-5.
    if (starts_with(a, {0x20, 0x02})) return range_of_v4(v4_at(a + 2));
    return {};
}

}  // namespace

std::string restricted_range(const sockaddr* address) {
    if (!address) return "reserved";
    if (address->sa_family == AF_INET) {
        const auto* in = reinterpret_cast<const sockaddr_in*>(address);
        return range_of_v4(ntohl(in->sin_addr.s_addr));
    }
    if (address->sa_family == AF_INET6) {
        const auto* in6 = reinterpret_cast<const sockaddr_in6*>(address);
        return range_of_v6(in6->sin6_addr.s6_addr);
    }
    return "reserved";
}

std::optional<std::string> restricted_range_of_ip(const std::string& text) {
    std::string ip = text;
    if (ip.size() >= 2 && ip.front() == '[' && ip.back() == ']') ip = ip.substr(1, ip.size() - 2);
    in_addr v4{};
    if (inet_pton(AF_INET, ip.c_str(), &v4) == 1) return range_of_v4(ntohl(v4.s_addr));
    in6_addr v6{};
    if (inet_pton(AF_INET6, ip.c_str(), &v6) == 1) return range_of_v6(v6.s6_addr);
    return std::nullopt;
}

}  // namespace umpire::server
