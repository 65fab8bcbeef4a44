// umpire: the campaign server's command-line tool (docs/cli.md).
#include "cli/commands.hpp"

#include <sys/stat.h>

int main(int argc, char** argv) {
    // Archives, session files and databases hold secrets: they are their owner's alone.
    ::umask(077);
    CLI::App app{"umpire: campaign server for map wargames"};
    app.require_subcommand(1);
    umpire::cli::add_scenario_command(app);
    umpire::cli::add_ruleset_command(app);
    umpire::cli::add_resolve_command(app);
    umpire::cli::add_play_command(app);
    umpire::cli::add_storage_commands(app);
    umpire::cli::add_backup_commands(app);
    umpire::cli::add_client_commands(app);
    umpire::cli::add_copy_command(app);
    CLI11_PARSE(app, argc, argv);
    return 0;
}
