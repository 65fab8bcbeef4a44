#pragma once
// What the `umpire client …` commands share: the saved session (server, token, account), one
// message to the server's HTTP API, and reading a password from a flag or a file.
#include <CLI/CLI.hpp>

#include <memory>
#include <string>

#include "umpire/rules/json_reader.hpp"

namespace umpire::cli {

inline constexpr int kExitRefused = 4;  // the server refused (its error code is printed)

struct ClientSession {
    std::string server;
    std::string token;
    std::string account;
};

std::string default_session_file();
ClientSession load_session(const std::string& file);
// Keeps a login in `file`, readable by its owner alone.
void save_session(const std::string& file, const ClientSession& session);

// One message to the server; prints the server's error and exits 4 when it refuses.
rules::Json call(const std::string& server, const rules::Json& message,
                 const std::string& token = "");
// The first message of that type in a reply (exit 4 when there is none).
rules::Json first_of(const rules::Json& messages, const std::string& type);

// A password from --password, or the first line of --password-file; exit 2 when neither.
std::string read_password(const std::string& flag, const std::string& file,
                          const std::string& what);

// The account commands (account_commands.cpp): signup, redeem, password, reset-password,
// account, email, revoke-session.
void add_account_commands(CLI::App& client, const std::shared_ptr<std::string>& session_file);
// The lobby and GM commands (gm_commands.cpp): campaigns, create-campaign, gm.
void add_gm_commands(CLI::App& client, const std::shared_ptr<std::string>& session_file);
// Where a campaign stands (status_commands.cpp): status, history, decisions.
void add_status_commands(CLI::App& client, const std::shared_ptr<std::string>& session_file);

}  // namespace umpire::cli
