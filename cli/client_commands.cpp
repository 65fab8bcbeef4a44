// `umpire client …`: e-mail-style play against a running server over its HTTP JSON API
// (docs/protocol.md, "HTTP API"): log in once, then submit orders and standing instructions
// from a file, answer decisions and fetch reports, each command one request or two.
#include <iostream>

#include "cli/client_session.hpp"
#include "cli/commands.hpp"
#include "cli/event_text.hpp"
#include "rules/json_reader.hpp"

namespace umpire::cli {

namespace {

using rules::Json;

Json read_json(const std::string& file) {
    rules::Problems problems;
    auto doc = rules::read_json_file(file, problems);
    if (!doc) throw CLI::RuntimeError(file + ": " + problems.to_text(), kExitInvalidInput);
    return *doc;
}

}  // namespace

void add_client_commands(CLI::App& app) {
    CLI::App* group = app.add_subcommand("client", "Play on a running server over its HTTP API");
    group->require_subcommand(1);
    auto session_file = std::make_shared<std::string>(default_session_file());
    group->add_option("--session", *session_file, "where the login is kept")->capture_default_str();

    auto* login = group->add_subcommand("login", "Log in and keep the session token");
    auto server_url = std::make_shared<std::string>("http://127.0.0.1:8080");
    auto account = std::make_shared<std::string>();
    auto password = std::make_shared<std::string>();
    auto password_file = std::make_shared<std::string>();
    login->add_option("--server", *server_url, "the server's URL")->capture_default_str();
    login->add_option("--account", *account, "account name")->required();
    login->add_option("--password", *password, "password (prefer --password-file)");
    login->add_option("--password-file", *password_file, "a file whose first line is the password");
    login->callback([=] {
        const std::string pw = read_password(*password, *password_file, "--password");
        const auto messages = call(*server_url, {{"type", "login"}, {"account", *account}, {"password", pw}});
        const Json in = first_of(messages, "logged_in");
        save_session(*session_file, {*server_url, in["token"], *account});
        std::cout << "logged in as " << *account << " at " << *server_url << "; session in "
                  << *session_file << "\n";
    });

    auto campaign = std::make_shared<std::string>();
    auto add_campaign = [&](CLI::App* cmd) {
        cmd->add_option("--campaign", *campaign, "campaign id")->required();
    };

    auto* orders = group->add_subcommand(
        "orders", "Submit orders (and standing instructions) for the open period from a file");
    add_campaign(orders);
    auto orders_file = std::make_shared<std::string>();
    auto confirm = std::make_shared<bool>(false);
    auto draft = std::make_shared<bool>(false);
    orders->add_option("--orders", *orders_file, "umpire-orders/1 file")->required();
    orders->add_flag("--confirm", *confirm, "confirm them too: no more changes this period");
    orders->add_flag("--draft", *draft, "keep them as a draft, not used until submitted");
    orders->callback([=] {
        const ClientSession s = load_session(*session_file);
        const Json snapshot = first_of(call(s.server, {{"type", "join"}, {"campaign", *campaign}}, s.token), "snapshot");
        const Json& period = snapshot["view"]["period"];
        const std::string me = snapshot["view"]["you"].value("player", "");
        const Json doc = read_json(*orders_file);
        Json mine = Json::array();
        for (const auto& p : doc.value("periods", Json::array()))
            if (p.value("day", 0) == period["day"] && p.value("period", "") == period["period"])
                for (const auto& o : p.value("orders", Json::array()))
                    if (o.value("player", me) == me) mine.push_back(o);
        const Json receipt = first_of(
            call(s.server, {{"type", "submit_orders"}, {"campaign", *campaign},
                            {"period_index", period["index"]}, {"orders", mine},
                            {"state", *draft ? "draft" : "submitted"}}, s.token),
            "receipt");
        std::cout << receipt.dump() << "\n";
        if (*confirm)
            std::cout << first_of(call(s.server, {{"type", "confirm_orders"}, {"campaign", *campaign},
                                                  {"period_index", period["index"]}}, s.token),
                                  "receipt").dump()
                      << "\n";
    });

    auto* decisions = group->add_subcommand("decisions", "The decisions waiting for you");
    add_campaign(decisions);
    decisions->callback([=] {
        const ClientSession s = load_session(*session_file);
        const Json d = first_of(call(s.server, {{"type", "get_decisions"}, {"campaign", *campaign}}, s.token), "decisions");
        for (const auto& r : d["decisions"]) std::cout << r.dump() << "\n";
    });

    auto* answer = group->add_subcommand("answer", "Answer a decision");
    add_campaign(answer);
    auto decision = std::make_shared<std::string>();
    auto answer_text = std::make_shared<std::string>();
    answer->add_option("--decision", *decision, "the decision id")->required();
    answer->add_option("--answer", *answer_text, "JSON, or a bare word taken as a string")->required();
    answer->callback([=] {
        const ClientSession s = load_session(*session_file);
        Json value = Json::parse(*answer_text, nullptr, false);
        if (value.is_discarded()) value = *answer_text;
        std::cout << first_of(call(s.server, {{"type", "answer"}, {"campaign", *campaign},
                                              {"decision", *decision}, {"answer", value}}, s.token),
                              "answer_accepted").dump()
                  << "\n";
    });

    auto* report = group->add_subcommand("report", "A resolved period's events as you may see them");
    add_campaign(report);
    auto period_index = std::make_shared<int>(0);
    auto format = std::make_shared<std::string>("text");
    report->add_option("--period", *period_index, "period index (0 is the first)")->required();
    report->add_option("--format", *format, "text or json")->check(CLI::IsMember({"text", "json"}));
    report->callback([=] {
        const ClientSession s = load_session(*session_file);
        const Json r = first_of(call(s.server, {{"type", "get_report"}, {"campaign", *campaign},
                                                {"period_index", *period_index}}, s.token), "report");
        if (*format == "json") {
            std::cout << r.dump() << "\n";
            return;
        }
        // The seed itself only for the GM; a player has the derived seeds of its rolls
        // (docs/protocol.md, "Dice"), shown with --format json.
        std::cout << "Period " << r["period_index"] << " (day " << r["day"] << ", "
                  << r["period"].get<std::string>() << "), "
                  << (r.contains("seed") ? "seed " + r["seed"].get<std::string>()
                                         : "seed hash " + r.value("seed_hash", std::string()) + ", " +
                                               std::to_string(r.value("dice_seeds", Json::object()).size()) +
                                               " derived dice seeds")
                  << "\n";
        if (r.contains("missed_orders")) {
            std::cout << "No orders came from:";
            for (const auto& p : r["missed_orders"]) std::cout << " " << p.get<std::string>();
            std::cout << " (their forces held; their decisions took standing instructions or "
                         "the defaults)\n";
        }
        for (const auto& e : r["events"]) std::cout << describe_event(e) << "\n";
    });
    add_account_commands(*group, session_file);
    add_gm_commands(*group, session_file);
}

}  // namespace umpire::cli
