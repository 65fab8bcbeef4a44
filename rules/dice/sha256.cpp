#include "umpire/rules/sha256.hpp"

#include <algorithm>
#include <array>
#include <cstdint>

namespace umpire::rules {

namespace {

constexpr std::array<std::uint32_t, 64> kRound{
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

constexpr std::uint32_t rotr(std::uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }

void compress(std::array<std::uint32_t, 8>& state, const unsigned char* block) {
    std::array<std::uint32_t, 64> w{};
    for (int i = 0; i < 16; ++i)
        w[i] = (std::uint32_t{block[4 * i]} << 24) | (std::uint32_t{block[4 * i + 1]} << 16) |
               (std::uint32_t{block[4 * i + 2]} << 8) | std::uint32_t{block[4 * i + 3]};
    for (int i = 16; i < 64; ++i) {
        const std::uint32_t s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3);
        const std::uint32_t s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10);
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    std::uint32_t a = state[0], b = state[1], c = state[2], d = state[3];
    std::uint32_t e = state[4], f = state[5], g = state[6], h = state[7];
    for (int i = 0; i < 64; ++i) {
        const std::uint32_t s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
        const std::uint32_t ch = (e & f) ^ (~e & g);
        const std::uint32_t t1 = h + s1 + ch + kRound[i] + w[i];
        const std::uint32_t s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
        const std::uint32_t maj = (a & b) ^ (a & c) ^ (b & c);
        const std::uint32_t t2 = s0 + maj;
        h = g;
        g = f;
        f = e;
        e = d + t1;
        d = c;
        c = b;
        b = a;
        a = t1 + t2;
    }
    state[0] += a;
    state[1] += b;
    state[2] += c;
    state[3] += d;
    state[4] += e;
    state[5] += f;
    state[6] += g;
    state[7] += h;
}

}  // namespace

namespace {

using State = std::array<std::uint32_t, 8>;
constexpr State kInitial{0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                         0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};

// Absorbs `data` into `state`, which has already absorbed `before` bytes (whole blocks), pads,
// and gives the digest.
std::array<unsigned char, 32> finish(State state, std::string_view data, std::size_t before) {
    const auto* bytes = reinterpret_cast<const unsigned char*>(data.data());
    std::size_t whole = data.size() - data.size() % 64;
    for (std::size_t i = 0; i < whole; i += 64) compress(state, bytes + i);

    // Padding: 0x80, zeros, then the message length in bits as a big-endian 64-bit number.
    std::array<unsigned char, 128> tail{};
    const std::size_t rest = data.size() - whole;
    for (std::size_t i = 0; i < rest; ++i) tail[i] = bytes[whole + i];
    tail[rest] = 0x80;
    const std::size_t tail_size = rest < 56 ? 64 : 128;
    const std::uint64_t bits = static_cast<std::uint64_t>(before + data.size()) * 8;
    for (int i = 0; i < 8; ++i)
        tail[tail_size - 1 - i] = static_cast<unsigned char>(bits >> (8 * i));
    for (std::size_t i = 0; i < tail_size; i += 64) compress(state, tail.data() + i);

    std::array<unsigned char, 32> digest{};
    for (int i = 0; i < 32; ++i)
        digest[i] = static_cast<unsigned char>(state[i / 4] >> (24 - 8 * (i % 4)));
    return digest;
}

}  // namespace

std::array<unsigned char, 32> sha256_digest(std::string_view data) {
    return finish(kInitial, data, 0);
}

// RFC 2104 with SHA-256's 64-byte block: the key's two padded blocks are absorbed once.
HmacSha256::HmacSha256(std::string_view key) : inner_(kInitial), outer_(kInitial) {
    std::array<unsigned char, 64> block{};
    if (key.size() > block.size()) {
        const auto hashed = sha256_digest(key);
        std::copy(hashed.begin(), hashed.end(), block.begin());
    } else {
        std::copy(key.begin(), key.end(), block.begin());
    }
    std::array<unsigned char, 64> pad{};
    for (std::size_t i = 0; i < 64; ++i) pad[i] = block[i] ^ 0x36;
    compress(inner_, pad.data());
    for (std::size_t i = 0; i < 64; ++i) pad[i] = block[i] ^ 0x5c;
    compress(outer_, pad.data());
}

std::array<unsigned char, 32> HmacSha256::digest(std::string_view data) const {
    const auto inner = finish(inner_, data, 64);
    return finish(outer_, std::string_view(reinterpret_cast<const char*>(inner.data()), 32), 64);
}

namespace {

std::string hex(const std::array<unsigned char, 32>& digest) {
    static constexpr char kHex[] = "0123456789abcdef";
    std::string out;
    out.reserve(64);
    for (unsigned char byte : digest) {
        out += kHex[byte >> 4];
        out += kHex[byte & 0xf];
    }
    return out;
}

}  // namespace

std::string sha256_hex(std::string_view data) { return hex(sha256_digest(data)); }

std::array<unsigned char, 32> hmac_sha256_digest(std::string_view key, std::string_view data) {
    return HmacSha256(key).digest(data);
}

std::string hmac_sha256_hex(std::string_view key, std::string_view data) {
    return hex(hmac_sha256_digest(key, data));
}

}  // namespace umpire::rules
