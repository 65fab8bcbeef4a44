#include "server/deadlines.hpp"

#include <date/date.h>
#include <date/tz.h>

#include <algorithm>
#include <array>
#include <set>
#include <sstream>

namespace umpire::server {

using Json = nlohmann::json;
using namespace std::chrono;

namespace {

constexpr long long kMaxMinMinutes = 60LL * 24 * 30;  // a month
constexpr std::array<const char*, 7> kWeekdays{"sun", "mon", "tue", "wed", "thu", "fri", "sat"};

// "HH:MM" → minutes after midnight, or -1.
int minutes_of_day(const std::string& text) {
    if (text.size() != 5 || text[2] != ':') return -1;
    for (int i : {0, 1, 3, 4})
        if (!std::isdigit(static_cast<unsigned char>(text[i]))) return -1;
    const int h = std::stoi(text.substr(0, 2));
    const int m = std::stoi(text.substr(3, 2));
    return h < 24 && m < 60 ? h * 60 + m : -1;
}

int weekday_of(const std::string& name) {
    for (int i = 0; i < 7; ++i)
        if (name == kWeekdays[i]) return i;
    return -1;
}

const date::time_zone* find_zone(const std::string& name) {
    try {
        return date::locate_zone(name);
    } catch (const std::exception&) {
        return nullptr;
    }
}

using LocalMinutes = date::local_time<minutes>;

// "YYYY-MM-DDTHH:MM" as a local time, or nullopt.
std::optional<LocalMinutes> parse_local(const std::string& text) {
    if (text.size() != 16) return std::nullopt;
    std::istringstream in(text);
    LocalMinutes t;
    in >> date::parse("%Y-%m-%dT%H:%M", t);
    if (in.fail()) return std::nullopt;
    return t;
}

// A local time as a moment: a time the clocks jumped over is the moment they changed; one
// they passed twice is the later.
TimePoint moment(const date::time_zone* zone, LocalMinutes local) {
    const auto info = zone->get_info(local);
    if (info.result == date::local_info::nonexistent) return info.first.end;
    return zone->to_sys(local, date::choose::latest);
}

std::string check_members(const Json& policy, const std::set<std::string>& required,
                          const std::set<std::string>& optional) {
    for (const auto& name : required)
        if (!policy.contains(name))
            return "a " + policy["kind"].get<std::string>() + " deadline gives \"" + name + "\"";
    for (auto it = policy.begin(); it != policy.end(); ++it)
        if (it.key() != "kind" && !required.count(it.key()) && !optional.count(it.key()))
            return "a " + policy["kind"].get<std::string>() + " deadline has no \"" + it.key() +
                   "\"";
    return "";
}

// What the local kinds share: time_zone and min_minutes, both optional.
std::string local_problem(const Json& policy) {
    if (policy.contains("time_zone") &&
        (!policy["time_zone"].is_string() || !find_zone(policy["time_zone"])))
        return "\"time_zone\" must be an IANA time zone name, such as Europe/Oslo";
    if (policy.contains("min_minutes")) {
        const Json& v = policy["min_minutes"];
        if (!v.is_number_integer() || v.get<long long>() < 0 || v.get<long long>() > kMaxMinMinutes)
            return "\"min_minutes\" must be a whole number from 0 to 43200 (30 days)";
    }
    if (policy.contains("time") &&
        (!policy["time"].is_string() || minutes_of_day(policy["time"]) < 0))
        return "\"time\" must be HH:MM, 00:00 to 23:59";
    return "";
}

std::string kind_problem(const Json& policy, const std::string& kind) {
    const std::set<std::string> local{"time_zone", "min_minutes"};
    if (kind == "wall_clock") return check_members(policy, {"time"}, local);
    if (kind == "weekly") {
        if (auto p = check_members(policy, {"days", "time"}, local); !p.empty()) return p;
        const Json& days = policy["days"];
        if (!days.is_array() || days.empty() || days.size() > 7)
            return "\"days\" lists 1 to 7 weekdays: sun, mon, tue, wed, thu, fri, sat";
        for (const auto& d : days)
            if (!d.is_string() || weekday_of(d) < 0)
                return "\"days\" lists weekdays: sun, mon, tue, wed, thu, fri, sat";
        return "";
    }
    if (kind == "every_days") {
        if (auto p = check_members(policy, {"days", "time"}, local); !p.empty()) return p;
        const Json& n = policy["days"];
        if (!n.is_number_integer() || n.get<long long>() < 1 || n.get<long long>() > 60)
            return "\"days\" must be a whole number from 1 to 60";
        return "";
    }
    if (kind == "dates") {
        if (auto p = check_members(policy, {"at"}, local); !p.empty()) return p;
        const Json& at = policy["at"];
        if (!at.is_array() || at.empty() || at.size() > 500)
            return "\"at\" lists 1 to 500 local date-times, YYYY-MM-DDTHH:MM";
        for (const auto& t : at)
            if (!t.is_string() || !parse_local(t))
                return "\"at\" lists local date-times, YYYY-MM-DDTHH:MM";
        return "";
    }
    return "the kind must be manual, duration, wall_clock, weekly, every_days or dates";
}

// The candidate local times of a schedule from the opening's local day on, in order, until
// `take` returns true (it is given each as a moment).
template <class Take>
void walk_schedule(const Json& policy, const std::string& kind, const date::time_zone* zone,
                   TimePoint opened, Take take) {
    const auto first_day = date::floor<date::days>(zone->to_local(opened));
    if (kind == "dates") {
        std::vector<LocalMinutes> at;
        for (const auto& t : policy["at"]) at.push_back(*parse_local(t));
        std::sort(at.begin(), at.end());
        for (const auto& t : at)
            if (take(moment(zone, t))) return;
        return;
    }
    const minutes time{minutes_of_day(policy["time"])};
    if (kind == "every_days") {
        // HH:MM on the N-th day after the opening day, then every N days after that.
        const date::days step{policy["days"].get<int>()};
        for (auto day = first_day + step; day < first_day + date::days{3700}; day += step)
            if (take(moment(zone, day + time))) return;
        return;
    }
    std::set<int> weekdays;
    if (kind == "weekly")
        for (const auto& d : policy["days"]) weekdays.insert(weekday_of(d));
    for (auto day = first_day; day < first_day + date::days{3700}; day += date::days{1}) {
        if (kind == "weekly" && !weekdays.count(date::weekday(day).c_encoding())) continue;
        if (take(moment(zone, day + time))) return;
    }
}

}  // namespace

std::string deadline_policy_problem(const Json& policy) {
    if (!policy.is_object() || !policy.contains("kind") || !policy["kind"].is_string())
        return "a deadline is an object with a \"kind\"";
    const std::string kind = policy["kind"];
    if (kind == "manual") return policy.size() == 1 ? "" : "manual deadlines take no members";
    if (kind == "duration") {
        const bool has_m = policy.contains("minutes"), has_s = policy.contains("seconds");
        if (has_m == has_s || policy.size() != 2) return "a duration gives minutes or seconds";
        const Json& v = policy[has_m ? "minutes" : "seconds"];
        const long long max = has_m ? 60LL * 24 * 60 : 60LL * 60 * 24 * 60;  // 60 days
        if (!v.is_number_integer() || v.get<long long>() < 1 || v.get<long long>() > max)
            return "the duration must be a whole number from 1 to 60 days";
        return "";
    }
    if (auto p = kind_problem(policy, kind); !p.empty()) return p;
    return local_problem(policy);
}

std::optional<TimePoint> due_time(const Json& policy, TimePoint opened,
                                  const std::string& campaign_zone) {
    const std::string kind = policy.value("kind", "manual");
    if (kind == "duration") {
        if (policy.contains("minutes")) return opened + minutes(policy["minutes"].get<long long>());
        return opened + seconds(policy["seconds"].get<long long>());
    }
    if (kind == "manual") return std::nullopt;
    const date::time_zone* zone = find_zone(policy.value("time_zone", campaign_zone));
    if (!zone) zone = date::locate_zone("UTC");
    const TimePoint earliest = opened + minutes(policy.value("min_minutes", 0LL));
    std::optional<TimePoint> due;
    walk_schedule(policy, kind, zone, opened, [&](TimePoint candidate) {
        // Strictly after the opening, and at least the minimum after it.
        if (candidate <= opened || candidate < earliest) return false;
        due = candidate;
        return true;
    });
    return due;
}

std::string iso_utc(TimePoint t) {
    return date::format("%FT%TZ", date::floor<milliseconds>(t));
}

// date::parse's seconds start unset and are set before use; GCC 12 at -O3 (Release) cannot tell.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
std::optional<TimePoint> parse_iso_utc(const std::string& text) {
    std::istringstream in(text);
    date::sys_time<milliseconds> t;
    in >> date::parse("%FT%TZ", t);
    if (in.fail()) return std::nullopt;
    return TimePoint(t);
}
#pragma GCC diagnostic pop

}  // namespace umpire::server
