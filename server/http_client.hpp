#pragma once
// A small blocking HTTP/1.1 client over plain TCP (no TLS), for the `umpire client` commands
// and webhook notifications. No Beast here, so the CLI builds fast.
#include <map>
#include <string>

namespace umpire::server {

struct HttpResponse {
    int status = 0;  // 0: no response (the error says why)
    std::string body;
    std::string error;
};

// `url` is http://host[:port]/path. Gives up after `timeout_ms` for connect and for each read.
HttpResponse http_request(const std::string& method, const std::string& url,
                          const std::string& body = {},
                          const std::map<std::string, std::string>& headers = {},
                          int timeout_ms = 10000);

}  // namespace umpire::server
