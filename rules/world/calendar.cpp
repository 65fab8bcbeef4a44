#include "umpire/rules/calendar.hpp"

#include <cstdio>

namespace umpire::rules {

std::array<HalfPeriod, 2> half_periods_of(PeriodKind period) {
    if (period == PeriodKind::day) return {HalfPeriod::morning, HalfPeriod::afternoon};
    return {HalfPeriod::evening, HalfPeriod::night};
}

int end_hour(const Ruleset& ruleset, HalfPeriod half) {
    return ruleset.half_period_end_hours.at(static_cast<std::size_t>(half));
}

int start_hour(const Ruleset& ruleset, PeriodKind period) {
    return period == PeriodKind::day ? 0 : end_hour(ruleset, HalfPeriod::afternoon);
}

void advance(Calendar& calendar) {
    if (calendar.period == PeriodKind::day) {
        calendar.period = PeriodKind::night;
    } else {
        calendar.period = PeriodKind::day;
        ++calendar.day;
    }
}

namespace {
// Howard Hinnant's days_from_civil / civil_from_days.
long long days_from_civil(long long y, unsigned m, unsigned d) {
    y -= m <= 2;
    const long long era = (y >= 0 ? y : y - 399) / 400;
    const unsigned yoe = static_cast<unsigned>(y - era * 400);
    const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + static_cast<long long>(doe) - 719468;
}

void civil_from_days(long long z, long long& y, unsigned& m, unsigned& d) {
    z += 719468;
    const long long era = (z >= 0 ? z : z - 146096) / 146097;
    const unsigned doe = static_cast<unsigned>(z - era * 146097);
    const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const unsigned mp = (5 * doy + 2) / 153;
    d = doy - (153 * mp + 2) / 5 + 1;
    m = mp < 10 ? mp + 3 : mp - 9;
    y = static_cast<long long>(yoe) + era * 400 + (m <= 2);
}

bool parse_iso(const std::string& text, long long& y, unsigned& m, unsigned& d) {
    if (text.size() != 10 || text[4] != '-' || text[7] != '-') return false;
    for (std::size_t i : {0, 1, 2, 3, 5, 6, 8, 9})
        if (text[i] < '0' || text[i] > '9') return false;
    y = std::stoll(text.substr(0, 4));
    m = static_cast<unsigned>(std::stoul(text.substr(5, 2)));
    d = static_cast<unsigned>(std::stoul(text.substr(8, 2)));
    if (m < 1 || m > 12 || d < 1) return false;
    // A day that does not exist comes back as another date.
    long long y2;
    unsigned m2, d2;
    civil_from_days(days_from_civil(y, m, d), y2, m2, d2);
    return y2 == y && m2 == m && d2 == d;
}
}  // namespace

bool is_iso_date(const std::string& text) {
    long long y;
    unsigned m, d;
    return parse_iso(text, y, m, d);
}

std::string date_of_day(const std::string& start_date, int day) {
    long long y;
    unsigned m, d;
    if (!parse_iso(start_date, y, m, d)) return {};
    civil_from_days(days_from_civil(y, m, d) + day - 1, y, m, d);
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%04lld-%02u-%02u", y, m, d);
    return buffer;
}

}  // namespace umpire::rules
