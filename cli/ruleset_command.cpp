// `umpire ruleset check FILE`: validates a ruleset file and prints its identity.
#include <cstdlib>
#include <iostream>

#include "cli/commands.hpp"
#include "documents/ruleset_load.hpp"
#include "umpire/rules/ruleset.hpp"

namespace umpire::cli {

std::vector<std::string> ruleset_search_dirs(const std::vector<std::string>& from_flags) {
    std::vector<std::string> dirs = from_flags;
    if (const char* env = std::getenv("UMPIRE_RULESETS"); env && *env) dirs.push_back(env);
    dirs.push_back(std::string(UMPIRE_DATA_DIR) + "/rulesets");
    return dirs;
}

void add_ruleset_command(CLI::App& app) {
    CLI::App* ruleset = app.add_subcommand("ruleset", "Work with ruleset files");
    ruleset->require_subcommand(1);
    CLI::App* check = ruleset->add_subcommand("check", "Validate a ruleset file");
    auto file = std::make_shared<std::string>();
    check->add_option("FILE", *file, "ruleset JSON file")->required();
    check->callback([file] {
        rules::Problems problems;
        auto loaded = rules::load_ruleset_file(*file, problems);
        if (!loaded) {
            std::cerr << *file << ": " << problems.size() << " problem(s)\n" << problems.to_text();
            throw CLI::RuntimeError(kExitInvalidInput);
        }
        std::cout << *file << ": ok, " << loaded->identity() << "\n";
    });
}

}  // namespace umpire::cli
