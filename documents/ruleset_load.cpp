#include "documents/ruleset_load.hpp"

#include "documents/json_file.hpp"
#include "documents/ruleset_loading.hpp"
#include "umpire/rules/sha256.hpp"

namespace umpire::rules {

using namespace ruleset_loading;

namespace {

// Reads a required section object and hands it to its loader.
template <typename Loader>
void section(const ObjectReader& root, std::string_view key, Loader&& load) {
    if (const Json* value = root.object(key)) load(*value, root.path_of(key));
}

}  // namespace

std::optional<Ruleset> load_ruleset(const Json& document, Problems& problems) {
    const std::size_t problems_before = problems.size();
    Ruleset out;
    ObjectReader root(document, "$", problems);
    if (!root.is_object()) return std::nullopt;
    root.reject_unknown({"name", "version", "description", "terrain", "movement", "calendar",
                         "dice", "troop_types", "favoured_terrain", "scouting", "contact",
                         "terrain_cards", "disengagement", "battle", "recovery", "quick_battle",
                         "retreat", "morale", "cavalry_readiness"});
    if (auto name = root.string("name")) {
        check_name(*name, root.path_of("name"), problems);
        out.name = *name;
    }
    if (auto version = root.string("version")) {
        if (version->empty()) problems.add(root.path_of("version"), "empty version");
        out.version = *version;
    }
    root.string("description", false);

    // Terrain first: later sections refer to its names.
    References refs;
    section(root, "terrain", [&](const Json& v, const std::string& path) {
        std::set<std::string> names;
        for (auto it = v.begin(); it != v.end(); ++it) names.insert(it.key());
        refs.terrain_names = std::move(names);
        load_terrain(v, path, out, problems);
    });
    section(root, "movement", [&](const Json& v, const std::string& path) {
        load_movement(v, path, out.movement, problems);
    });
    section(root, "calendar", [&](const Json& v, const std::string& path) {
        load_calendar(v, path, out, problems);
    });
    section(root, "dice", [&](const Json& v, const std::string& path) {
        load_dice(v, path, out.dice, problems);
    });
    section(root, "troop_types", [&](const Json& v, const std::string& path) {
        load_troop_types(v, path, out, problems);
    });
    section(root, "favoured_terrain", [&](const Json& v, const std::string& path) {
        load_favoured_terrain(v, path, refs, out, problems);
    });
    // Contact before scouting: scouting's accuracy bands are columns of the table.
    section(root, "contact", [&](const Json& v, const std::string& path) {
        load_contact(v, path, refs, out.contact, problems);
    });
    section(root, "scouting", [&](const Json& v, const std::string& path) {
        load_scouting(v, path, refs, out.scouting, problems);
    });
    section(root, "terrain_cards", [&](const Json& v, const std::string& path) {
        load_terrain_cards(v, path, refs, out.terrain_cards, problems);
    });
    section(root, "disengagement", [&](const Json& v, const std::string& path) {
        load_disengagement(v, path, out.disengagement, problems);
    });
    section(root, "battle", [&](const Json& v, const std::string& path) {
        load_battle(v, path, out.battle, problems);
    });
    section(root, "recovery", [&](const Json& v, const std::string& path) {
        load_recovery(v, path, out.recovery, problems);
    });
    section(root, "quick_battle", [&](const Json& v, const std::string& path) {
        load_quick_battle(v, path, out.quick_battle, problems);
    });
    section(root, "retreat", [&](const Json& v, const std::string& path) {
        load_retreat(v, path, out.retreat, problems);
    });
    section(root, "morale", [&](const Json& v, const std::string& path) {
        load_morale(v, path, out.morale, problems);
    });
    section(root, "cavalry_readiness", [&](const Json& v, const std::string& path) {
        load_cavalry_readiness(v, path, out.cavalry_readiness, problems);
    });

    if (problems.size() != problems_before) return std::nullopt;
    out.document = document.dump();
    // nlohmann keeps object keys sorted and dump() writes no whitespace, so the hash names the
    // content, not the formatting or key order of the file.
    out.hash = sha256_hex(out.document);
    return out;
}

std::optional<Ruleset> load_ruleset_file(const std::string& file, Problems& problems) {
    auto document = read_json_file(file, problems);
    if (!document) return std::nullopt;
    return load_ruleset(*document, problems);
}

}  // namespace umpire::rules
