#include "server/client_address.hpp"

#include <boost/asio/ip/address.hpp>

#include <algorithm>
#include <optional>
#include <stdexcept>

namespace umpire::server {

namespace {

namespace ip = boost::asio::ip;

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

// IPv4-mapped IPv6 addresses compare as IPv4.
std::optional<ip::address> parse_address(std::string_view text) {
    boost::system::error_code ec;
    auto a = ip::make_address(std::string(text), ec);
    if (ec) return std::nullopt;
    if (a.is_v6() && a.to_v6().is_v4_mapped()) return ip::make_address_v4(ip::v4_mapped, a.to_v6());
    return a;
}

std::vector<unsigned char> bytes_of(const ip::address& a) {
    if (a.is_v4()) {
        const auto b = a.to_v4().to_bytes();
        return {b.begin(), b.end()};
    }
    const auto b = a.to_v6().to_bytes();
    return {b.begin(), b.end()};
}

// One hop of a Forwarded or X-Forwarded-For list as a plain address: quotes, brackets and a
// port taken off ("[2001:db8::1]:4711", "192.0.2.60:80"). Empty when it is not an address
// ("unknown", an obfuscated "_hidden" identifier).
std::string hop_address(std::string_view hop) {
    hop = trim(hop);
    if (hop.size() >= 2 && hop.front() == '"' && hop.back() == '"') hop = hop.substr(1, hop.size() - 2);
    if (!hop.empty() && hop.front() == '[') {
        const auto close = hop.find(']');
        if (close == std::string_view::npos) return {};
        hop = hop.substr(1, close - 1);
    } else if (std::count(hop.begin(), hop.end(), ':') == 1) {
        hop = hop.substr(0, hop.find(':'));  // IPv4 with a port
    }
    const auto a = parse_address(hop);
    return a ? a->to_string() : std::string();
}

std::vector<std::string> split(std::string_view list, char separator) {
    std::vector<std::string> out;
    std::size_t at = 0;
    while (at <= list.size()) {
        const auto next = list.find(separator, at);
        out.emplace_back(trim(list.substr(at, next == std::string_view::npos ? std::string_view::npos
                                                                              : next - at)));
        if (next == std::string_view::npos) break;
        at = next + 1;
    }
    return out;
}

// The for= addresses of a Forwarded header (RFC 7239), in order.
std::vector<std::string> forwarded_for(std::string_view header) {
    std::vector<std::string> out;
    for (const auto& element : split(header, ',')) {
        std::string address;
        for (const auto& pair : split(element, ';')) {
            const auto eq = pair.find('=');
            if (eq == std::string::npos) continue;
            std::string name = pair.substr(0, eq);
            std::transform(name.begin(), name.end(), name.begin(), ::tolower);
            if (trim(name) == "for") address = hop_address(std::string_view(pair).substr(eq + 1));
        }
        out.push_back(address);
    }
    return out;
}

}  // namespace

TrustedProxies::TrustedProxies(const std::vector<std::string>& entries) {
    for (const auto& entry : entries) {
        const auto slash = entry.find('/');
        const auto a = parse_address(std::string_view(entry).substr(0, slash));
        if (!a) throw std::invalid_argument("trusted proxy \"" + entry + "\" is not an address or range");
        Range r{bytes_of(*a), 0};
        const int max_bits = static_cast<int>(r.prefix.size() * 8);
        r.bits = max_bits;
        if (slash != std::string::npos) {
            try {
                std::size_t used = 0;
                r.bits = std::stoi(entry.substr(slash + 1), &used);
                if (used != entry.size() - slash - 1) throw std::invalid_argument("trailing");
            } catch (const std::exception&) {
                throw std::invalid_argument("trusted proxy \"" + entry + "\" has a bad prefix length");
            }
            if (r.bits < 0 || r.bits > max_bits)
                throw std::invalid_argument("trusted proxy \"" + entry + "\" has a bad prefix length");
        }
        ranges_.push_back(std::move(r));
    }
}

bool TrustedProxies::contains(std::string_view address) const {
    const auto a = parse_address(address);
    if (!a) return false;
    const auto bytes = bytes_of(*a);
    for (const auto& r : ranges_) {
        if (r.prefix.size() != bytes.size()) continue;
        int bits = r.bits;
        bool match = true;
        for (std::size_t i = 0; i < bytes.size() && bits > 0 && match; ++i, bits -= 8) {
            const unsigned mask = bits >= 8 ? 0xffu : (0xffu << (8 - bits)) & 0xffu;
            match = (bytes[i] & mask) == (r.prefix[i] & mask);
        }
        if (match) return true;
    }
    return false;
}

std::string TrustedProxies::client_address(const std::string& peer, std::string_view forwarded,
                                           std::string_view x_forwarded_for) const {
    if (!contains(peer)) return peer;
    const auto hops = !forwarded.empty() ? forwarded_for(forwarded)
                                         : split(x_forwarded_for, ',');
    for (auto it = hops.rbegin(); it != hops.rend(); ++it) {
        const std::string address = forwarded.empty() ? hop_address(*it) : *it;
        if (address.empty()) return peer;  // an unreadable hop: trust nothing beyond it
        if (!contains(address)) return address;
    }
    return peer;
}

}  // namespace umpire::server
