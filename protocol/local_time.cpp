#include "protocol/local_time.hpp"

#include <date/date.h>
#include <date/tz.h>

#include <optional>
#include <sstream>

namespace umpire::protocol {

namespace {

using Millis = std::chrono::sys_time<std::chrono::milliseconds>;

std::optional<Millis> parse_utc(const std::string& text) {
    std::istringstream in(text);
    Millis t;
    in >> date::parse("%FT%TZ", t);
    if (in.fail()) return std::nullopt;
    return t;
}

}  // namespace

std::string both_zones(const std::string& iso_utc, const std::string& zone) {
    const auto t = parse_utc(iso_utc);
    if (!t) return iso_utc;
    const auto minutes = std::chrono::floor<std::chrono::minutes>(*t);
    std::string out = date::format("%F %H:%M UTC", minutes);
    if (zone.empty() || zone == "UTC") return out;
    try {
        const date::zoned_time local{zone, minutes};
        out += " (" + date::format("%F %H:%M %Z", local) + ", " + zone + ")";
    } catch (const std::exception&) {
        // An unknown zone on this machine: UTC alone is still right.
    }
    return out;
}

std::string from_now(const std::string& iso_utc, std::chrono::system_clock::time_point now) {
    const auto t = parse_utc(iso_utc);
    if (!t) return "";
    using namespace std::chrono;
    const auto diff = duration_cast<minutes>(*t - time_point_cast<milliseconds>(now));
    const long long total = diff.count() < 0 ? -diff.count() : diff.count();
    std::string span;
    if (total >= 60 * 24) span = std::to_string(total / (60 * 24)) + " d ";
    if (total >= 60) span += std::to_string(total / 60 % 24) + " h ";
    span += std::to_string(total % 60) + " min";
    return diff.count() < 0 ? span + " ago" : "in " + span;
}

}  // namespace umpire::protocol
