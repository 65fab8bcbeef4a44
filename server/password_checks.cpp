#include "server/password_checks.hpp"

#include <sodium.h>

#include "server/credentials.hpp"

namespace umpire::server {

PasswordCheckPool::PasswordCheckPool(int workers, std::size_t max_waiting, Post post,
                                     std::function<void()> before_check)
    : max_waiting_(max_waiting), post_(std::move(post)), before_check_(std::move(before_check)) {
    for (int i = 0; i < std::max(1, workers); ++i) workers_.emplace_back([this] { work(); });
}

PasswordCheckPool::~PasswordCheckPool() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
    for (auto& t : workers_) t.join();
}

bool PasswordCheckPool::verify(std::string stored_hash, std::string password,
                               std::function<void(bool)> done) {
    return enqueue({std::move(stored_hash), std::move(password), std::nullopt,
                    [done = std::move(done)](bool matches, const std::string&) { done(matches); }});
}

bool PasswordCheckPool::hash(std::string password, PasswordCost cost,
                             std::function<void(std::string)> done) {
    return enqueue({"", std::move(password), cost,
                    [done = std::move(done)](bool, std::string hash) { done(std::move(hash)); }});
}

bool PasswordCheckPool::enqueue(Check check) {
    {
        std::lock_guard lock(mutex_);
        if (waiting_.size() >= max_waiting_) return false;
        waiting_.push_back(std::move(check));
    }
    wake_.notify_one();
    return true;
}

void PasswordCheckPool::work() {
    for (;;) {
        Check check;
        {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, [this] { return stopping_ || !waiting_.empty(); });
            if (stopping_) return;
            check = std::move(waiting_.front());
            waiting_.pop_front();
        }
        bool matches = false;
        std::string hash;
        try {
            if (before_check_) before_check_();
            if (check.cost)
                hash = hash_password(check.password, *check.cost);
            else
                matches = verify_password(check.stored_hash, check.password);
        } catch (...) {
            matches = false;  // a check that cannot run lets no one in
            hash.clear();     // nor sets a password
        }
        sodium_memzero(check.password.data(), check.password.size());
        post_([done = std::move(check.done), matches, hash = std::move(hash)]() mutable {
            done(matches, std::move(hash));
        });
    }
}

}  // namespace umpire::server
