#pragma once
// argon2id checks off the I/O thread (docs/security.md, "Logins"). A check takes tens of
// milliseconds and 64 MiB by design; on the one I/O thread twenty parallel logins stalled every
// campaign for two seconds. A few workers run them; their results are posted back to the I/O
// thread. The number of workers and of checks waiting are named limits: past the queue the
// login is answered "busy", not queued without end.
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "server/credentials.hpp"

namespace umpire::server {

class PasswordVerifier {
public:
    virtual ~PasswordVerifier() = default;
    // Checks `password` against `stored_hash` and calls `done` on the I/O thread. False (and
    // `done` is never called) when too many checks are waiting.
    virtual bool verify(std::string stored_hash, std::string password,
                        std::function<void(bool matches)> done) = 0;
    // Hashes a new password (sign-up, password change and reset) and calls `done` with the
    // argon2id string on the I/O thread ("" if hashing failed). False as for verify.
    virtual bool hash(std::string password, PasswordCost cost,
                      std::function<void(std::string hash)> done) = 0;
};

class PasswordCheckPool final : public PasswordVerifier {
public:
    using Post = std::function<void(std::function<void()>)>;  // onto the I/O thread
    // `before_check` runs in the worker before each check (the tests' fault injection).
    PasswordCheckPool(int workers, std::size_t max_waiting, Post post,
                      std::function<void()> before_check = {});
    ~PasswordCheckPool() override;  // stops and joins the workers; waiting checks are dropped

    bool verify(std::string stored_hash, std::string password,
                std::function<void(bool)> done) override;
    bool hash(std::string password, PasswordCost cost,
              std::function<void(std::string)> done) override;

private:
    // A check (stored_hash set) or a hash (cost set); `done` gets the match or the new hash.
    struct Check {
        std::string stored_hash, password;
        std::optional<PasswordCost> cost;
        std::function<void(bool matches, std::string hash)> done;
    };
    bool enqueue(Check check);
    void work();

    std::size_t max_waiting_;
    Post post_;
    std::function<void()> before_check_;
    std::mutex mutex_;
    std::condition_variable wake_;
    std::deque<Check> waiting_;
    bool stopping_ = false;
    std::vector<std::thread> workers_;
};

}  // namespace umpire::server
