#include "documents/json_file.hpp"

#include <fstream>
#include <sstream>

namespace umpire::rules {

std::optional<Json> read_json_file(const std::string& file, Problems& problems) {
    std::ifstream in(file, std::ios::binary);
    if (!in) {
        problems.add("$", "cannot read file " + file);
        return std::nullopt;
    }
    std::ostringstream buffer;
    buffer << in.rdbuf();
    return parse_json_text(buffer.str(), problems);
}

}  // namespace umpire::rules
