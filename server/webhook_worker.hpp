#pragma once
// The server's WebhookSender: one worker thread and a bounded queue. The I/O thread queues
// deliveries (a full queue says so, and the notification waits in storage for a later pump);
// the worker sends them one at a time over libcurl and posts each result back to the I/O
// thread. Stopping aborts the transfer in flight and joins the thread; queued deliveries are
// dropped without their callbacks, their notifications still undelivered in storage.
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>

#include "server/services.hpp"
#include "server/webhook_delivery.hpp"

namespace umpire::server {

class WebhookWorker final : public WebhookSender {
public:
    // Runs a function on the I/O thread.
    using PostToIo = std::function<void(std::function<void()>)>;
    using Deliver = std::function<WebhookResult(const WebhookDelivery&, const WebhookTransport&,
                                                const std::atomic<bool>*)>;

    WebhookWorker(WebhookTransport transport, std::size_t capacity, PostToIo post_to_io,
                  Deliver deliver = deliver_webhook);
    ~WebhookWorker() override;
    WebhookWorker(const WebhookWorker&) = delete;
    WebhookWorker& operator=(const WebhookWorker&) = delete;

    bool post(WebhookDelivery delivery,
              std::function<void(const WebhookResult&)> done) override;
    void stop();  // idempotent

private:
    struct Job {
        WebhookDelivery delivery;
        std::function<void(const WebhookResult&)> done;
    };
    void run();

    const WebhookTransport transport_;
    const std::size_t capacity_;
    const PostToIo post_to_io_;
    const Deliver deliver_;
    std::mutex mutex_;
    std::condition_variable wake_;
    std::deque<Job> queue_;
    bool stopping_ = false;
    std::atomic<bool> cancelled_{false};
    std::thread thread_;  // last: starts once everything above exists
};

// Builds the transport options from the server configuration.
WebhookTransport webhook_transport(const ServerConfig& config);

}  // namespace umpire::server
