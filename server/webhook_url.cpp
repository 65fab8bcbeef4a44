#include "server/webhook_url.hpp"

#include <curl/curl.h>

#include <memory>
#include <optional>

#include "server/address_policy.hpp"
#include "server/curl_setup.hpp"

namespace umpire::server {

namespace {

struct UrlDeleter {
    void operator()(CURLU* u) const { curl_url_cleanup(u); }
};
using UrlHandle = std::unique_ptr<CURLU, UrlDeleter>;

std::optional<std::string> part(CURLU* url, CURLUPart which) {
    char* value = nullptr;
    if (curl_url_get(url, which, &value, 0) != CURLUE_OK || !value) return std::nullopt;
    std::string out = value;
    curl_free(value);
    return out;
}

WebhookUrlCheck refuse(const std::string& why) { return {{}, {}, why}; }

}  // namespace

WebhookUrlCheck check_webhook_url(const std::string& text, bool allow_private) {
    ensure_curl();
    for (unsigned char c : text)
        if (c <= 0x20 || c == 0x7f)
            return refuse("the webhook URL may not contain spaces or control characters");
    UrlHandle url(curl_url());
    if (!url) return refuse("the webhook URL could not be checked");
    // No scheme guessing; any scheme parses, so that every scheme but two gets the same refusal.
    if (curl_url_set(url.get(), CURLUPART_URL, text.c_str(), CURLU_NON_SUPPORT_SCHEME) != CURLUE_OK)
        return refuse("the webhook URL is not a valid absolute URL");
    const auto scheme = part(url.get(), CURLUPART_SCHEME);
    if (!scheme || (*scheme != "http" && *scheme != "https"))
        return refuse("a webhook URL must start with http:// or https://");
    if (part(url.get(), CURLUPART_USER) || part(url.get(), CURLUPART_PASSWORD) ||
        part(url.get(), CURLUPART_OPTIONS))
        return refuse("a webhook URL may not carry a user name or password");
    const auto host = part(url.get(), CURLUPART_HOST);
    if (!host || host->empty()) return refuse("a webhook URL needs a host");
    if (part(url.get(), CURLUPART_ZONEID))
        return refuse("a webhook URL may not name an IPv6 zone");
    if (!allow_private)
        if (const auto range = restricted_range_of_ip(*host); range && !range->empty())
            return refuse("webhooks may not go to " + *range +
                          " addresses (the server does not allow private webhooks)");
    const auto normalised = part(url.get(), CURLUPART_URL);
    if (!normalised) return refuse("the webhook URL is not a valid absolute URL");
    return {*normalised, *host, {}};
}

std::string redact_url(const std::string& text) {
    if (text.rfind("mailto:", 0) == 0) return "mailto:…";  // an address is personal: not logged
    ensure_curl();
    UrlHandle url(curl_url());
    if (!url || curl_url_set(url.get(), CURLUPART_URL, text.c_str(),
                             CURLU_NON_SUPPORT_SCHEME) != CURLUE_OK)
        return "(unparseable URL)";
    const auto scheme = part(url.get(), CURLUPART_SCHEME);
    const auto host = part(url.get(), CURLUPART_HOST);
    if (!scheme || !host) return "(unparseable URL)";
    // Only printable characters of the host: a log line is never split by what a member typed.
    std::string clean;
    for (unsigned char c : *host) clean += (c > 0x20 && c < 0x7f) ? static_cast<char>(c) : '?';
    return *scheme + "://" + clean + "/…";
}

}  // namespace umpire::server
