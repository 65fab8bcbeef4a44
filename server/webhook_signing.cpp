#include "server/webhook_signing.hpp"

#include <sodium.h>

#include <stdexcept>

#include "storage/insecure_test_seed.hpp"

namespace umpire::server {

namespace {

void ensure_sodium() {
    static const bool ready = sodium_init() >= 0;
    if (!ready) throw std::runtime_error("libsodium failed to initialise");
}

std::string random_hex(std::size_t bytes, std::string_view purpose) {
    ensure_sodium();
    std::string raw(bytes, '\0');
    if (auto fixed = storage::insecure_test_bytes(purpose, bytes))  // TEST ONLY (--insecure-test-seed)
        raw.assign(fixed->begin(), fixed->end());
    else
        randombytes_buf(raw.data(), raw.size());
    std::string hex(bytes * 2 + 1, '\0');
    sodium_bin2hex(hex.data(), hex.size(), reinterpret_cast<const unsigned char*>(raw.data()),
                   raw.size());
    hex.pop_back();
    sodium_memzero(raw.data(), raw.size());
    return hex;
}

}  // namespace

std::string new_webhook_secret() { return random_hex(crypto_auth_hmacsha256_KEYBYTES, "webhook-secret"); }

std::string new_delivery_id() { return random_hex(16, "delivery-id"); }

std::string webhook_signature(const std::string& secret_hex, std::int64_t timestamp,
                              const std::string& body) {
    ensure_sodium();
    unsigned char key[crypto_auth_hmacsha256_KEYBYTES];
    std::size_t key_length = 0;
    if (secret_hex.size() != 2 * sizeof key ||
        sodium_hex2bin(key, sizeof key, secret_hex.data(), secret_hex.size(), nullptr,
                       &key_length, nullptr) != 0 ||
        key_length != sizeof key)
        throw std::invalid_argument("a webhook secret is 64 hex characters");
    const std::string signed_text = std::to_string(timestamp) + "." + body;
    unsigned char mac[crypto_auth_hmacsha256_BYTES];
    crypto_auth_hmacsha256(mac, reinterpret_cast<const unsigned char*>(signed_text.data()),
                           signed_text.size(), key);
    sodium_memzero(key, sizeof key);
    char hex[2 * sizeof mac + 1];
    sodium_bin2hex(hex, sizeof hex, mac, sizeof mac);
    return std::string("sha256=") + hex;
}

}  // namespace umpire::server
