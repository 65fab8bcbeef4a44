#pragma once
// A rules case's scenario (tests/cases/README.md): its base file under tests/cases/base, with
// the case's members replacing the base's, and each force merged over the base's
// "force_defaults" (a test-only member). Used by the rules cases and by tests that want a small
// scenario of a few forces written the same way.
#include <filesystem>
#include <fstream>

#include "umpire/rules/json_reader.hpp"

namespace umpire::testing {

inline const std::filesystem::path kCasesDir =
    std::filesystem::path(UMPIRE_TEST_DATA_DIR) / "cases";

inline rules::Json read_json(const std::filesystem::path& file) {
    std::ifstream in(file);
    return rules::Json::parse(in);
}

// `spec`: the case's "scenario" member ({"base"?, "forces"?, ...}).
inline rules::Json case_scenario(const rules::Json& spec) {
    rules::Json doc = read_json(kCasesDir / "base" / spec.value("base", "two-sides.json"));
    const rules::Json defaults = doc.value("force_defaults", rules::Json::object());
    doc.erase("force_defaults");
    for (auto it = spec.begin(); it != spec.end(); ++it) {
        if (it.key() == "base") continue;
        if (it.key() == "forces") {
            doc["forces"] = rules::Json::array();
            for (const rules::Json& f : it.value()) {
                rules::Json force = defaults;
                // Default regiments get ids of their own force: regiment ids are unique.
                for (rules::Json& r : force["regiments"])
                    r["id"] = f.value("id", "") + "-" + r["id"].get<std::string>();
                force.merge_patch(f);
                doc["forces"].push_back(force);
            }
        } else {
            doc[it.key()] = it.value();
        }
    }
    return doc;
}

}  // namespace umpire::testing
