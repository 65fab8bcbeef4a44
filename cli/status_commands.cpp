// `umpire client status | history | decisions`: where a campaign stands, as text a player reads
// at a glance (or the server's JSON with --json): the open period and its deadline in UTC and
// the campaign's zone, the player's orders, the decisions waiting with their own deadlines,
// who the period waits for (as far as the viewer may know), and the GM's notices.
#include <chrono>
#include <iostream>

#include "cli/client_session.hpp"
#include "protocol/local_time.hpp"

namespace umpire::cli {

namespace {

using rules::Json;

std::string text_of(const Json& value) {
    return value.is_string() ? value.get<std::string>() : value.dump();
}

std::string when(const Json& iso, const std::string& zone) {
    if (!iso.is_string()) return "none";
    const std::string at = iso.get<std::string>();
    const std::string rel = protocol::from_now(at, std::chrono::system_clock::now());
    return protocol::both_zones(at, zone) + (rel.empty() ? "" : ", " + rel);
}

void print_decision(const Json& r, const std::string& zone) {
    std::string options;
    for (const auto& o : r.value("options", Json::array()))
        options += (options.empty() ? "" : " | ") + text_of(o);
    std::cout << "  " << r.value("id", "") << "  " << r.value("kind", "");
    if (r.contains("force")) std::cout << " (" << text_of(r["force"]) << ")";
    if (r.value("player", "") == "gm") std::cout << " [for the GM]";
    std::cout << "\n    options: "
              << (options.size() > 200 ? options.substr(0, 200) + " …" : options) << "; default "
              << text_of(r.value("default", Json())) << "\n";
    if (r.contains("deadline")) std::cout << "    answer by " << when(r["deadline"], zone) << "\n";
}

void print_notice(const Json& n, const std::string& zone) {
    std::cout << "  #" << n.value("no", 0) << " " << n.value("kind", "") << " ("
              << protocol::both_zones(n.value("at", ""), zone) << ")";
    if (!n.value("reason", "").empty()) std::cout << ": " << n.value("reason", "");
    if (n.contains("details")) std::cout << " " << n["details"].dump();
    std::cout << "\n";
}

void print_status(const Json& view) {
    const std::string zone = view.value("time_zone", "UTC");
    const Json& you = view["you"];
    const Json& period = view["period"];
    std::cout << view.value("name", "") << " (" << view.value("campaign", "") << ") · "
              << view.value("status", "") << " · you are "
              << (you.value("role", "") == "player" ? "player " + you.value("player", "")
                                                    : you.value("role", ""))
              << "\n";
    std::cout << "Period " << period["index"] << ": day " << period["day"] << ", "
              << period.value("period", "") << "; deadline " << when(period["deadline"], zone)
              << "\n";
    if (view.contains("my_orders") && view["my_orders"].is_object()) {
        const Json& o = view["my_orders"];
        std::cout << "Your orders: " << o.value("state", "") << ", " << o["orders"].size()
                  << " order(s), receipt " << o.value("receipt", "").substr(0, 12) << "…, "
                  << protocol::both_zones(o.value("updated_at", ""), zone) << "\n";
    } else if (you.value("role", "") == "player") {
        std::cout << "Your orders: none yet (a draft is not orders; submit before the deadline)\n";
    }
    std::string flags;
    for (const auto& f : view.value("order_flags", Json::array()))
        flags += (flags.empty() ? "" : ", ") + f.value("player", "") + " " + f.value("state", "");
    if (!flags.empty()) std::cout << "Orders: " << flags << "\n";
    if (view.contains("waiting_for") && !view["waiting_for"].empty()) {
        std::string who;
        for (const auto& p : view["waiting_for"]) who += (who.empty() ? "" : ", ") + text_of(p);
        std::cout << "Decisions wait for: " << who << "\n";
    }
    const Json& decisions = view["decisions"];
    std::cout << "Decisions for you: " << decisions.size() << "\n";
    for (const auto& r : decisions) print_decision(r, zone);
    const Json& notices = view["notices"];
    if (!notices.empty()) {
        std::cout << "Latest notices:\n";
        for (std::size_t i = notices.size() > 3 ? notices.size() - 3 : 0; i < notices.size(); ++i)
            print_notice(notices[i], zone);
    }
}

void print_history(const Json& history, const std::string& zone) {
    const Json& periods = history["periods"];
    std::cout << periods.size() << " resolved period(s)\n";
    for (const auto& p : periods)
        std::cout << "  " << p["period_index"]
                  << (p.value("attempt", 0) ? "." + std::to_string(p.value("attempt", 0)) : "")
                  << "  day " << p["day"] << " " << p.value("period", "") << ", resolved "
                  << protocol::both_zones(p.value("committed_at", ""), zone)
                  << (p.value("rolled_back", false) ? "  (rolled back)" : "") << "\n";
    const Json& notices = history["notices"];
    if (!notices.empty()) std::cout << "GM notices:\n";
    for (const auto& n : notices) print_notice(n, zone);
}

}  // namespace

void add_status_commands(CLI::App& client, const std::shared_ptr<std::string>& session_file) {
    auto campaign = std::make_shared<std::string>();
    auto json = std::make_shared<bool>(false);
    // The campaign's view, joined over the HTTP API (a snapshot, then nothing more).
    auto view_of = [=](const ClientSession& s) {
        return first_of(call(s.server, {{"type", "join"}, {"campaign", *campaign}}, s.token),
                        "snapshot")["view"];
    };

    auto* status = client.add_subcommand("status",
                                         "Where the campaign stands: period, deadline, "
                                         "your orders, decisions, notices");
    status->add_option("--campaign", *campaign, "campaign id")->required();
    status->add_flag("--json", *json, "print the view as the server sent it");
    status->callback([=] {
        const Json view = view_of(load_session(*session_file));
        if (*json)
            std::cout << view.dump() << "\n";
        else
            print_status(view);
    });

    auto* history = client.add_subcommand("history", "The resolved periods and the GM's notices");
    history->add_option("--campaign", *campaign, "campaign id")->required();
    history->add_flag("--json", *json, "print the server's message");
    history->callback([=] {
        const ClientSession s = load_session(*session_file);
        const Json h = first_of(
            call(s.server, {{"type", "get_history"}, {"campaign", *campaign}}, s.token), "history");
        if (*json) {
            std::cout << h.dump() << "\n";
            return;
        }
        print_history(h, view_of(s).value("time_zone", "UTC"));
    });

    auto* decisions = client.add_subcommand("decisions", "The decisions waiting for you");
    decisions->add_option("--campaign", *campaign, "campaign id")->required();
    decisions->add_flag("--json", *json, "one request per line, as the server sent it");
    decisions->callback([=] {
        const ClientSession s = load_session(*session_file);
        if (*json) {
            const Json d = first_of(
                call(s.server, {{"type", "get_decisions"}, {"campaign", *campaign}}, s.token),
                "decisions");
            for (const auto& r : d["decisions"]) std::cout << r.dump() << "\n";
            return;
        }
        const Json view = view_of(s);
        std::cout << view["decisions"].size() << " decision(s) waiting for you\n";
        for (const auto& r : view["decisions"]) print_decision(r, view.value("time_zone", "UTC"));
    });
}

}  // namespace umpire::cli
