#include "server/mail_delivery.hpp"

#include <curl/curl.h>

#include <cstring>
#include <ctime>
#include <memory>

#include <nlohmann/json.hpp>

#include "server/curl_setup.hpp"
#include "storage/server_store.hpp"

namespace umpire::server {

namespace {

using Json = nlohmann::json;

struct EasyDeleter {
    void operator()(CURL* c) const { curl_easy_cleanup(c); }
};
struct ListDeleter {
    void operator()(curl_slist* l) const { curl_slist_free_all(l); }
};

// What the upload callback reads from.
struct Upload {
    const std::string* text = nullptr;
    std::size_t sent = 0;
    const std::atomic<bool>* cancelled = nullptr;
};

std::size_t on_read(char* buffer, std::size_t size, std::size_t count, void* user) {
    auto* u = static_cast<Upload*>(user);
    if (u->cancelled && u->cancelled->load()) return CURL_READFUNC_ABORT;
    const std::size_t n = std::min(size * count, u->text->size() - u->sent);
    std::memcpy(buffer, u->text->data() + u->sent, n);
    u->sent += n;
    return n;
}

// Header values come from the server, but never let a line break through.
std::string one_line(std::string s) {
    for (char& c : s)
        if (c == '\r' || c == '\n') c = ' ';
    return s;
}

// CRLF line ends, and no line over SMTP's 998 characters (a long one is broken).
std::string with_crlf(const std::string& text) {
    constexpr std::size_t kLongest = 990;
    std::string out;
    out.reserve(text.size() + text.size() / 40);
    std::size_t column = 0;
    for (char c : text) {
        if (c == '\r') continue;
        if (c == '\n' || column == kLongest) {
            out += "\r\n";
            column = 0;
            if (c == '\n') continue;
        }
        out += c;
        ++column;
    }
    return out;
}

// What the notification is about, in one line.
std::string subject_of(const Json& n) {
    const std::string campaign = one_line(n.value("campaign", ""));
    const std::string type = n.value("type", "");
    const auto period = [&] { return std::to_string(n.value("period_index", 0)); };
    if (type == "period_resolved") return campaign + ": period " + period() + " resolved";
    if (type == "decision_needed") return campaign + ": a decision needs you";
    if (type == "decision_lapsed") return campaign + ": a decision's time ran out";
    if (type == "deadline_near") return campaign + ": the deadline is near";
    if (type == "missed_orders") return campaign + ": missed orders in period " + period();
    if (type == "orders_reopened") return campaign + ": orders reopened for period " + period();
    if (type == "campaign_ended") return campaign + ": the campaign has ended";
    if (type == "world_edited") return campaign + ": the GM edited the world";
    if (type == "press" && n.contains("message") && n["message"].is_object())
        return campaign + ": a message from " + one_line(n["message"].value("from", ""));
    return campaign + ": " + one_line(type);
}

std::string body_of(const Json& n) {
    if (n.contains("report_text") && n["report_text"].is_string())
        return n["report_text"].get<std::string>();
    // Press: the writer's words as written, under who wrote to whom.
    if (n.value("type", "") == "press" && n.contains("message") && n["message"].is_object()) {
        const Json& m = n["message"];
        std::string to;
        for (const auto& r : m.value("to", Json::array()))
            to += (to.empty() ? "" : ", ") +
                  one_line(r.is_string() ? r.get<std::string>() : r.dump());
        return "From " + one_line(m.value("from", "")) + " to " + to + ", period " +
               std::to_string(m.value("period_index", 0)) + ":\n\n" + m.value("text", "") + "\n";
    }
    std::string out = subject_of(n) + ".\n\n";
    for (auto it = n.begin(); it != n.end(); ++it) {
        if (it.key() == "type") continue;
        out += it.key() + ": " + one_line(it->is_string() ? it->get<std::string>() : it->dump()) +
               "\n";
    }
    return out;
}

std::string rfc5322_now() {
    const std::time_t now = std::time(nullptr);
    std::tm utc{};
    gmtime_r(&now, &utc);
    char text[64];
    std::strftime(text, sizeof text, "%a, %d %b %Y %H:%M:%S +0000", &utc);
    return text;
}

WebhookResult failed(std::string why) { return {false, 0, std::move(why)}; }

}  // namespace

std::string mail_address_of(const std::string& url) {
    constexpr std::string_view scheme = "mailto:";
    if (url.compare(0, scheme.size(), scheme) != 0) return "";
    return url.substr(scheme.size());
}

std::string mail_target_problem(const std::string& url, const MailTransport& mail) {
    if (mail.url.empty())
        return "this server sends no e-mail (its operator has not set smtp_url); use an "
               "http(s) webhook";
    const std::string address = mail_address_of(url);
    if (address.empty()) return "a mailto: URL needs an address";
    if (const auto problem = storage::email_problem(address); !problem.empty()) return problem;
    if (address.find_first_of("<>\"\\()") != std::string::npos)
        return "an e-mail address for notifications has no <, >, quotes, backslashes or brackets";
    return "";
}

std::string mail_message(const WebhookDelivery& delivery, const std::string& from,
                         const std::string& to, const std::string& date) {
    const Json n = Json::parse(delivery.body, nullptr, false);
    const Json payload = n.is_object() ? n : Json::object();
    std::string head;
    head += "From: Umpire <" + one_line(from) + ">\n";
    head += "To: <" + one_line(to) + ">\n";
    head += "Subject: [Umpire] " + subject_of(payload) + "\n";
    head += "Date: " + date + "\n";
    head += "Message-ID: <" + one_line(delivery.delivery_id) + "@umpire>\n";
    head += "X-Umpire-Delivery: " + one_line(delivery.delivery_id) + "\n";
    head += "MIME-Version: 1.0\n";
    head += "Content-Type: text/plain; charset=utf-8\n";
    head += "Content-Transfer-Encoding: 8bit\n";
    return with_crlf(head + "\n" + body_of(payload));
}

WebhookResult deliver_mail(const WebhookDelivery& delivery, const MailTransport& mail,
                           const std::atomic<bool>* cancelled) {
    try {
        if (const auto problem = mail_target_problem(delivery.url, mail); !problem.empty())
            return failed(problem);
        ensure_curl();
        std::unique_ptr<CURL, EasyDeleter> curl(curl_easy_init());
        if (!curl) return failed("out of memory");
        const std::string to = mail_address_of(delivery.url);
        const std::string message = mail_message(delivery, mail.from, to, rfc5322_now());
        std::unique_ptr<curl_slist, ListDeleter> recipients(
            curl_slist_append(nullptr, ("<" + to + ">").c_str()));
        Upload upload{&message, 0, cancelled};
        const std::string envelope_from = "<" + mail.from + ">";
        CURL* c = curl.get();
        curl_easy_setopt(c, CURLOPT_URL, mail.url.c_str());
        curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "smtp,smtps");
        curl_easy_setopt(c, CURLOPT_PROXY, "");
        curl_easy_setopt(c, CURLOPT_USE_SSL, mail.require_tls ? CURLUSESSL_ALL : CURLUSESSL_TRY);
        curl_easy_setopt(c, CURLOPT_SSL_VERIFYPEER, 1L);
        curl_easy_setopt(c, CURLOPT_SSL_VERIFYHOST, 2L);
        if (!mail.username.empty()) {
            curl_easy_setopt(c, CURLOPT_USERNAME, mail.username.c_str());
            curl_easy_setopt(c, CURLOPT_PASSWORD, mail.password.c_str());
        }
        curl_easy_setopt(c, CURLOPT_MAIL_FROM, envelope_from.c_str());
        curl_easy_setopt(c, CURLOPT_MAIL_RCPT, recipients.get());
        curl_easy_setopt(c, CURLOPT_READFUNCTION, on_read);
        curl_easy_setopt(c, CURLOPT_READDATA, &upload);
        curl_easy_setopt(c, CURLOPT_UPLOAD, 1L);
        curl_easy_setopt(c, CURLOPT_TIMEOUT_MS, mail.timeout_ms);
        curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
        const CURLcode code = curl_easy_perform(c);
        long reply = 0;
        curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &reply);
        if (code == CURLE_OK) return {true, static_cast<int>(reply), {}};
        if (code == CURLE_ABORTED_BY_CALLBACK) return failed("cancelled: the server is stopping");
        return {false, static_cast<int>(reply), std::string("SMTP: ") + curl_easy_strerror(code)};
    } catch (const std::exception& e) {
        return failed(std::string("mail delivery failed: ") + e.what());
    }
}

}  // namespace umpire::server
