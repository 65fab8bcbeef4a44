#include "server/credentials.hpp"

#include <sodium.h>

#include <stdexcept>

#include "storage/insecure_test_seed.hpp"

namespace umpire::server {

namespace {

void ensure_sodium() {
    static const bool ready = sodium_init() >= 0;
    if (!ready) throw std::runtime_error("libsodium failed to initialise");
}

std::string to_hex(const unsigned char* bytes, std::size_t size) {
    std::string hex(size * 2 + 1, '\0');
    sodium_bin2hex(hex.data(), hex.size(), bytes, size);
    hex.pop_back();
    return hex;
}

}  // namespace

PasswordCost password_cost(const std::string& name) {
    if (name == "interactive")
        return {crypto_pwhash_OPSLIMIT_INTERACTIVE, crypto_pwhash_MEMLIMIT_INTERACTIVE};
    if (name == "moderate")
        return {crypto_pwhash_OPSLIMIT_MODERATE, crypto_pwhash_MEMLIMIT_MODERATE};
    if (name == "min") return {crypto_pwhash_OPSLIMIT_MIN, crypto_pwhash_MEMLIMIT_MIN};
    throw std::invalid_argument("password cost must be interactive, moderate or min, not \"" +
                                name + "\"");
}

std::string hash_password(const std::string& password, const PasswordCost& cost) {
    ensure_sodium();
    char out[crypto_pwhash_STRBYTES];
    if (crypto_pwhash_str_alg(out, password.data(), password.size(), cost.ops, cost.memory,
                              crypto_pwhash_ALG_ARGON2ID13) != 0)
        throw std::runtime_error("out of memory hashing a password");
    return out;
}

bool verify_password(const std::string& stored_hash, const std::string& password) {
    ensure_sodium();
    return crypto_pwhash_str_verify(stored_hash.c_str(), password.data(), password.size()) == 0;
}

std::string new_token() {
    ensure_sodium();
    // TEST ONLY (--insecure-test-seed): a fixed sequence of tokens.
    if (auto fixed = storage::insecure_test_bytes("token", 32)) return to_hex(fixed->data(), fixed->size());
    unsigned char bytes[32];
    randombytes_buf(bytes, sizeof bytes);
    return to_hex(bytes, sizeof bytes);
}

std::string new_code() {
    ensure_sodium();
    static constexpr char kAlphabet[] = "abcdefghjkmnpqrstuvwxyz23456789";
    std::string code;
    if (auto fixed = storage::insecure_test_bytes("code", 10)) {  // TEST ONLY (--insecure-test-seed)
        for (unsigned char b : *fixed) code += kAlphabet[b % (sizeof kAlphabet - 1)];
        return code;
    }
    for (int i = 0; i < 10; ++i) code += kAlphabet[randombytes_uniform(sizeof kAlphabet - 1)];
    return code;
}

std::string secret_hash(const std::string& secret) {
    ensure_sodium();
    unsigned char out[32];
    crypto_generichash(out, sizeof out, reinterpret_cast<const unsigned char*>(secret.data()),
                       secret.size(), nullptr, 0);
    return to_hex(out, sizeof out);
}

}  // namespace umpire::server
