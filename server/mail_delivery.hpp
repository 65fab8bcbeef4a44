#pragma once
// Notifications by e-mail (issue 30, play by e-mail): an account whose webhook is
// "mailto:ADDRESS" gets each notification as a plain-text message sent over SMTP by libcurl,
// through the relay the operator configures (`smtp_url`). The message's body is the turn report
// the notification carries (`report_text`, already projected for that account) or, for the
// others, what happened in a few words. Off unless `smtp_url` is set (MailTransport, in
// webhook_delivery.hpp: deliver_webhook hands mailto: targets to deliver_mail).
#include <atomic>
#include <string>

#include "server/webhook_delivery.hpp"

namespace umpire::server {

// "mailto:a@b.c" -> "a@b.c"; "" when `url` is not a mailto: URL.
std::string mail_address_of(const std::string& url);
// Why `url` cannot be a notification address on a server with `mail` ("" when it can).
std::string mail_target_problem(const std::string& url, const MailTransport& mail);

// The message as sent (CRLF lines): headers (From, To, Subject, Date, Message-ID, MIME) and
// the body made from the notification's JSON. `date` is RFC 5322 ("Thu, 03 Dec 2026 19:30:00
// +0000").
std::string mail_message(const WebhookDelivery& delivery, const std::string& from,
                         const std::string& to, const std::string& date);

// Sends one notification by SMTP; never throws. `cancelled` aborts a transfer in progress.
WebhookResult deliver_mail(const WebhookDelivery& delivery, const MailTransport& mail,
                           const std::atomic<bool>* cancelled = nullptr);

}  // namespace umpire::server
