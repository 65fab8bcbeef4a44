#include "storage/seeds.hpp"

#include <sodium.h>

#include <array>

#include "storage/error.hpp"
#include "storage/insecure_test_seed.hpp"

namespace umpire::storage {

namespace {

void ensure_sodium() {
    // sodium_init is idempotent and thread-safe; it returns 1 when already initialised.
    static const int ready = sodium_init();
    if (ready < 0) throw StorageError(ErrorKind::internal, "libsodium failed to initialise");
}

std::string to_hex(const unsigned char* data, std::size_t size) {
    static constexpr char digits[] = "0123456789abcdef";
    std::string out;
    out.reserve(size * 2);
    for (std::size_t i = 0; i < size; ++i) {
        out.push_back(digits[data[i] >> 4]);
        out.push_back(digits[data[i] & 0xf]);
    }
    return out;
}

}  // namespace

std::string sha256_hex(std::string_view data) {
    ensure_sodium();
    std::array<unsigned char, crypto_hash_sha256_BYTES> digest{};
    crypto_hash_sha256(digest.data(), reinterpret_cast<const unsigned char*>(data.data()),
                       data.size());
    return to_hex(digest.data(), digest.size());
}

SealedSeed draw_seed() {
    ensure_sodium();
    // TEST ONLY (umpire-server --insecure-test-seed): a fixed sequence of period seeds.
    if (auto fixed = insecure_test_bytes("period-seed", 32)) return seal_seed(to_hex(fixed->data(), fixed->size()));
    std::array<unsigned char, 32> bytes{};
    randombytes_buf(bytes.data(), bytes.size());
    SealedSeed seed;
    seed.secret = to_hex(bytes.data(), bytes.size());
    sodium_memzero(bytes.data(), bytes.size());
    seed.hash = sha256_hex(seed.secret);
    return seed;
}

SealedSeed seal_seed(std::string secret) {
    SealedSeed seed;
    seed.hash = sha256_hex(secret);
    seed.secret = std::move(secret);
    return seed;
}

bool is_seed(std::string_view text) {
    if (text.size() != 64) return false;
    for (char c : text)
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
    return true;
}

std::uint64_t dice_seed(std::string_view secret) {
    if (!is_seed(secret)) throw StorageError(ErrorKind::corrupt, "a stored seed is malformed");
    std::uint64_t value = 0;
    for (char c : secret.substr(0, 16))
        value = (value << 4) | static_cast<std::uint64_t>(c <= '9' ? c - '0' : c - 'a' + 10);
    return value;
}

std::uint64_t companion_dice_seed(std::string_view secret, std::string_view battle_id) {
    if (!is_seed(secret)) throw StorageError(ErrorKind::corrupt, "a stored seed is malformed");
    std::string input(secret);
    input += ":companion:";
    input += battle_id;
    return dice_seed(sha256_hex(input));
}

}  // namespace umpire::storage
