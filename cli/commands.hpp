#pragma once
// Subcommands of the `umpire` tool. Each registers its options and a callback on the app; a
// callback that fails throws CLI::RuntimeError with the exit code below.
#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace umpire::cli {

inline constexpr int kExitInvalidInput = 2;  // a file was unreadable or had problems
inline constexpr int kExitDiceScript = 3;    // scripted dice ran out or did not match

void add_scenario_command(CLI::App& app);
void add_ruleset_command(CLI::App& app);
void add_resolve_command(CLI::App& app);
void add_play_command(CLI::App& app);
void add_storage_commands(CLI::App& app);  // campaign, verify, export, import
void add_backup_commands(CLI::App& app);   // backup, restore, migrate
void add_client_commands(CLI::App& app);   // client: play on a server over HTTP
void add_copy_command(CLI::App& app);      // copy-db: a database onto the other engine

// Directories searched for ruleset files: --rulesets, $UMPIRE_RULESETS, the shipped rulesets.
std::vector<std::string> ruleset_search_dirs(const std::vector<std::string>& from_flags);

}  // namespace umpire::cli
