#pragma once
// gzip compression with zlib, for the static files' compressed copies.
#include <string>
#include <string_view>

namespace umpire::server {

// `bytes` as a gzip stream (RFC 1952) at zlib's best compression (level 9). Throws
// std::runtime_error if zlib fails (out of memory).
std::string gzip_compress(std::string_view bytes);

}  // namespace umpire::server
