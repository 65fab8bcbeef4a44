// `umpire client signup|redeem|password|reset-password|account|email|webhook|revoke-session`:
// an account a player makes and keeps without a browser (docs/protocol.md, "Accounts").
#include <iostream>

#include "cli/client_session.hpp"
#include "cli/commands.hpp"

namespace umpire::cli {

namespace {

using rules::Json;

struct PasswordOptions {
    std::string password, file;
    void add(CLI::App* cmd, const std::string& flag, const std::string& what) {
        cmd->add_option(flag, password, what + " (prefer " + flag + "-file)");
        cmd->add_option(flag + "-file", file, "a file whose first line is " + what);
    }
    std::string read(const std::string& flag) const { return read_password(password, file, flag); }
};

std::string seat(const Json& m) {
    const std::string role = m.value("role", "");
    const std::string player = m.value("player", "");
    return role == "player" ? "player " + player : role;
}

void print_account(const Json& a) {
    std::cout << "account " << a["account"].get<std::string>()
              << (a.value("admin", false) ? ", administrator" : "")
              << (a.value("may_create_campaigns", false) ? ", may create campaigns" : "") << "\n"
              << "e-mail: " << (a["email"].is_string() ? a["email"].get<std::string>() : "none")
              << "\n";
    for (const auto& m : a["memberships"])
        std::cout << "campaign " << m["campaign"].get<std::string>() << ": " << seat(m) << "\n";
    for (const auto& s : a["sessions"])
        std::cout << "session " << s["id"].get<std::string>() << " since "
                  << s["created_at"].get<std::string>() << " from "
                  << s["address"].get<std::string>() << ", until "
                  << s["expires_at"].get<std::string>()
                  << (s.value("current", false) ? " (this one)" : "") << "\n";
}

}  // namespace

void add_account_commands(CLI::App& client, const std::shared_ptr<std::string>& session_file) {
    auto json = std::make_shared<bool>(false);

    auto* signup = client.add_subcommand(
        "signup", "Make an account with an invite code from a GM, and keep the session");
    auto server_url = std::make_shared<std::string>("http://127.0.0.1:8080");
    auto account = std::make_shared<std::string>();
    auto code = std::make_shared<std::string>();
    auto email = std::make_shared<std::string>();
    auto password = std::make_shared<PasswordOptions>();
    signup->add_option("--server", *server_url, "the server's URL")->capture_default_str();
    signup->add_option("--code", *code, "the invite code")->required();
    signup->add_option("--account", *account, "the account name to make")->required();
    signup->add_option("--email", *email, "an e-mail address (optional)");
    password->add(signup, "--password", "the new account's password");
    signup->callback([=] {
        Json message{{"type", "sign_up"},
                     {"code", *code},
                     {"account", *account},
                     {"password", password->read("--password")}};
        if (!email->empty()) message["email"] = *email;
        const Json replies = call(*server_url, message);
        save_session(*session_file,
                     {*server_url, first_of(replies, "logged_in")["token"], *account});
        const Json joined = first_of(replies, "invite_redeemed");
        std::cout << "signed up as " << *account << " at " << *server_url << ": " << seat(joined)
                  << " in campaign " << joined["campaign"].get<std::string>() << "; session in "
                  << *session_file << "\n";
    });

    auto* redeem = client.add_subcommand("redeem", "Join a campaign with an invite code");
    redeem->add_option("--code", *code, "the invite code")->required();
    redeem->callback([=] {
        const ClientSession s = load_session(*session_file);
        const Json joined =
            first_of(call(s.server, {{"type", "redeem_invite"}, {"code", *code}}, s.token),
                     "invite_redeemed");
        std::cout << seat(joined) << " in campaign " << joined["campaign"].get<std::string>()
                  << "\n";
    });

    auto* change =
        client.add_subcommand("password", "Change your password (your other sessions end)");
    auto current = std::make_shared<PasswordOptions>();
    auto fresh = std::make_shared<PasswordOptions>();
    current->add(change, "--password", "the current password");
    fresh->add(change, "--new-password", "the new password");
    change->callback([=] {
        const ClientSession s = load_session(*session_file);
        const Json done = first_of(call(s.server,
                                        {{"type", "change_password"},
                                         {"password", current->read("--password")},
                                         {"new_password", fresh->read("--new-password")}},
                                        s.token),
                                   "password_changed");
        std::cout << "password changed; " << done["sessions_ended"] << " other session(s) ended\n";
    });

    auto* reset = client.add_subcommand(
        "reset-password", "Set a new password with a reset code from the server's administrator");
    reset->add_option("--server", *server_url, "the server's URL")->capture_default_str();
    reset->add_option("--account", *account, "your account name")->required();
    reset->add_option("--code", *code, "the reset code")->required();
    fresh->add(reset, "--new-password", "the new password");
    reset->callback([=] {
        first_of(call(*server_url, {{"type", "reset_password"},
                                    {"account", *account},
                                    {"code", *code},
                                    {"password", fresh->read("--new-password")}}),
                 "password_reset");
        std::cout << "password of " << *account << " set; every session ended: log in again\n";
    });

    auto* show =
        client.add_subcommand("account", "Your account: rights, e-mail, campaigns, sessions");
    show->add_flag("--json", *json, "print the server's message");
    show->callback([=] {
        const ClientSession s = load_session(*session_file);
        const Json a = first_of(call(s.server, {{"type", "get_account"}}, s.token), "account");
        if (*json)
            std::cout << a.dump() << "\n";
        else
            print_account(a);
    });

    auto* set_email = client.add_subcommand("email", "Set or remove your e-mail address");
    auto remove = std::make_shared<bool>(false);
    set_email->add_option("--email", *email, "the address");
    set_email->add_flag("--remove", *remove, "remove the address");
    set_email->callback([=] {
        if (email->empty() == !*remove)
            throw CLI::RuntimeError("give --email ADDRESS or --remove", kExitInvalidInput);
        const ClientSession s = load_session(*session_file);
        const Json a = first_of(call(s.server, {{"type", "set_email"}, {"email", *email}}, s.token),
                                "account");
        std::cout << "e-mail: " << (a["email"].is_string() ? a["email"].get<std::string>() : "none")
                  << "\n";
    });

    auto* webhook = client.add_subcommand(
        "webhook", "Where your notifications in a campaign go (an empty --url removes it)");
    auto campaign = std::make_shared<std::string>();
    auto url = std::make_shared<std::string>();
    webhook->add_option("--campaign", *campaign, "campaign id")->required();
    webhook
        ->add_option("--url", *url,
                     "http:// or https:// URL, or mailto:ADDRESS for e-mail (if the server "
                     "sends any); \"\" removes the webhook")
        ->required();
    webhook->callback([=] {
        const ClientSession s = load_session(*session_file);
        const Json set = first_of(
            call(s.server, {{"type", "set_webhook"}, {"campaign", *campaign}, {"url", *url}},
                 s.token),
            "webhook_set");
        if (url->empty()) {
            std::cout << "webhook removed\n";
            return;
        }
        std::cout << "webhook set: " << set["url"].get<std::string>()
                  << "\nsigning secret: " << set.value("secret", "") << " (shown once)\n";
    });

    auto* revoke = client.add_subcommand("revoke-session", "End one of your sessions");
    auto session = std::make_shared<std::string>();
    revoke->add_option("--session", *session, "its id (umpire client account)")->required();
    revoke->callback([=] {
        const ClientSession s = load_session(*session_file);
        first_of(call(s.server, {{"type", "revoke_session"}, {"session", *session}}, s.token),
                 "session_revoked");
        std::cout << "session " << *session << " ended\n";
    });
}

}  // namespace umpire::cli
