#include "rules/stream_dice.hpp"

#include <stdexcept>

#include "rules/sha256.hpp"

namespace umpire::rules {

namespace {

// The words of a derived seed, four per block, each block the SHA-256 of the one before.
class DerivedWords {
public:
    explicit DerivedWords(const DerivedSeed& seed) : block_(seed) {}
    std::uint64_t operator()() {
        if (next_ == 4) {
            block_ = sha256_digest(std::string_view(reinterpret_cast<const char*>(block_.data()),
                                                    block_.size()));
            next_ = 0;
        }
        std::uint64_t word = 0;
        for (int i = 0; i < 8; ++i) word = word << 8 | block_[next_ * 8 + i];
        ++next_;
        return word;
    }

private:
    DerivedSeed block_;
    int next_ = 0;
};

}  // namespace

int roll_from_derived(const DerivedSeed& derived, int sides) {
    if (sides < 1) throw std::invalid_argument("a die needs at least one side");
    DerivedWords words(derived);
    return static_cast<int>(bounded_uniform(words, static_cast<std::uint64_t>(sides))) + 1;
}

std::string derived_seed_hex(std::string_view dice_key, std::string_view stream) {
    return hmac_sha256_hex(dice_key, stream);
}

int StreamDice::roll(int sides, const std::string& purpose) {
    return roll_in_stream(sides, purpose, "unnamed#" + std::to_string(++unnamed_));
}

int StreamDice::roll_in_stream(int sides, const std::string& /*purpose*/,
                               std::string_view stream) {
    const int value = roll_from_derived(key_.digest(stream), sides);
    ++draws_;
    return value;
}

}  // namespace umpire::rules
