#pragma once
// Period seeds (DESIGN habit 5, docs/storage.md "Seeds"). A seed is 32 random bytes from
// libsodium, written as 64 lowercase hex digits. Its SHA-256 (of those 64 characters) is
// published when the period opens; the seed itself is revealed when the resolution commits, so
// every player can check the hash and re-derive every roll. The dice seed is the first 16 hex
// digits read as a big-endian 64-bit number.
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

namespace umpire::storage {

// SHA-256 of `data` as 64 lowercase hex digits (libsodium).
std::string sha256_hex(std::string_view data);

struct SealedSeed {
    std::string secret;  // never printed or logged before it is revealed
    std::string hash;
};

// A fresh seed from the operating system's random source.
SealedSeed draw_seed();
// Where a campaign's period seeds come from: draw_seed in play; tests may fix the sequence.
using SeedSource = std::function<SealedSeed()>;
// The sealed form of a chosen secret (which must pass is_seed).
SealedSeed seal_seed(std::string secret);
bool is_seed(std::string_view text);
// The generator seed the dice are drawn with; `secret` must pass is_seed.
std::uint64_t dice_seed(std::string_view secret);
// The dice seed of one battle's companion (R-8.3 PIP dice): the first 16 hex digits of
// SHA-256(secret + ":companion:" + battle id), read as dice_seed reads a seed. Derived from the
// period's sealed seed, so the rolls are fixed before the battle and can be re-derived once the
// period's seed is revealed; each battle gets its own sequence.
std::uint64_t companion_dice_seed(std::string_view secret, std::string_view battle_id);

}  // namespace umpire::storage
