#pragma once
// Integer rounding shared by the rules: the rulebook rounds figures and move points half up.

namespace umpire::rules {

// numerator / denominator rounded half up, for numerator >= 0 and denominator > 0.
constexpr long long divide_half_up(long long numerator, long long denominator) {
    return (2 * numerator + denominator) / (2 * denominator);
}

// `percent`% of `value`, rounded half up (value, percent >= 0).
constexpr long long percent_half_up(long long value, long long percent) {
    return divide_half_up(value * percent, 100);
}

}  // namespace umpire::rules
