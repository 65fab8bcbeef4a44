#include "server/admin_command.hpp"

#include <fstream>
#include <iostream>
#include <memory>

#include "server/config.hpp"
#include "server/credentials.hpp"
#include "server/deadlines.hpp"
#include "storage/campaign_service.hpp"
#include "storage/error.hpp"
#include "storage/server_store.hpp"
#include "storage/postgres/open_store.hpp"

namespace umpire::server {

namespace {

struct AdminOptions {
    std::string database = "umpire.db";
    std::string name;
    std::string password_file;
    std::string config_file;
    std::string password_cost;  // empty: the server's (its --config file and environment)
    bool admin = false;
    bool may_create = false;
    bool none = false;
    int hours = 24;
};

void print_rights(const storage::AccountAuth& a) {
    std::cout << a.name << ": " << (a.admin ? "administrator, " : "")
              << (a.admin || a.may_create_campaigns ? "may create campaigns" : "no rights") << "\n";
}

storage::ConnectionOptions existing_only() {
    storage::ConnectionOptions options;
    options.create = false;
    return options;
}

// Runs one admin action; storage and input errors end the command with a message on stderr
// and exit code 2 (CLI11 prints nothing for a RuntimeError).
template <class Fn>
void guarded_admin(Fn&& fn) {
    std::string problem;
    try {
        fn();
        return;
    } catch (const storage::StorageError& e) {
        problem = e.what();
    } catch (const std::invalid_argument& e) {
        problem = e.what();
    } catch (const std::runtime_error& e) {  // a bad --config file or UMPIRE_* variable
        problem = e.what();
    }
    std::cerr << "umpire-server admin: " << problem << "\n";
    throw CLI::RuntimeError(2);
}

// Runs `fn` with the named account of an existing database; no such account is a refusal.
template <class Fn>
void with_account(const AdminOptions& o, Fn&& fn) {
    const auto campaigns = storage::open_campaign_store(o.database, existing_only());
    storage::ServerStore server(campaigns->database());
    const auto account = server.account_by_name(o.name);
    if (!account) throw std::invalid_argument("no account \"" + o.name + "\"");
    fn(server, *account);
}

// The cost the server hashes at, found as the server finds it (its defaults, --config FILE,
// UMPIRE_PASSWORD_COST; --password-cost last), so an account the operator makes takes as long to
// check as any other and as the check for an unknown name: no login's time tells who the
// administrator is (issue 53).
PasswordCost server_password_cost(const AdminOptions& o) {
    ServerConfig config;
    if (!o.config_file.empty()) apply_config_file(o.config_file, config);
    apply_environment(config, [](const char* name) { return std::getenv(name); });
    if (!o.password_cost.empty()) config.password_cost = o.password_cost;
    return password_cost(config.password_cost);
}

}  // namespace

CLI::App* add_admin_command(CLI::App& app) {
    auto* admin = app.add_subcommand("admin", "administer accounts on the server's database");
    admin->require_subcommand(1);
    auto o = std::make_shared<AdminOptions>();
    auto common = [o](CLI::App* cmd) {
        cmd->add_option("--db", o->database, "the server's SQLite database")->required();
        cmd->add_option("--name", o->name, "account name")->required();
    };

    auto* create = admin->add_subcommand("create-account", "make an account");
    common(create);
    create->add_flag("--admin", o->admin, "an administrator (may also create campaigns)");
    create->add_flag("--may-create-campaigns", o->may_create, "may create campaigns");
    create->add_option("--password-file", o->password_file,
                       "first line is the password; without it one is made and printed once");
    create->add_option("--config", o->config_file,
                       "the server's JSON configuration file, for its password_cost")
        ->check(CLI::ExistingFile);
    create->add_option("--password-cost", o->password_cost,
                       "interactive, moderate or min (default: the server's, from --config and "
                       "UMPIRE_PASSWORD_COST, as the server reads them)");
    create->callback([o] {
        guarded_admin([&] {
            std::string password;
            if (!o->password_file.empty()) {
                std::ifstream in(o->password_file);
                if (!in) throw std::invalid_argument("cannot read " + o->password_file);
                std::getline(in, password);
                if (password.size() < 8)
                    throw std::invalid_argument("a password has at least 8 characters");
            } else {
                password = new_code();
            }
            if (!storage::is_valid_id(o->name))
                throw std::invalid_argument("account names are 1 to 64 of A-Z a-z 0-9 _ - .");
            const PasswordCost cost = server_password_cost(*o);
            const auto campaigns = storage::open_campaign_store(o->database);
            storage::ServerStore server(campaigns->database());
            const auto id = server.create_account(
                o->name, hash_password(password, cost),
                iso_utc(std::chrono::system_clock::now()));
            if (o->admin || o->may_create) {
                const auto made = server.account_by_id(id);
                server.set_rights(id, made->admin || o->admin, o->may_create);
            }
            print_rights(*server.account_by_id(id));
            if (o->password_file.empty()) std::cout << "password: " << password << "\n";
        });
    });

    auto* grant = admin->add_subcommand("grant", "set an account's rights");
    common(grant);
    grant->add_flag("--admin", o->admin, "administrator");
    grant->add_flag("--may-create-campaigns", o->may_create, "may create campaigns");
    grant->add_flag("--none", o->none, "no rights");
    grant->callback([o] {
        guarded_admin([&] {
            if (o->none == (o->admin || o->may_create))
                throw std::invalid_argument("give --admin and/or --may-create-campaigns, or --none");
            const auto campaigns = storage::open_campaign_store(o->database, existing_only());
            storage::ServerStore server(campaigns->database());
            const auto account = server.account_by_name(o->name);
            if (!account) throw std::invalid_argument("no account \"" + o->name + "\"");
            server.set_rights(account->id, o->admin, o->may_create);
            print_rights(*server.account_by_id(account->id));
        });
    });

    auto* show = admin->add_subcommand("show", "show an account's rights");
    common(show);
    show->callback([o] {
        guarded_admin([&] {
            with_account(*o, [](storage::ServerStore&, const storage::AccountAuth& account) {
                print_rights(account);
            });
        });
    });

    // A lost password: the code goes to its owner by whatever way the administrator trusts;
    // with it they set a new password (reset_password, or `umpire client reset-password`).
    auto* reset = admin->add_subcommand(
        "reset-code", "issue a one-time password reset code for an account (printed once)");
    common(reset);
    reset->add_option("--hours", o->hours, "how long the code lasts")
        ->check(CLI::Range(1, 24 * 30))
        ->capture_default_str();
    reset->callback([o] {
        guarded_admin([&] {
            with_account(*o, [&](storage::ServerStore& server, const storage::AccountAuth& account) {
                const auto now = std::chrono::system_clock::now();
                const std::string code = new_code();
                const std::string expires = iso_utc(now + std::chrono::hours(o->hours));
                server.add_password_reset(
                    {secret_hash(code), account.id, "administrator", iso_utc(now), expires});
                std::cout << "reset code for " << o->name << ": " << code << " (until " << expires
                          << ", used once)\n";
            });
        });
    });
    return admin;
}

}  // namespace umpire::server
