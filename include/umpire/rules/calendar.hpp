#pragma once
// The campaign calendar: days of four half periods, two periods a day.
#include <array>
#include <optional>
#include <string>

#include "umpire/rules/ruleset.hpp"
#include "umpire/rules/world.hpp"

namespace umpire::rules {

// The two half periods of a period, in order.
std::array<HalfPeriod, 2> half_periods_of(PeriodKind period);

// Hour at which a half period ends (R-2.1: 6, 12, 18, 24 by default).
int end_hour(const Ruleset& ruleset, HalfPeriod half);
// Hour at which a period begins: 0 for the day period (sunrise begins hour 1), else the
// end of the afternoon.
int start_hour(const Ruleset& ruleset, PeriodKind period);

// The day after `calendar`'s current period: day -> night of the same day -> next day.
void advance(Calendar& calendar);

// ISO date checks and arithmetic on the proleptic Gregorian calendar.
bool is_iso_date(const std::string& text);
// The date of campaign day `day` (day 1 is start_date). Empty if start_date is not a date.
std::string date_of_day(const std::string& start_date, int day);

}  // namespace umpire::rules
