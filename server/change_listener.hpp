#pragma once
// Hears what other servers on the same PostgreSQL database commit (issue 33). A thread of its own
// waits on PostgreSQL's LISTEN (storage/postgres/campaign_changes.hpp) and hands each campaign id
// it hears to `changed`, and a possible gap (the listening connection was made again) to
// `missed`, both through `post` (onto the I/O thread, where rooms live). Nothing on SQLite: one
// server owns a file.
#include <atomic>
#include <functional>
#include <string>
#include <thread>

namespace umpire::server {

class ChangeListener {
public:
    using Post = std::function<void(std::function<void()>)>;
    ChangeListener(std::string url, Post post, std::function<void(const std::string&)> changed,
                   std::function<void()> missed);
    ~ChangeListener();  // stops the thread and waits for it (at most one wait's length)
    ChangeListener(const ChangeListener&) = delete;
    ChangeListener& operator=(const ChangeListener&) = delete;

private:
    void run();

    std::string url_;
    Post post_;
    std::function<void(const std::string&)> changed_;
    std::function<void()> missed_;
    std::atomic<bool> stopping_{false};
    std::thread thread_;
};

}  // namespace umpire::server
