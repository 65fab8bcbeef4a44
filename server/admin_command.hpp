#pragma once
// `umpire-server admin …`: account administration on the server's database, for the operator at
// the machine (docs/security.md, "Rights"). A fresh server has no account; the first one made
// here (or the first one made at all) is its administrator.
//   umpire-server admin create-account --db FILE --name NAME [--admin] [--may-create-campaigns]
//                                      [--password-file FILE]   (else a password is made and
//                                                                 printed once)
//   umpire-server admin grant --db FILE --name NAME (--admin | --may-create-campaigns | --none)
//   umpire-server admin show --db FILE --name NAME
#include <CLI/CLI.hpp>

namespace umpire::server {

// Adds the `admin` subcommand and its own subcommands to the server's command line.
CLI::App* add_admin_command(CLI::App& app);

}  // namespace umpire::server
