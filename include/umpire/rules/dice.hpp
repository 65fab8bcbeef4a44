#pragma once
// Dice sources (DESIGN habit 5: randomness is state). The engine asks for rolls through
// DiceSource; tests script the values, play uses a seeded generator whose seed and draw count
// are saved. Every roll is also an event naming its purpose (see EventLog::roll).
#include <cstdint>
#include <random>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace umpire::rules {

class DiceSource {
public:
    virtual ~DiceSource() = default;
    // One die with `sides` faces: a value in 1..sides. `purpose` names why it is rolled.
    virtual int roll(int sides, const std::string& purpose) = 0;
    // The same roll, named by the stream it belongs to (include/umpire/rules/stream_dice.hpp).
    // Sources without streams (seeded and scripted dice) take rolls in the order the engine asks
    // for them.
    virtual int roll_in_stream(int sides, const std::string& purpose, std::string_view stream) {
        (void)stream;
        return roll(sides, purpose);
    }
    // Whether rolls come from their named streams (then each dice_roll event names it).
    virtual bool has_streams() const { return false; }
};

// Uniform integer in [0, bound), bound > 0, by rejection sampling over a 64-bit engine. Ours,
// not std::uniform_int_distribution, whose output differs between standard library builds.
template <typename Engine>
std::uint64_t bounded_uniform(Engine& engine, std::uint64_t bound) {
    // Reject the lowest (2^64 mod bound) outputs so every residue is equally likely.
    const std::uint64_t threshold = (0 - bound) % bound;
    for (;;) {
        const std::uint64_t x = engine();
        if (x >= threshold) return x % bound;
    }
}

// The seed of one period's dice, derived from a campaign seed (SplitMix64 of seed and period):
// resolving a period needs only the campaign seed and the period, never the draws before it.
std::uint64_t period_seed(std::uint64_t campaign_seed, int period_ordinal);

class SeededDice final : public DiceSource {
public:
    // Restores a generator that has already made `draws` draws.
    explicit SeededDice(std::uint64_t seed, std::uint64_t draws = 0);
    int roll(int sides, const std::string& purpose) override;
    std::uint64_t seed() const { return seed_; }
    // Raw engine outputs consumed so far (a rejected sample counts): enough to resume.
    std::uint64_t draws() const { return draws_; }

private:
    std::uint64_t seed_;
    std::uint64_t draws_ = 0;
    std::mt19937_64 engine_;
};

// Thrown when scripted dice run out or do not match: a broken test script, not bad play input.
class DiceScriptError : public std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct ScriptedRoll {
    int value = 0;
    std::string purpose;  // empty: any purpose; otherwise must prefix-match the request
};

class ScriptedDice final : public DiceSource {
public:
    explicit ScriptedDice(std::vector<ScriptedRoll> rolls) : rolls_(std::move(rolls)) {}
    int roll(int sides, const std::string& purpose) override;
    std::size_t used() const { return next_; }
    std::size_t remaining() const { return rolls_.size() - next_; }

private:
    std::vector<ScriptedRoll> rolls_;
    std::size_t next_ = 0;
};

}  // namespace umpire::rules
