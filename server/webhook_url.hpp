#pragma once
// Webhook URLs: checked by libcurl's URL parser (never spliced as text), and redacted for logs.
// A webhook URL often carries a token (Discord, Slack, ntfy), so it is shown in full only to its
// owner, once, and logged as scheme://host/… at most.
#include <string>

namespace umpire::server {

struct WebhookUrlCheck {
    std::string url;    // normalised by the parser: what is stored and sent to; empty if refused
    std::string host;   // as in the URL (an IPv6 literal in brackets)
    std::string error;  // why it was refused; never echoes the URL
    bool ok() const { return error.empty(); }
};

// Takes only http and https URLs with a host, no user:password part, no spaces or control
// characters (CR and LF would smuggle headers) and, unless `allow_private`, no IP literal in a
// restricted range (server/address_policy.hpp). Host names are checked when connecting, so a
// name that later resolves elsewhere (DNS rebinding) is caught there.
WebhookUrlCheck check_webhook_url(const std::string& text, bool allow_private);

// "https://hooks.example.com/…" for logs; "(unparseable URL)" if it is not a URL.
std::string redact_url(const std::string& url);

}  // namespace umpire::server
