#pragma once
// A small blocking HTTP/1.1 and HTTPS client on libcurl, for the `umpire client` commands and
// tests. No Beast here, so the CLI builds fast. Whatever the peer sends (broken chunking, a
// flood, silence), it returns a response or an error and never throws.
#include <map>
#include <string>

namespace umpire::server {

struct HttpResponse {
    int status = 0;  // 0: no response (the error says why)
    std::string body;
    std::string error;
};

// The most of a response body kept; more is an error.
constexpr std::size_t kMaxHttpResponseBytes = 64 * 1024 * 1024;

// `url` is http:// or https://host[:port]/path. Gives up after `timeout_ms` for connect and
// when no data has come for that long. A body without a Content-Type header is sent as JSON.
HttpResponse http_request(const std::string& method, const std::string& url,
                          const std::string& body = {},
                          const std::map<std::string, std::string>& headers = {},
                          int timeout_ms = 10000);

}  // namespace umpire::server
