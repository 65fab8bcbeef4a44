#pragma once
// An IPv4 address from its 32-bit number: addresses a classifier or the trusted-proxy list is
// asked about, never connected to (tests only ever connect to 127.0.0.1 and ::1).
#include <cstdint>
#include <string>

namespace umpire::testing {

inline std::string ipv4(std::uint32_t n) {
    return std::to_string(n >> 24) + "." + std::to_string((n >> 16) & 255) + "." +
           std::to_string((n >> 8) & 255) + "." + std::to_string(n & 255);
}

}  // namespace umpire::testing
