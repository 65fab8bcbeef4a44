#include "umpire/rules/stream_dice.hpp"

#include <stdexcept>

namespace umpire::rules {

namespace {
constexpr std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
}  // namespace

DerivedStream::DerivedStream(const DerivedSeed& derived) {
    for (int w = 0; w < 4; ++w) {
        std::uint64_t word = 0;
        for (int i = 0; i < 8; ++i) word = word << 8 | derived[w * 8 + i];
        state_[w] = word;
    }
    // xoshiro's one bad state, all zero: 2^-256 likely, and defined all the same.
    if ((state_[0] | state_[1] | state_[2] | state_[3]) == 0) state_[0] = 1;
}

// xoshiro256** 1.0 (Blackman and Vigna, public domain).
std::uint64_t DerivedStream::next_word() {
    const std::uint64_t result = rotl(state_[1] * 5, 7) * 9;
    const std::uint64_t t = state_[1] << 17;
    state_[2] ^= state_[0];
    state_[3] ^= state_[1];
    state_[1] ^= state_[2];
    state_[0] ^= state_[3];
    state_[2] ^= t;
    state_[3] = rotl(state_[3], 45);
    return result;
}

int DerivedStream::roll(int sides) {
    if (sides < 1) throw std::invalid_argument("a die needs at least one side");
    auto words = [this] { return next_word(); };
    return static_cast<int>(bounded_uniform(words, static_cast<std::uint64_t>(sides))) + 1;
}

std::string derived_seed_hex(std::string_view dice_key, std::string_view stream) {
    return hmac_sha256_hex(dice_key, stream);
}

int StreamDice::roll(int sides, const std::string& purpose) {
    return roll_in_stream(sides, purpose, "unnamed");
}

int StreamDice::roll_in_stream(int sides, const std::string& /*purpose*/,
                               std::string_view stream) {
    lookup_.assign(stream);
    auto it = streams_.find(lookup_);
    if (it == streams_.end()) it = streams_.emplace(lookup_, DerivedStream(key_.digest(stream))).first;
    const int value = it->second.roll(sides);
    ++draws_;
    return value;
}

}  // namespace umpire::rules
