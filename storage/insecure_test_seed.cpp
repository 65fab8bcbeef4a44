#include "storage/insecure_test_seed.hpp"

#include <map>
#include <mutex>
#include <stdexcept>

#include "storage/seeds.hpp"

namespace umpire::storage {

namespace {

struct TestSeed {
    std::mutex mutex;
    std::string seed;  // empty: not set
    std::map<std::string, std::uint64_t, std::less<>> drawn;
};

TestSeed& test_seed() {
    static TestSeed state;
    return state;
}

}  // namespace

bool is_insecure_test_seed(std::string_view hex) {
    if (hex.size() != 64) return false;
    for (char c : hex)
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')))
            return false;
    return true;
}

void set_insecure_test_seed(std::string_view hex) {
    if (!is_insecure_test_seed(hex))
        throw std::invalid_argument("the insecure test seed must be 64 hex digits");
    auto& state = test_seed();
    std::lock_guard lock(state.mutex);
    state.seed.clear();
    for (char c : hex) state.seed.push_back(c >= 'A' && c <= 'F' ? static_cast<char>(c - 'A' + 'a') : c);
    state.drawn.clear();
}

bool insecure_test_seed_set() {
    auto& state = test_seed();
    std::lock_guard lock(state.mutex);
    return !state.seed.empty();
}

std::optional<std::vector<unsigned char>> insecure_test_bytes(std::string_view purpose,
                                                              std::size_t size) {
    auto& state = test_seed();
    std::string base;
    {
        std::lock_guard lock(state.mutex);
        if (state.seed.empty()) return std::nullopt;
        auto it = state.drawn.find(purpose);
        if (it == state.drawn.end()) it = state.drawn.emplace(std::string(purpose), 0).first;
        base = state.seed + ":" + std::string(purpose) + ":" + std::to_string(it->second++);
    }
    std::vector<unsigned char> out;
    for (int block = 0; out.size() < size; ++block) {
        const std::string digest = sha256_hex(block == 0 ? base : base + ":" + std::to_string(block));
        for (std::size_t i = 0; i + 1 < digest.size() && out.size() < size; i += 2)
            out.push_back(static_cast<unsigned char>(std::stoi(digest.substr(i, 2), nullptr, 16)));
    }
    return out;
}

}  // namespace umpire::storage
