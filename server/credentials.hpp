#pragma once
// Passwords and secrets (libsodium). Passwords are stored as argon2id strings
// (crypto_pwhash_str); session tokens and invite codes are random and stored only as their
// BLAKE2b-256 hash, so the database alone lets no one in.
#include <string>

namespace umpire::server {

// argon2id work factors: "interactive" (libsodium's, for production), "moderate", or "min"
// (the smallest allowed: tests and the demo stay fast). Unknown names throw.
struct PasswordCost {
    unsigned long long ops = 0;
    std::size_t memory = 0;
};
PasswordCost password_cost(const std::string& name);

std::string hash_password(const std::string& password, const PasswordCost& cost);
bool verify_password(const std::string& stored_hash, const std::string& password);

// 32 random bytes as 64 hex characters: tokens.
std::string new_token();
// 10 random characters from an unambiguous alphabet: invite codes and demo passwords.
std::string new_code();
// BLAKE2b-256 of a secret, hex: what is stored instead of it.
std::string secret_hash(const std::string& secret);

}  // namespace umpire::server
