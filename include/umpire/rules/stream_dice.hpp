#pragma once
// Dice with a stream per audience (issue 28, docs/protocol.md "Dice"). Each roll names its stream
// (EventLog::roll: the contact it belongs to and the players who see it), and a stream's rolls
// come from that stream's own derived seed:
//     derived = HMAC-SHA256(dice key, stream name)
//     words   = xoshiro256** (Blackman and Vigna) whose state is derived's four big-endian
//               64-bit words
//     a roll of a d`sides` takes the next words: 1 + bounded_uniform(sides)
// So what one player draws never depends on what was drawn where it cannot see, and the derived
// seed of a stream (given to the players who see its rolls, who see all of them) tells nothing
// about any other stream or the period seed (the generator need not be unpredictable: whoever
// sees a stream's rolls holds its seed). One keyed hash a stream keeps it cheap: a period of
// 1,000 forces rolls some ten thousand dice.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>

#include "umpire/rules/dice.hpp"
#include "umpire/rules/sha256.hpp"

namespace umpire::rules {

using DerivedSeed = std::array<unsigned char, 32>;

// One stream's rolls, in order, from its derived seed.
class DerivedStream {
public:
    explicit DerivedStream(const DerivedSeed& derived);
    int roll(int sides);

private:
    std::uint64_t next_word();
    std::array<std::uint64_t, 4> state_;
};

std::string derived_seed_hex(std::string_view dice_key, std::string_view stream);

class StreamDice final : public DiceSource {
public:
    // `dice_key`: the secret the streams are derived from (storage passes a key derived from the
    // period's sealed seed).
    explicit StreamDice(std::string_view dice_key) : key_(dice_key) {}
    // A roll that names no stream takes the stream "unnamed".
    int roll(int sides, const std::string& purpose) override;
    int roll_in_stream(int sides, const std::string& purpose, std::string_view stream) override;
    bool has_streams() const override { return true; }
    // Rolls made so far.
    std::uint64_t draws() const { return draws_; }

private:
    HmacSha256 key_;
    std::unordered_map<std::string, DerivedStream> streams_;
    std::string lookup_;  // the name being looked up, reused
    std::uint64_t draws_ = 0;
};

}  // namespace umpire::rules
