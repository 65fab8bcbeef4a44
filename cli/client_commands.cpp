// `umpire client …`: e-mail-style play against a running server over its HTTP JSON API
// (docs/protocol.md, "HTTP API"): log in once, then submit orders and standing instructions
// from a file, answer decisions and fetch reports, each command one request or two.
#include <iostream>

#include "cli/client_session.hpp"
#include "cli/commands.hpp"
#include "documents/json_file.hpp"
#include "protocol/report_text.hpp"
#include "umpire/rules/json_reader.hpp"

namespace umpire::cli {

namespace {

using rules::Json;

Json read_json(const std::string& file) {
    rules::Problems problems;
    auto doc = rules::read_json_file(file, problems);
    if (!doc) throw CLI::RuntimeError(file + ": " + problems.to_text(), kExitInvalidInput);
    return *doc;
}

// An orders preview's plan, a line per step (include/umpire/rules/order_plan.hpp).
std::string plan_text(const Json& plan) {
    std::string out;
    for (const auto& p : plan) {
        out += p.value("force", "") + ": ";
        if (!p.value("moves_this_period", false)) {
            out += "does not move in this period (R-2.2)\n";
            continue;
        }
        out += std::to_string(p.value("available", 0)) + " move points this period\n";
        for (const auto& step : p["steps"]) {
            const Json& hex = step["hex"];
            out += "  (" + hex[0].dump() + "," + hex[1].dump() + ") cost " + step["cost"].dump();
            out += step.value("reached", false)
                       ? ", " + step["spent"].dump() + " spent, entered at " +
                             step.value("at", "") + " of the period\n"
                       : ": not this period (the points run out; the force stops before it)\n";
        }
    }
    out +=
        "If nothing stops them: enemies met on the way, contacts and roll-offs are not "
        "foreseen.\n";
    return out;
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
    auto dry_run = std::make_shared<bool>(false);
    orders->add_flag("--dry-run", *dry_run,
                     "check them and show their plan (each step's cost and when it is entered); "
                     "nothing is stored");
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
        if (*dry_run) {
            const Json preview = first_of(call(s.server,
                                               {{"type", "submit_orders"},
                                                {"campaign", *campaign},
                                                {"period_index", period["index"]},
                                                {"orders", mine},
                                                {"dry_run", true}},
                                               s.token),
                                          "orders_preview");
            std::cout << preview["orders"] << " order(s) pass every check; nothing was stored.\n"
                      << plan_text(preview["plan"]);
            return;
        }
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

    auto* report = group->add_subcommand(
        "report", "A resolved period's turn report as you may see it (text, Markdown or JSON)");
    add_campaign(report);
    auto period_index = std::make_shared<int>(0);
    auto format = std::make_shared<std::string>("text");
    report->add_option("--period", *period_index, "period index (0 is the first)")->required();
    report->add_option("--format", *format, "text, markdown or json")
        ->check(CLI::IsMember({"text", "markdown", "json"}));
    report->callback([=] {
        const ClientSession s = load_session(*session_file);
        const Json r = first_of(call(s.server, {{"type", "get_report"}, {"campaign", *campaign},
                                                {"period_index", *period_index}}, s.token), "report");
        if (*format == "json") {
            std::cout << r.dump() << "\n";
            return;
        }
        // The report and the view as they stand now: what the commanders know, the forces,
        // the decisions waiting and the next deadline (protocol/report_text.hpp).
        const Json view =
            first_of(call(s.server, {{"type", "join"}, {"campaign", *campaign}}, s.token),
                     "snapshot")["view"];
        std::cout << protocol::turn_report(r, view,
                                           *format == "markdown" ? protocol::ReportFormat::markdown
                                                                 : protocol::ReportFormat::text);
    });
    add_account_commands(*group, session_file);
    add_gm_commands(*group, session_file);
    add_status_commands(*group, session_file);
}

}  // namespace umpire::cli
