#include "umpire/rules/dice.hpp"

namespace umpire::rules {

std::uint64_t period_seed(std::uint64_t campaign_seed, int period_ordinal) {
    std::uint64_t z = campaign_seed + 0x9E3779B97F4A7C15ULL * (static_cast<std::uint64_t>(period_ordinal) + 1);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

SeededDice::SeededDice(std::uint64_t seed, std::uint64_t draws) : seed_(seed), engine_(seed) {
    engine_.discard(draws);
    draws_ = draws;
}

int SeededDice::roll(int sides, const std::string& /*purpose*/) {
    if (sides < 1) throw std::invalid_argument("a die needs at least one side");
    auto counting = [this] {
        ++draws_;
        return engine_();
    };
    return static_cast<int>(bounded_uniform(counting, static_cast<std::uint64_t>(sides))) + 1;
}

int ScriptedDice::roll(int sides, const std::string& purpose) {
    if (next_ >= rolls_.size())
        throw DiceScriptError("scripted dice ran out at roll " + std::to_string(next_ + 1) +
                              " (" + purpose + ")");
    const ScriptedRoll& r = rolls_[next_];
    if (!r.purpose.empty() && purpose.rfind(r.purpose, 0) != 0)
        throw DiceScriptError("scripted roll " + std::to_string(next_ + 1) + " is for \"" +
                              r.purpose + "\" but the engine rolled for \"" + purpose + "\"");
    if (r.value < 1 || r.value > sides)
        throw DiceScriptError("scripted roll " + std::to_string(next_ + 1) + " is " +
                              std::to_string(r.value) + ", not a d" + std::to_string(sides) +
                              " value (" + purpose + ")");
    ++next_;
    return r.value;
}

}  // namespace umpire::rules
