// E-mail notifications (issue 30): the message the server sends for a notification, and who may
// ask for one. The SMTP conversation itself is tested against a stub relay (mail_cli.sh).
#include <gtest/gtest.h>

#include "http_campaign.hpp"
#include "server/mail_delivery.hpp"

namespace umpire::testing {
namespace {

using server::mail_message;
using server::WebhookDelivery;

constexpr const char* kDate = "Thu, 03 Dec 2026 19:30:00 +0000";

std::vector<std::string> lines_of(const std::string& message) {
    std::vector<std::string> out;
    std::size_t start = 0;
    for (auto end = message.find("\r\n"); end != std::string::npos;
         start = end + 2, end = message.find("\r\n", start))
        out.push_back(message.substr(start, end - start));
    out.push_back(message.substr(start));
    return out;
}

TEST(MailMessage, CarriesTheTurnReportAsPlainText) {
    const Json n{{"type", "period_resolved"},
                 {"campaign", "raid"},
                 {"period_index", 3},
                 {"report_text", "The Raid: period 3\nWhat happened\n* anna moves\n"}};
    const auto text = mail_message({"mailto:anna@example.org", "", n.dump(), "d-1"},
                                   "umpire@example.org", "anna@example.org", kDate);
    const auto lines = lines_of(text);
    EXPECT_EQ(text.find('\n'), text.find("\r\n") + 1) << "not CRLF";
    for (const auto& l : lines) EXPECT_EQ(l.find('\n'), std::string::npos);
    auto has = [&](const std::string& line) {
        return std::find(lines.begin(), lines.end(), line) != lines.end();
    };
    EXPECT_TRUE(has("From: Umpire <umpire@example.org>"));
    EXPECT_TRUE(has("To: <anna@example.org>"));
    EXPECT_TRUE(has("Subject: [Umpire] raid: period 3 resolved"));
    EXPECT_TRUE(has(std::string("Date: ") + kDate));
    EXPECT_TRUE(has("Message-ID: <d-1@umpire>"));
    EXPECT_TRUE(has("Content-Type: text/plain; charset=utf-8"));
    // The headers end at the first empty line; the report follows as it was written.
    const auto blank = std::find(lines.begin(), lines.end(), "");
    ASSERT_NE(blank, lines.end());
    EXPECT_EQ(*(blank + 1), "The Raid: period 3");
    EXPECT_EQ(*(blank + 3), "* anna moves");
}

TEST(MailMessage, NoHeaderCanBeInjectedAndLongLinesAreBroken) {
    const Json n{{"type", "decision_needed"},
                 {"campaign", "raid\r\nBcc: everyone@example.org"},
                 {"decision", std::string(3000, 'x')}};
    const auto text = mail_message({"mailto:anna@example.org", "", n.dump(), "d-2"},
                                   "umpire@example.org", "anna@example.org", kDate);
    for (const auto& l : lines_of(text)) {
        EXPECT_NE(l.rfind("Bcc:", 0), 0u) << "a header was injected: " << l;
        EXPECT_LE(l.size(), 998u);
    }
    EXPECT_NE(text.find("Subject: [Umpire] raid  Bcc: everyone@example.org: a decision needs you"),
              std::string::npos)
        << text.substr(0, 400);
}

TEST(MailTarget, OnlyAShapedAddressOnAServerThatSendsMail) {
    const server::MailTransport none;
    server::MailTransport relay;
    relay.url = "smtp://127.0.0.1:25";
    relay.from = "u@example.org";
    EXPECT_NE(server::mail_target_problem("mailto:anna@example.org", none).find("sends no e-mail"),
              std::string::npos);
    EXPECT_EQ(server::mail_target_problem("mailto:anna@example.org", relay), "");
    for (const char* bad :
         {"mailto:", "mailto:anna", "mailto:a b@example.org", "mailto:<evil>@example.org",
          "mailto:anna@example.org\r\nRCPT TO:<x@y.z>"})
        EXPECT_NE(server::mail_target_problem(bad, relay), "") << bad;
}

using MailWebhook = HttpCampaign;

TEST_F(MailWebhook, AServerWithoutARelayRefusesMailto) {
    const Json reply = send("anna", {{"type", "set_webhook"}, {"url", "mailto:anna@example.org"}});
    EXPECT_EQ(reply["code"], "invalid_argument") << reply.dump();
    EXPECT_NE(reply.value("message", "").find("sends no e-mail"), std::string::npos);
}

}  // namespace
}  // namespace umpire::testing
