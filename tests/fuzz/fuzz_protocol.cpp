// Fuzz target: protocol decoding. Any frame decodes or is refused with a ProtocolError; nothing
// else escapes.
#include <cstdint>
#include <string_view>

#include "protocol/errors.hpp"
#include "protocol/messages.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace umpire;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        (void)protocol::decode_client_message(text);
    } catch (const protocol::ProtocolError&) {
    }
    (void)protocol::correlation_id(text);
    return 0;
}
