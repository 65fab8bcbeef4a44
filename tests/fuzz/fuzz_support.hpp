#pragma once
// Shared by the fuzz targets: the shipped ruleset and demo scenario, loaded once, and a reader
// that turns fuzz bytes into bounded choices.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "documents/scenario_io.hpp"
#include "umpire/rules/ruleset.hpp"

namespace umpire::fuzz {

inline const rules::LoadedScenario& demo() {
    static const rules::LoadedScenario loaded = [] {
        rules::Problems problems;
        auto d = rules::load_scenario_file(std::string(UMPIRE_SOURCE_DIR) +
                                               "/scenarios/valormr-demo.json",
                                           {std::string(UMPIRE_SOURCE_DIR) + "/rulesets"},
                                           problems);
        if (!d) throw std::runtime_error(problems.to_text());
        return *d;
    }();
    return loaded;
}

// Reads the fuzz input as a stream of small numbers; zeros once it runs out.
class ByteReader {
public:
    ByteReader(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
    std::uint8_t byte() { return at_ < size_ ? data_[at_++] : 0; }
    // A number in [0, n), n > 0.
    std::size_t below(std::size_t n) { return (static_cast<std::size_t>(byte()) << 8 | byte()) % n; }
    std::uint64_t u64() {
        std::uint64_t v = 0;
        for (int i = 0; i < 8; ++i) v = v << 8 | byte();
        return v;
    }
    bool done() const { return at_ >= size_; }

private:
    const std::uint8_t* data_;
    std::size_t size_;
    std::size_t at_ = 0;
};

}  // namespace umpire::fuzz
