#include "server/webhook_delivery.hpp"

#include <arpa/inet.h>
#include <curl/curl.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <algorithm>
#include <ctime>
#include <memory>

#include "server/address_policy.hpp"
#include "server/curl_setup.hpp"
#include "server/mail_delivery.hpp"
#include "server/webhook_signing.hpp"
#include "server/webhook_url.hpp"

namespace umpire::server {

namespace {

struct EasyDeleter {
    void operator()(CURL* c) const { curl_easy_cleanup(c); }
};
struct UrlDeleter {
    void operator()(CURLU* u) const { curl_url_cleanup(u); }
};
struct ListDeleter {
    void operator()(curl_slist* l) const { curl_slist_free_all(l); }
};

// What the callbacks of one transfer share.
struct Transfer {
    const WebhookTransport* options = nullptr;
    const std::atomic<bool>* cancelled = nullptr;
    std::size_t received = 0;
    bool too_large = false;
    std::string refused;  // set when the address policy refused a connection
};

std::string address_text(const sockaddr* a) {
    char text[INET6_ADDRSTRLEN] = "?";
    if (a->sa_family == AF_INET)
        inet_ntop(AF_INET, &reinterpret_cast<const sockaddr_in*>(a)->sin_addr, text, sizeof text);
    else if (a->sa_family == AF_INET6)
        inet_ntop(AF_INET6, &reinterpret_cast<const sockaddr_in6*>(a)->sin6_addr, text,
                  sizeof text);
    return text;
}

// The response body is not needed, only its status: keep nothing, count, stop at the cap.
std::size_t on_write(char*, std::size_t size, std::size_t count, void* user) {
    auto* t = static_cast<Transfer*>(user);
    const std::size_t bytes = size * count;
    if (t->received + bytes > t->options->max_response_bytes) {
        t->too_large = true;
        return 0;  // anything but `bytes` aborts the transfer
    }
    t->received += bytes;
    return bytes;
}

// Every connection curl makes passes here, after name resolution: the address is checked
// now, so what a name resolved to at set_webhook time does not matter.
curl_socket_t on_open_socket(void* user, curlsocktype, curl_sockaddr* address) {
    auto* t = static_cast<Transfer*>(user);
    if (!t->options->allow_private) {
        const auto range = restricted_range(&address->addr);
        if (!range.empty()) {
            if (t->refused.empty())
                t->refused = "refused to connect to " + address_text(&address->addr) + ": a " +
                             range + " address (the server does not allow private webhooks)";
            return CURL_SOCKET_BAD;
        }
    }
    return ::socket(address->family, address->socktype | SOCK_CLOEXEC, address->protocol);
}

int on_progress(void* user, curl_off_t, curl_off_t, curl_off_t, curl_off_t) {
    const auto* t = static_cast<Transfer*>(user);
    return t->cancelled && t->cancelled->load() ? 1 : 0;
}

bool is_tls_failure(CURLcode code) {
    switch (code) {
        case CURLE_SSL_CONNECT_ERROR: case CURLE_PEER_FAILED_VERIFICATION:
        case CURLE_SSL_CERTPROBLEM: case CURLE_SSL_CIPHER: case CURLE_SSL_CACERT_BADFILE:
        case CURLE_SSL_ISSUER_ERROR: case CURLE_SSL_PINNEDPUBKEYNOTMATCH:
        case CURLE_SSL_INVALIDCERTSTATUS: case CURLE_SSL_ENGINE_NOTFOUND:
        case CURLE_SSL_ENGINE_SETFAILED: case CURLE_SSL_ENGINE_INITFAILED:
        case CURLE_USE_SSL_FAILED: case CURLE_SSL_SHUTDOWN_FAILED: case CURLE_SSL_CRL_BADFILE:
            return true;
        default:
            return false;
    }
}

std::string failure_text(CURLcode code, const Transfer& t) {
    if (!t.refused.empty()) return t.refused;
    if (t.too_large)
        return "the response was larger than " + std::to_string(t.options->max_response_bytes) +
               " bytes";
    if (code == CURLE_ABORTED_BY_CALLBACK) return "cancelled: the server is stopping";
    if (code == CURLE_OPERATION_TIMEDOUT) return "timed out";
    if (is_tls_failure(code)) return std::string("TLS/certificate failure: ") + curl_easy_strerror(code);
    return curl_easy_strerror(code);
}

WebhookResult failed(std::string why, int status = 0) { return {false, status, std::move(why)}; }

}  // namespace

WebhookResult deliver_webhook(const WebhookDelivery& delivery, const WebhookTransport& options,
                              const std::atomic<bool>* cancelled) {
    if (!mail_address_of(delivery.url).empty())
        return deliver_mail(delivery, options.mail, cancelled);
    try {
        ensure_curl();
        // Stored URLs are checked again: rows from before the checks existed get no pass.
        const auto checked = check_webhook_url(delivery.url, options.allow_private);
        if (!checked.ok()) return failed(checked.error);
        std::unique_ptr<CURLU, UrlDeleter> url(curl_url());
        std::unique_ptr<CURL, EasyDeleter> curl(curl_easy_init());
        if (!url || !curl) return failed("out of memory");
        if (curl_url_set(url.get(), CURLUPART_URL, checked.url.c_str(), 0) != CURLUE_OK)
            return failed("the webhook URL is not a valid absolute URL");

        const auto timestamp = static_cast<std::int64_t>(std::time(nullptr));
        std::unique_ptr<curl_slist, ListDeleter> headers;
        auto add = [&](const std::string& line) {
            if (curl_slist* grown = curl_slist_append(headers.get(), line.c_str())) {
                headers.release();
                headers.reset(grown);
            }
        };
        add("Content-Type: application/json");
        add("X-Umpire-Signature: " + webhook_signature(delivery.secret, timestamp, delivery.body));
        add("X-Umpire-Timestamp: " + std::to_string(timestamp));
        add("X-Umpire-Delivery: " + delivery.delivery_id);
        add("Expect:");  // no 100-continue round trip

        Transfer transfer;
        transfer.options = &options;
        transfer.cancelled = cancelled;
        CURL* c = curl.get();
        curl_easy_setopt(c, CURLOPT_CURLU, url.get());
        curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "http,https");
        curl_easy_setopt(c, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
        curl_easy_setopt(c, CURLOPT_FOLLOWLOCATION, 0L);  // a 3xx is a failed delivery
        curl_easy_setopt(c, CURLOPT_PROXY, "");            // no proxy from the environment
        curl_easy_setopt(c, CURLOPT_SSL_VERIFYPEER, 1L);
        curl_easy_setopt(c, CURLOPT_SSL_VERIFYHOST, 2L);
        curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT_MS, options.connect_timeout_ms);
        curl_easy_setopt(c, CURLOPT_TIMEOUT_MS, options.timeout_ms);
        curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);  // no SIGALRM in a threaded server
        curl_easy_setopt(c, CURLOPT_USERAGENT, options.user_agent.c_str());
        curl_easy_setopt(c, CURLOPT_HTTPHEADER, headers.get());
        curl_easy_setopt(c, CURLOPT_POST, 1L);
        curl_easy_setopt(c, CURLOPT_POSTFIELDS, delivery.body.c_str());
        curl_easy_setopt(c, CURLOPT_POSTFIELDSIZE_LARGE,
                         static_cast<curl_off_t>(delivery.body.size()));
        curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, on_write);
        curl_easy_setopt(c, CURLOPT_WRITEDATA, &transfer);
        curl_easy_setopt(c, CURLOPT_OPENSOCKETFUNCTION, on_open_socket);
        curl_easy_setopt(c, CURLOPT_OPENSOCKETDATA, &transfer);
        curl_easy_setopt(c, CURLOPT_NOPROGRESS, 0L);
        curl_easy_setopt(c, CURLOPT_XFERINFOFUNCTION, on_progress);
        curl_easy_setopt(c, CURLOPT_XFERINFODATA, &transfer);

        const CURLcode code = curl_easy_perform(c);
        long status = 0;
        curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &status);
        if (code != CURLE_OK) return failed(failure_text(code, transfer), static_cast<int>(status));
        if (status >= 200 && status < 300) return {true, static_cast<int>(status), {}};
        if (status >= 300 && status < 400)
            return failed("HTTP " + std::to_string(status) + ": redirects are not followed",
                          static_cast<int>(status));
        return failed("HTTP " + std::to_string(status), static_cast<int>(status));
    } catch (const std::exception& e) {
        return failed(std::string("delivery failed: ") + e.what());
    }
}

std::chrono::milliseconds webhook_retry_delay(int failed_attempts, std::chrono::milliseconds base,
                                              std::chrono::milliseconds cap, double jitter) {
    using std::chrono::milliseconds;
    const int doublings = std::clamp(failed_attempts - 1, 0, 30);
    const long double plain = static_cast<long double>(base.count()) * (1LL << doublings);
    const long double capped = std::min<long double>(plain, static_cast<long double>(cap.count()));
    const double stretch = 1.0 + 0.25 * std::clamp(jitter, 0.0, 1.0);
    return milliseconds(static_cast<long long>(capped * stretch));
}

}  // namespace umpire::server
