#pragma once
// Password guessing, slowed down (docs/security.md, "Logins"). Every password attempt counts
// against its account name and its client address until it succeeds; past a few free attempts
// each further one must wait twice as long as the last (1 s, 2 s, 4 s … capped), answered with
// rate_limited and a Retry-After. An attempt is counted when it starts, not when its hash check
// ends, so twenty parallel guesses are throttled like twenty in a row. The counts are kept in
// the database (table login_throttle), so that several servers on one database count the same
// guesses: a guesser gains nothing by spreading its attempts over them. Time is passed in.
#include <chrono>
#include <string>

#include "storage/server_store.hpp"

namespace umpire::server {

struct LoginThrottlePolicy {
    int free_per_account = 5;    // attempts before the first delay, per account name
    int free_per_address = 20;   // per client address (a household or club shares one)
    double base_delay_seconds = 1;
    double max_delay_seconds = 900;
};

class LoginThrottle {
public:
    using TimePoint = std::chrono::system_clock::time_point;
    LoginThrottle(LoginThrottlePolicy policy, storage::ServerStore& store)
        : policy_(policy), store_(&store) {}

    // Whole seconds to wait before an attempt for `account` from `address`; 0: go ahead. When
    // 0, the attempt is counted (call succeeded() if the password was right).
    int attempt(const std::string& account, const std::string& address, TimePoint now);
    // The password was right: the account's count starts again, and the address gets back the
    // attempt it was charged (it keeps the count of its failures, so one good account does not
    // unlock guessing at others from there, and a club that logs in all day is never held up).
    void succeeded(const std::string& account, const std::string& address);

private:
    int wait_for(const std::optional<storage::ThrottleRow>& r, TimePoint now) const;
    storage::ThrottleRow counted(std::optional<storage::ThrottleRow> r, int free,
                                 TimePoint now) const;
    void forget_idle(TimePoint now);  // bounds the table against a flood of made-up names

    LoginThrottlePolicy policy_;
    storage::ServerStore* store_;
    TimePoint last_forgotten_{};
};

}  // namespace umpire::server
