#pragma once
// SHA-256 (FIPS 180-4) in plain C++: rules/ links only the standard library, and a campaign pins
// its ruleset by the hash of the ruleset's canonical JSON.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace umpire::rules {

// The digest of `data` as 64 lowercase hex characters.
std::string sha256_hex(std::string_view data);
std::array<unsigned char, 32> sha256_digest(std::string_view data);
// HMAC-SHA256 (RFC 2104) of `data` under `key`, as 64 lowercase hex characters: a digest that
// only the key's holder can compute or test guesses against.
std::string hmac_sha256_hex(std::string_view key, std::string_view data);
std::array<unsigned char, 32> hmac_sha256_digest(std::string_view key, std::string_view data);

// HMAC-SHA256 under one key, many times: the key's padded blocks are absorbed once, so each
// digest of a short message costs two compressions (dice streams take one per roll).
class HmacSha256 {
public:
    explicit HmacSha256(std::string_view key);
    std::array<unsigned char, 32> digest(std::string_view data) const;

private:
    std::array<std::uint32_t, 8> inner_, outer_;
};

}  // namespace umpire::rules
