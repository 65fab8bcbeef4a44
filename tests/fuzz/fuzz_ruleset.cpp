// Fuzz target: ruleset loading. Any bytes: never crashes; a problem is reported, not thrown.
#include <cstdint>

#include "documents/ruleset_load.hpp"
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace umpire;
    rules::Problems problems;
    const auto doc = rules::parse_json_text(
        std::string_view(reinterpret_cast<const char*>(data), size), problems);
    if (doc) (void)rules::load_ruleset(*doc, problems);
    return 0;
}
