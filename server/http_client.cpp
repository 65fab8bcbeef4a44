#include "server/http_client.hpp"

#include <curl/curl.h>

#include <memory>

#include "server/curl_setup.hpp"

namespace umpire::server {

namespace {

struct EasyDeleter {
    void operator()(CURL* c) const { curl_easy_cleanup(c); }
};
struct ListDeleter {
    void operator()(curl_slist* l) const { curl_slist_free_all(l); }
};

struct Sink {
    std::string body;
    bool too_large = false;
};

std::size_t on_write(char* data, std::size_t size, std::size_t count, void* user) {
    auto* sink = static_cast<Sink*>(user);
    const std::size_t bytes = size * count;
    if (sink->body.size() + bytes > kMaxHttpResponseBytes) {
        sink->too_large = true;
        return 0;  // aborts the transfer
    }
    try {
        sink->body.append(data, bytes);
    } catch (...) {
        return 0;  // no exception may cross libcurl's C frames
    }
    return bytes;
}

bool has_header(const std::map<std::string, std::string>& headers, const std::string& name) {
    for (const auto& [k, v] : headers)
        if (curl_strequal(k.c_str(), name.c_str())) return true;
    return false;
}

}  // namespace

HttpResponse http_request(const std::string& method, const std::string& url,
                          const std::string& body,
                          const std::map<std::string, std::string>& headers, int timeout_ms) {
    HttpResponse out;
    try {
        ensure_curl();
    } catch (const std::exception& e) {
        out.error = e.what();
        return out;
    }
    std::unique_ptr<CURL, EasyDeleter> curl(curl_easy_init());
    if (!curl) {
        out.error = "cannot start an HTTP request";
        return out;
    }
    std::unique_ptr<curl_slist, ListDeleter> list;
    auto add = [&](const std::string& line) {
        if (line.find_first_of("\r\n") != std::string::npos) return;  // no smuggled headers
        if (curl_slist* grown = curl_slist_append(list.get(), line.c_str())) {
            list.release();
            list.reset(grown);
        }
    };
    if (!body.empty() && !has_header(headers, "Content-Type"))
        add("Content-Type: application/json");
    for (const auto& [k, v] : headers) add(k + ": " + v);
    add("Expect:");  // no 100-continue round trip

    Sink sink;
    CURL* c = curl.get();
    curl_easy_setopt(c, CURLOPT_URL, url.c_str());
    curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(c, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(c, CURLOPT_PROXY, "");  // talk to the server named, as before
    curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT_MS, static_cast<long>(timeout_ms));
    // "No data for timeout_ms": under one byte a second for that long.
    curl_easy_setopt(c, CURLOPT_LOW_SPEED_LIMIT, 1L);
    curl_easy_setopt(c, CURLOPT_LOW_SPEED_TIME, static_cast<long>((timeout_ms + 999) / 1000));
    curl_easy_setopt(c, CURLOPT_HTTPHEADER, list.get());
    curl_easy_setopt(c, CURLOPT_USERAGENT, "umpire/0.1");
    curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, on_write);
    curl_easy_setopt(c, CURLOPT_WRITEDATA, &sink);
    if (method == "GET" && body.empty()) {
        curl_easy_setopt(c, CURLOPT_HTTPGET, 1L);
    } else if (method == "HEAD") {
        curl_easy_setopt(c, CURLOPT_NOBODY, 1L);
    } else {
        if (method != "POST") curl_easy_setopt(c, CURLOPT_CUSTOMREQUEST, method.c_str());
        curl_easy_setopt(c, CURLOPT_POST, 1L);
        curl_easy_setopt(c, CURLOPT_POSTFIELDS, body.c_str());
        curl_easy_setopt(c, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(body.size()));
    }
    const CURLcode code = curl_easy_perform(c);
    if (code != CURLE_OK) {
        out.error = sink.too_large ? "the response is larger than " +
                                         std::to_string(kMaxHttpResponseBytes) + " bytes"
                                   : std::string(curl_easy_strerror(code));
        return out;
    }
    long status = 0;
    curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &status);
    out.status = static_cast<int>(status);
    out.body = std::move(sink.body);
    return out;
}

}  // namespace umpire::server
