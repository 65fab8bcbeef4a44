// Fuzz target: scenario loading. Any bytes: never crashes; a scenario that loads writes back to
// a document that loads to the same bytes (round trip).
#include <cstdint>
#include <stdexcept>

#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace umpire;
    rules::Problems problems;
    const auto doc = rules::parse_json_text(
        std::string_view(reinterpret_cast<const char*>(data), size), problems);
    if (!doc) return 0;
    const auto state = rules::read_scenario(*doc, problems);
    if (!state) return 0;
    rules::check_scenario_against_ruleset(*state, fuzz::demo().ruleset, problems, &*doc);
    const rules::Json written = rules::write_scenario(*state);
    rules::Problems again;
    const auto back = rules::read_scenario(written, again);
    if (!back || rules::write_scenario(*back) != written)
        throw std::logic_error("a loaded scenario does not round-trip");
    return 0;
}
