#pragma once
// Who a request comes from (docs/security.md, "Connections"). Behind a reverse proxy every
// connection comes from the proxy, so per-address limits would lock out a whole site; the
// operator names the proxies (--trusted-proxy, addresses or CIDR ranges) and only for requests
// from them are X-Forwarded-For and Forwarded believed. The client is the rightmost address in
// the chain that is not itself a trusted proxy: entries to its left were written by the client
// and prove nothing.
#include <string>
#include <string_view>
#include <vector>

namespace umpire::server {

class TrustedProxies {
public:
    // Throws std::invalid_argument naming the first entry that is not an address or a range.
    explicit TrustedProxies(const std::vector<std::string>& entries = {});

    bool empty() const { return ranges_.empty(); }
    bool contains(std::string_view address) const;

    // The client's address for a request that came over TCP from `peer` with these headers
    // (empty when absent). Untrusted peers are their own client.
    std::string client_address(const std::string& peer, std::string_view forwarded,
                               std::string_view x_forwarded_for) const;

private:
    struct Range {
        std::vector<unsigned char> prefix;  // 4 or 16 bytes
        int bits = 0;
    };
    std::vector<Range> ranges_;
};

}  // namespace umpire::server
