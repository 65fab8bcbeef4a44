#pragma once
// Reading the request headers that choose a static file's representation: Accept-Encoding
// (RFC 9110 12.5.3) and If-None-Match (RFC 9110 13.1.2). Plain strings in, no Beast.
#include <string_view>

namespace umpire::server {

// Whether a response may be gzip-coded for this Accept-Encoding value: "gzip" (or "x-gzip")
// with a q-value above 0, or, when gzip is not named, "*" with q above 0. Case-insensitive;
// "gzip;q=0" refuses; an element with a malformed q-value counts as refused; "" refuses.
bool accepts_gzip(std::string_view accept_encoding);

// Whether If-None-Match matches a representation whose strong, quoted tag is `etag`: "*", or
// any listed tag equal to it by weak comparison (a "W/" prefix is ignored).
bool none_match_hits(std::string_view if_none_match, std::string_view etag);

}  // namespace umpire::server
