#include "server/change_listener.hpp"

#include <spdlog/spdlog.h>

#include <chrono>
#include <memory>
#include <optional>

#include "storage/postgres/campaign_changes.hpp"

namespace umpire::server {

namespace {

constexpr int kWaitMs = 200;  // how long one wait lasts: the longest a stop waits
constexpr auto kRetry = std::chrono::seconds(1);

}  // namespace

ChangeListener::ChangeListener(std::string url, Post post,
                               std::function<void(const std::string&)> changed,
                               std::function<void()> missed)
    : url_(std::move(url)),
      post_(std::move(post)),
      changed_(std::move(changed)),
      missed_(std::move(missed)),
      thread_([this] { run(); }) {}

ChangeListener::~ChangeListener() {
    stopping_ = true;
    thread_.join();
}

void ChangeListener::run() {
    std::unique_ptr<storage::pg::CampaignChanges> changes;
    bool failing = false;
    while (!stopping_) {
        try {
            if (!changes) {
                changes = std::make_unique<storage::pg::CampaignChanges>(url_);
                // Whatever was committed before it listened went unheard.
                post_([missed = missed_] { missed(); });
            }
            const auto change = changes->next(kWaitMs);
            if (changes->missed_changes()) post_([missed = missed_] { missed(); });
            if (change)
                post_([changed = changed_, id = change->campaign] { changed(id); });
            if (failing) spdlog::info("listening to other servers' changes again");
            failing = false;
        } catch (const std::exception& e) {
            // The database is away: commands fail and say so meanwhile; listen again when back.
            if (!failing) spdlog::warn("not hearing other servers' changes: {}", e.what());
            failing = true;
            changes.reset();
            for (auto waited = std::chrono::milliseconds(0); waited < kRetry && !stopping_;
                 waited += std::chrono::milliseconds(kWaitMs))
                std::this_thread::sleep_for(std::chrono::milliseconds(kWaitMs));
        }
    }
}

}  // namespace umpire::server
