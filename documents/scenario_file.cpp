// Loading a scenario file together with the ruleset file it names.
#include <filesystem>

#include "documents/json_file.hpp"
#include "documents/ruleset_load.hpp"
#include "documents/scenario_io.hpp"

namespace umpire::rules {

namespace {

namespace fs = std::filesystem;

// Where "<name>-<version>.json" may be, in the order they are tried.
std::vector<fs::path> ruleset_candidates(const std::string& scenario_path,
                                         const std::vector<std::string>& ruleset_dirs,
                                         const std::string& file_name) {
    fs::path scenario_dir = fs::path(scenario_path).parent_path();
    if (scenario_dir.empty()) scenario_dir = ".";
    std::vector<fs::path> out;
    for (const auto& dir : ruleset_dirs) out.push_back(fs::path(dir) / file_name);
    out.push_back(scenario_dir / file_name);
    out.push_back(scenario_dir / ".." / "rulesets" / file_name);
    for (auto& candidate : out) candidate = candidate.lexically_normal();
    return out;
}

}  // namespace

std::optional<LoadedScenario> load_scenario_file(const std::string& path,
                                                 const std::vector<std::string>& ruleset_dirs,
                                                 Problems& problems) {
    const std::size_t before = problems.size();
    const auto doc = read_json_file(path, problems);
    if (!doc) return std::nullopt;
    // Every problem in one pass: the structure's, and the ruleset's with what could be read.
    auto state = read_scenario_as_far_as_it_goes(*doc, problems);
    if (!state || state->ruleset.name.empty() || state->ruleset.version.empty())
        return std::nullopt;

    // read_scenario keeps name and version to id characters, so this stays a plain file name.
    const std::string file_name = state->ruleset.name + "-" + state->ruleset.version + ".json";
    const auto candidates = ruleset_candidates(path, ruleset_dirs, file_name);
    const fs::path* found = nullptr;
    for (const auto& candidate : candidates) {
        std::error_code error;
        if (fs::is_regular_file(candidate, error)) {
            found = &candidate;
            break;
        }
    }
    if (!found) {
        std::string tried;
        for (const auto& candidate : candidates)
            tried += (tried.empty() ? "" : ", ") + candidate.parent_path().string();
        problems.add("$.ruleset", "no ruleset file " + file_name + " in any of: " + tried);
        return std::nullopt;
    }

    Problems ruleset_problems;
    auto ruleset = load_ruleset_file(found->string(), ruleset_problems);
    for (const auto& problem : ruleset_problems.list())
        problems.add(found->string() + ":" + problem.path, problem.message);
    if (!ruleset) return std::nullopt;

    check_scenario_against_ruleset(*state, *ruleset, problems, &*doc);
    if (problems.size() != before) return std::nullopt;
    return LoadedScenario{std::move(*state), std::move(*ruleset)};
}

}  // namespace umpire::rules
