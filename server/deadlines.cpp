#include "server/deadlines.hpp"

#include <date/date.h>
#include <date/tz.h>

#include <sstream>

namespace umpire::server {

using Json = nlohmann::json;
using namespace std::chrono;

namespace {

// "HH:MM" → minutes after midnight, or -1.
int minutes_of_day(const std::string& text) {
    if (text.size() != 5 || text[2] != ':') return -1;
    for (int i : {0, 1, 3, 4})
        if (!std::isdigit(static_cast<unsigned char>(text[i]))) return -1;
    const int h = std::stoi(text.substr(0, 2));
    const int m = std::stoi(text.substr(3, 2));
    return h < 24 && m < 60 ? h * 60 + m : -1;
}

const date::time_zone* find_zone(const std::string& name) {
    try {
        return date::locate_zone(name);
    } catch (const std::exception&) {
        return nullptr;
    }
}

}  // namespace

std::string deadline_policy_problem(const Json& policy) {
    if (!policy.is_object()) return "a deadline is an object with a \"kind\"";
    const std::string kind = policy.value("kind", "");
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
    if (kind == "wall_clock") {
        if (policy.size() != 3 || !policy.contains("time") || !policy.contains("time_zone"))
            return "a wall-clock deadline gives \"time\" (HH:MM) and \"time_zone\"";
        if (!policy["time"].is_string() || minutes_of_day(policy["time"]) < 0)
            return "\"time\" must be HH:MM, 00:00 to 23:59";
        if (!policy["time_zone"].is_string() || !find_zone(policy["time_zone"]))
            return "\"time_zone\" must be an IANA time zone name, such as Europe/Oslo";
        return "";
    }
    return "the kind must be manual, duration or wall_clock";
}

std::optional<TimePoint> due_time(const Json& policy, TimePoint opened) {
    const std::string kind = policy.value("kind", "manual");
    if (kind == "duration") {
        if (policy.contains("minutes")) return opened + minutes(policy["minutes"].get<long long>());
        return opened + seconds(policy["seconds"].get<long long>());
    }
    if (kind != "wall_clock") return std::nullopt;
    const date::time_zone* zone = find_zone(policy["time_zone"]);
    const int at = minutes_of_day(policy["time"]);
    const auto local = zone->to_local(opened);
    auto day = date::floor<date::days>(local);
    for (int i = 0; i < 3; ++i, day += date::days{1}) {
        const auto wanted = day + minutes(at);
        const auto info = zone->get_info(wanted);
        TimePoint due;
        if (info.result == date::local_info::nonexistent)
            due = info.first.end;  // the clocks jumped over it: the moment they changed
        else
            due = zone->to_sys(wanted, date::choose::latest);
        if (due > opened) return due;
    }
    return std::nullopt;  // unreachable: a local time recurs within two days
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
