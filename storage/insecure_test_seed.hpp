#pragma once
// TEST ONLY: a fixed seed for everything the server would otherwise draw at random (period
// seeds, session tokens, invite codes, webhook secrets and delivery ids, error ids), so that two
// runs of the same campaign produce the same bytes for a player (the non-interference test,
// docs/protocol.md "How the promise is tested"). Set only by `umpire-server
// --insecure-test-seed HEX`, which refuses to start unless bound to loopback. With it set,
// anyone who knows the seed can predict every token and every die: never in play.
//
// Each purpose has its own stream: the n-th value drawn for a purpose is taken from
// SHA-256(seed ":" purpose ":" n) (repeated with ":" k appended for more than 32 bytes), so
// drawing for one purpose does not move another's (a webhook secret drawn for one account does
// not change the next period's seed). Within one purpose the values follow the order of draws.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace umpire::storage {

// Sets the process's test seed: 64 hex digits. Throws std::invalid_argument otherwise.
void set_insecure_test_seed(std::string_view hex);
bool insecure_test_seed_set();
// True when `hex` is a valid test seed (64 hex digits).
bool is_insecure_test_seed(std::string_view hex);
// The next `size` bytes of `purpose`'s stream; nullopt when no test seed is set (draw at random).
std::optional<std::vector<unsigned char>> insecure_test_bytes(std::string_view purpose,
                                                              std::size_t size);

}  // namespace umpire::storage
