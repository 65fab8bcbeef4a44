// `umpire scenario check FILE`: validates a scenario and the ruleset it names, reporting every
// problem with its JSON path.
#include <iostream>

#include "cli/commands.hpp"
#include "documents/scenario_io.hpp"

namespace umpire::cli {

void add_scenario_command(CLI::App& app) {
    CLI::App* scenario = app.add_subcommand("scenario", "Work with scenario files");
    scenario->require_subcommand(1);
    CLI::App* check = scenario->add_subcommand("check", "Validate a scenario file");
    auto file = std::make_shared<std::string>();
    auto dirs = std::make_shared<std::vector<std::string>>();
    check->add_option("FILE", *file, "scenario JSON file")->required();
    check->add_option("--rulesets", *dirs, "directory holding ruleset files (repeatable)");
    check->callback([file, dirs] {
        rules::Problems problems;
        auto loaded = rules::load_scenario_file(*file, ruleset_search_dirs(*dirs), problems);
        if (!loaded) {
            std::cerr << *file << ": " << problems.size() << " problem(s)\n" << problems.to_text();
            throw CLI::RuntimeError(kExitInvalidInput);
        }
        std::cout << *file << ": ok, " << loaded->state.forces.size() << " forces on "
                  << loaded->state.map.hexes.size() << " hexes, ruleset "
                  << loaded->ruleset.identity() << "\n";
    });
}

}  // namespace umpire::cli
