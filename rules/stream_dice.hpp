#pragma once
// Dice with a stream per roll (issue 28, docs/protocol.md "Dice"). Each roll names its stream
// (EventLog::roll builds the name from the contact it belongs to, its purpose, its subject and
// how many rolls of that stream came before), and its value comes from that stream's own
// derived seed:
//     derived = HMAC-SHA256(dice key, stream name)
//     value   = 1 + bounded_uniform(sides) over the big-endian 64-bit words of derived, then of
//               SHA-256(derived), SHA-256(SHA-256(derived)), ... (rejection almost never
//               needs a second word)
// So what one player draws never depends on what was drawn for anybody else, and the derived
// seed of a roll (given to the players who saw the roll) tells nothing about any other roll or
// the period seed.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "rules/dice.hpp"
#include "rules/sha256.hpp"

namespace umpire::rules {

using DerivedSeed = std::array<unsigned char, 32>;

// The value of a d`sides` roll whose stream has `derived` as its seed.
int roll_from_derived(const DerivedSeed& derived, int sides);
std::string derived_seed_hex(std::string_view dice_key, std::string_view stream);

class StreamDice final : public DiceSource {
public:
    // `dice_key`: the secret the streams are derived from (storage passes a key derived from the
    // period's sealed seed).
    explicit StreamDice(std::string_view dice_key) : key_(dice_key) {}
    // A roll that names no stream takes the next of a stream of its own ("unnamed#n").
    int roll(int sides, const std::string& purpose) override;
    int roll_in_stream(int sides, const std::string& purpose, std::string_view stream) override;
    bool has_streams() const override { return true; }
    // Rolls made so far.
    std::uint64_t draws() const { return draws_; }

private:
    HmacSha256 key_;
    std::uint64_t draws_ = 0;
    std::uint64_t unnamed_ = 0;
};

}  // namespace umpire::rules
