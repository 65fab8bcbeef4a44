// `umpire client campaigns|create-campaign|gm`: the lobby and every GM command from a shell, for
// a GM without a browser (docs/protocol.md, "GM commands"). `gm` sends one command with the
// members given; the reply is printed as text, or as the server's message with --json.
#include <fstream>
#include <iostream>
#include <iterator>

#include "cli/client_session.hpp"
#include "cli/commands.hpp"

namespace umpire::cli {

namespace {

using rules::Json;

struct GmOptions {
    std::string campaign, command, reason, role, player, account, key, invite, decision, confirm;
    std::string deadline, changes, edits, answer;  // JSON text (edits: or @FILE)
    int minutes = 0, to_period = -1, period = -1, hours = 0;
    bool json = false, reopen_orders = false;
};

Json parse_member(const std::string& text, const std::string& flag) {
    Json value = Json::parse(text, nullptr, false);
    if (value.is_discarded())
        throw CLI::RuntimeError(flag + ": not valid JSON: " + text, kExitInvalidInput);
    return value;
}

// "@FILE" is the file's text (an edit of the world is easier kept in a file), anything else is
// the text itself.
std::string read_text_or_file(const std::string& value, const std::string& flag) {
    if (value.empty() || value.front() != '@') return value;
    std::ifstream in(value.substr(1), std::ios::binary);
    if (!in) throw CLI::RuntimeError(flag + ": cannot read " + value.substr(1), kExitInvalidInput);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

Json gm_message(const GmOptions& o) {
    Json m{{"type", "gm"}, {"campaign", o.campaign}, {"command", o.command}};
    for (const auto& [name, value] : {std::pair{"reason", &o.reason},
                                      {"role", &o.role},
                                      {"player", &o.player},
                                      {"account", &o.account},
                                      {"key", &o.key},
                                      {"invite", &o.invite},
                                      {"decision", &o.decision},
                                      {"confirm", &o.confirm}})
        if (!value->empty()) m[name] = *value;
    if (o.minutes > 0) m["minutes"] = o.minutes;
    if (o.hours > 0) m["hours"] = o.hours;
    if (o.to_period >= 0) m["to_period"] = o.to_period;
    if (o.period >= 0) m["period"] = o.period;
    if (o.reopen_orders) m["reopen_orders"] = true;
    if (!o.deadline.empty()) m["deadline"] = parse_member(o.deadline, "--deadline");
    if (!o.changes.empty()) m["changes"] = parse_member(o.changes, "--changes");
    if (!o.edits.empty())
        m["edits"] = parse_member(read_text_or_file(o.edits, "--edits"), "--edits");
    if (!o.answer.empty()) {
        Json value = Json::parse(o.answer, nullptr, false);
        m["answer"] = value.is_discarded() ? Json(o.answer) : value;  // a bare word is a string
    }
    return m;
}

void print_done(const Json& done) {
    std::cout << done["command"].get<std::string>() << ": done";
    for (const char* k :
         {"account", "player", "role", "decision", "invite", "expires_at", "archive"})
        if (done.contains(k) && done[k].is_string() && !done[k].get<std::string>().empty())
            std::cout << ", " << k << " " << done[k].get<std::string>();
    if (done.value("repeated", false)) std::cout << " before (this key was used): not again";
    std::cout << "\n";
    if (done.contains("forces") && !done["forces"].empty())
        std::cout << "forces changed: " << done["forces"].dump() << "\n";
    if (done.value("map_or_sides", false)) std::cout << "the map or the sides changed\n";
    if (done.contains("orders_reopened"))
        std::cout << done["orders_reopened"] << " confirmed order set(s) reopened\n";
    if (done.contains("code"))
        std::cout << "code: " << done["code"].get<std::string>() << " (shown once)\n";
    for (const auto& i : done.value("invites", Json::array()))
        std::cout << "invite " << i["id"].get<std::string>() << " " << i["role"].get<std::string>()
                  << (i.contains("player") ? " " + i["player"].get<std::string>() : "") << " "
                  << i["state"].get<std::string>()
                  << (i.contains("used_by") ? " by " + i["used_by"].get<std::string>() : "")
                  << (i.contains("expires_at") ? ", expires " + i["expires_at"].get<std::string>()
                                               : "")
                  << "\n";
}

}  // namespace

void add_gm_commands(CLI::App& client, const std::shared_ptr<std::string>& session_file) {
    auto* list = client.add_subcommand("campaigns", "Your campaigns, and scenarios you may start");
    list->callback([=] {
        const ClientSession s = load_session(*session_file);
        const Json c = first_of(call(s.server, {{"type", "list_campaigns"}}, s.token), "campaigns");
        for (const auto& e : c["campaigns"]) {
            std::cout << e["campaign"].get<std::string>() << " (" << e["name"].get<std::string>()
                      << "): " << e["status"].get<std::string>() << ", period " << e["period_index"]
                      << ", you are " << e["role"].get<std::string>()
                      << (e["player"].get<std::string>().empty()
                              ? ""
                              : " " + e["player"].get<std::string>());
            const Json missed =
                e.value("missed_orders", Json::object());  // kept: items() refers to it
            for (const auto& [player, count] : missed.items())
                std::cout << ", " << player << " missed " << count.get<int>() << " period(s)";
            std::cout << "\n";
        }
        for (const auto& name : c["scenarios"])
            std::cout << "scenario " << name.get<std::string>() << "\n";
    });

    auto* create = client.add_subcommand("create-campaign", "Start a campaign from a scenario");
    auto scenario = std::make_shared<std::string>();
    auto id = std::make_shared<std::string>();
    auto zone = std::make_shared<std::string>();
    create->add_option("--scenario", *scenario, "a scenario the server offers")->required();
    create->add_option("--campaign", *id, "the campaign's id (default: the scenario's)");
    create->add_option("--time-zone", *zone, "the campaign's IANA time zone (default UTC)");
    create->callback([=] {
        const ClientSession s = load_session(*session_file);
        Json m{{"type", "create_campaign"}, {"scenario", *scenario}};
        if (!id->empty()) m["campaign"] = *id;
        if (!zone->empty()) m["time_zone"] = *zone;
        const Json made = first_of(call(s.server, m, s.token), "campaign_created");
        std::cout << "campaign " << made["campaign"]["campaign"].get<std::string>()
                  << " created; you are its GM\n";
    });

    auto* gm = client.add_subcommand("gm", "One GM command (docs/protocol.md, \"GM commands\")");
    auto o = std::make_shared<GmOptions>();
    gm->add_option("--campaign", o->campaign, "campaign id")->required();
    gm->add_option("command", o->command,
                   "invite, invites, revoke_invite, remove, set_deadline, pause, resume, extend, "
                   "force_advance, rollback, edit, edit_world, resolve, answer_for, add_gm, end, "
                   "archive, delete")
        ->required();
    gm->add_option("--reason", o->reason, "why (shown to players for the commands they see)");
    gm->add_option("--role", o->role, "invite: player or observer");
    gm->add_option("--player", o->player, "invite: the scenario's player");
    gm->add_option("--account", o->account, "remove, add_gm (an observer here): the account");
    gm->add_option("--hours", o->hours, "invite: hours until it expires");
    gm->add_option("--invite", o->invite, "revoke_invite: its id from invites");
    gm->add_option("--key", o->key,
                   "extend, force_advance: idempotency key (a retry with it is applied once)");
    gm->add_option("--minutes", o->minutes, "extend: minutes");
    gm->add_option("--to-period", o->to_period, "rollback: the period index to go back to");
    gm->add_option("--period", o->period,
                   "force_advance, resolve, rollback: the open period you mean (its index); "
                   "refused once the campaign has moved past it");
    gm->add_flag("--reopen-orders", o->reopen_orders, "rollback: confirmed orders open again");
    gm->add_option("--deadline", o->deadline, "set_deadline: the policy as JSON");
    gm->add_option("--changes", o->changes, "edit: the changes as JSON");
    gm->add_option("--edits", o->edits,
                   "edit_world: the operations as a JSON array, or @FILE holding it");
    gm->add_option("--decision", o->decision, "answer_for: the decision id");
    gm->add_option("--confirm", o->confirm, "delete: the campaign's id, again");
    gm->add_option("--answer", o->answer, "answer_for: JSON, or a bare word taken as a string");
    gm->add_flag("--json", o->json, "print the server's message");
    gm->callback([=] {
        const ClientSession s = load_session(*session_file);
        const Json done = first_of(call(s.server, gm_message(*o), s.token), "gm_done");
        if (o->json)
            std::cout << done.dump() << "\n";
        else
            print_done(done);
    });
}

}  // namespace umpire::cli
