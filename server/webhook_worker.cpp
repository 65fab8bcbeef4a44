#include "server/webhook_worker.hpp"

#include <algorithm>
#include <fstream>
#include <stdexcept>

namespace umpire::server {

WebhookWorker::WebhookWorker(WebhookTransport transport, std::size_t capacity,
                             PostToIo post_to_io, Deliver deliver)
    : transport_(std::move(transport)),
      capacity_(std::max<std::size_t>(capacity, 1)),
      post_to_io_(std::move(post_to_io)),
      deliver_(std::move(deliver)),
      thread_([this] { run(); }) {}

WebhookWorker::~WebhookWorker() { stop(); }

bool WebhookWorker::post(WebhookDelivery delivery,
                         std::function<void(const WebhookResult&)> done) {
    {
        std::lock_guard lock(mutex_);
        if (stopping_ || queue_.size() >= capacity_) return false;
        queue_.push_back({std::move(delivery), std::move(done)});
    }
    wake_.notify_one();
    return true;
}

void WebhookWorker::stop() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
        queue_.clear();
    }
    cancelled_ = true;
    wake_.notify_one();
    if (thread_.joinable()) thread_.join();
}

void WebhookWorker::run() {
    while (true) {
        Job job;
        {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
            if (stopping_) return;
            job = std::move(queue_.front());
            queue_.pop_front();
        }
        auto result = deliver_(job.delivery, transport_, &cancelled_);
        if (cancelled_) return;  // the I/O thread is going away: nobody to tell
        post_to_io_([done = std::move(job.done), result = std::move(result)] { done(result); });
    }
}

WebhookTransport webhook_transport(const ServerConfig& config) {
    WebhookTransport t;
    t.allow_private = config.allow_private_webhooks;
    t.connect_timeout_ms = config.webhook_connect_timeout_ms;
    t.timeout_ms = config.webhook_timeout_ms;
    t.max_response_bytes = config.webhook_max_response_bytes;
    t.mail.url = config.smtp_url;
    t.mail.from = config.smtp_from;
    t.mail.username = config.smtp_username;
    t.mail.require_tls = config.smtp_require_tls;
    if (!config.smtp_password_file.empty()) {
        std::ifstream in(config.smtp_password_file);
        if (!in)
            throw std::runtime_error("cannot read smtp_password_file " + config.smtp_password_file);
        std::getline(in, t.mail.password);
    }
    return t;
}

}  // namespace umpire::server
