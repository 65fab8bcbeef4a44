#include "documents/ruleset_loading.hpp"

namespace umpire::rules::ruleset_loading {

bool is_name(std::string_view text) {
    if (text.empty() || text.front() < 'a' || text.front() > 'z') return false;
    for (char c : text)
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) return false;
    return true;
}

void check_name(std::string_view text, const std::string& path, Problems& problems) {
    if (!is_name(text))
        problems.add(path, "\"" + std::string(text) +
                               "\" is not a name (lowercase letters, digits and _, "
                               "starting with a letter)");
}

void check_terrain_name(const std::string& name, const std::string& path,
                        const References& refs, Problems& problems) {
    if (refs.terrain_names && refs.terrain_names->count(name) == 0)
        problems.add(path, "unknown terrain \"" + name + "\" (not in $.terrain)");
}

void read_ints(const ObjectReader& reader, std::initializer_list<IntField> fields) {
    for (const auto& f : fields)
        if (auto v = reader.integer(f.key, f.min, f.max)) *f.field = static_cast<int>(*v);
}

}  // namespace umpire::rules::ruleset_loading
