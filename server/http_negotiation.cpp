#include "server/http_negotiation.hpp"

#include <algorithm>
#include <cctype>

namespace umpire::server {

namespace {

bool is_space(char c) { return c == ' ' || c == '\t'; }

std::string_view trim(std::string_view s) {
    while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
    while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
    return s;
}

bool iequals(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i])))
            return false;
    return true;
}

// RFC 9110 qvalue: "0" ["." 0*3DIGIT] or "1" ["." 0*3"0"]. Returns thousandths, -1 if malformed.
int parse_qvalue(std::string_view q) {
    if (q.empty() || (q[0] != '0' && q[0] != '1')) return -1;
    int value = (q[0] - '0') * 1000;
    if (q.size() == 1) return value;
    if (q[1] != '.' || q.size() > 5) return -1;
    int scale = 100;
    for (std::size_t i = 2; i < q.size(); ++i, scale /= 10) {
        if (!std::isdigit(static_cast<unsigned char>(q[i]))) return -1;
        value += (q[i] - '0') * scale;
    }
    return value > 1000 ? -1 : value;
}

// One Accept-Encoding element "coding *( ; param )": its coding and q in thousandths
// (1000 when absent, -1 when malformed).
struct Coding {
    std::string_view name;
    int q = 1000;
};

Coding parse_coding(std::string_view element) {
    Coding coding;
    auto semi = element.find(';');
    coding.name = trim(element.substr(0, semi));
    while (semi != std::string_view::npos) {
        element.remove_prefix(semi + 1);
        semi = element.find(';');
        const auto param = trim(element.substr(0, semi));
        const auto eq = param.find('=');
        if (eq != std::string_view::npos && iequals(trim(param.substr(0, eq)), "q"))
            coding.q = parse_qvalue(trim(param.substr(eq + 1)));
    }
    return coding;
}

}  // namespace

bool accepts_gzip(std::string_view accept_encoding) {
    int gzip_q = -2, any_q = -2;  // -2: not named
    while (!accept_encoding.empty()) {
        const auto comma = accept_encoding.find(',');
        const auto coding = parse_coding(accept_encoding.substr(0, comma));
        if (iequals(coding.name, "gzip") || iequals(coding.name, "x-gzip"))
            gzip_q = std::max(gzip_q, coding.q);
        else if (coding.name == "*")
            any_q = std::max(any_q, coding.q);
        if (comma == std::string_view::npos) break;
        accept_encoding.remove_prefix(comma + 1);
    }
    if (gzip_q != -2) return gzip_q > 0;
    return any_q > 0;
}

bool none_match_hits(std::string_view if_none_match, std::string_view etag) {
    const auto list = trim(if_none_match);
    if (list == "*") return true;
    std::size_t at = 0;
    while (at < list.size()) {
        while (at < list.size() && (is_space(list[at]) || list[at] == ',')) ++at;
        if (list.substr(at, 2) == "W/") at += 2;
        if (at >= list.size() || list[at] != '"') return false;  // not an entity-tag: no match
        const auto close = list.find('"', at + 1);
        if (close == std::string_view::npos) return false;
        if (list.substr(at, close + 1 - at) == etag) return true;
        at = close + 1;
    }
    return false;
}

}  // namespace umpire::server
