#pragma once
// Plays the demo campaign "raid" on a real server on 127.0.0.1 to its first battle: anna
// (hadewych) and ingrid (ingegerd) march into each other and answer every contact window
// "engage"; olaf plays bertram, a player of the campaign who is not in the battle; the GM
// answers the requests of the unplayed players. Battle decisions (battle_report and
// battle_dispute) are held for the test to answer; every other request takes its default.
#include <functional>
#include <memory>
#include <set>

#include "server_fixture.hpp"

namespace umpire::testing {

struct Seat {
    Seat(std::string account_name, std::string player_id)
        : account(std::move(account_name)), player(std::move(player_id)) {}
    std::string account;
    std::string player;  // "" for the GM
    std::string token;   // of its login, for the HTTP API
    std::unique_ptr<TestClient> client;
    std::vector<std::unique_ptr<TestClient>> retired;  // connections before a restart (logs)
    std::vector<Json> held;             // battle decisions waiting for the test
    std::set<std::string> seen;         // decision ids received (requests are re-sent on join)
    std::optional<Json> resolved;       // period_resolved
    std::vector<Json> companions;       // battle_companion pushes received while pumping
};

class DemoBattle {
public:
    explicit DemoBattle(const server::ServerConfig& config) : config_(config) {
        server_ = std::make_unique<RunningServer>(config_, kDemoAccounts, [](server::Hub& hub) {
            demo_campaign(hub);
            auto& store = *hub.services().server;
            store.put_membership({store.account_by_name("olaf")->id, "raid", "player",
                                  std::string("bertram")});
        });
        connect();
    }

    RunningServer& server() { return *server_; }

    // Orders into contact, confirmations, and every decision until both battle_report
    // requests are held. Returns the battle record.
    Json to_battle() {
        auto orders = [](const std::string& force, const Json& path) {
            return Json::array({{{"force", force}, {"path", path}}});
        };
        submit(anna, orders("hadewych", Json::parse("[[3,3],[4,3],[5,3]]")));
        submit(ingrid, orders("ingegerd", Json::parse("[[6,2],[5,2],[4,2]]")));
        for (Seat* s : {&olaf, &anna, &ingrid}) {
            auto r = s->client->request({{"type", "confirm_orders"}, {"campaign", "raid"},
                                         {"period_index", 0}});
            EXPECT_EQ(r["state"], "confirmed") << r.dump();
        }
        pump([&] { return held(anna, "battle_report") && held(ingrid, "battle_report"); });
        if (!held(anna, "battle_report") || !held(ingrid, "battle_report")) {
            ADD_FAILURE() << "the demo reached no battle";
            return Json();
        }
        const Json& request = held_request(anna, "battle_report");
        return request["context"]["battle"];
    }

    // The first regiment of the battle's attacker or defender as that side names it (a side sees
    // the other's regiments under designations of its own: issue 53).
    std::string own_regiment(const std::string& role) {
        return held_request(side(role), "battle_report")["context"]["battle"][role]["regiments"][0]
            ["regiment"];
    }

    // The seat of the battle's attacker or defender (from its battle_report request's role).
    Seat& side(const std::string& role) {
        return held_request(anna, "battle_report")["context"]["role"] == role ? anna : ingrid;
    }

    static bool held(const Seat& s, const std::string& kind) {
        for (const auto& r : s.held)
            if (r["kind"] == kind) return true;
        return false;
    }
    static const Json& held_request(const Seat& s, const std::string& kind) {
        for (const auto& r : s.held)
            if (r["kind"] == kind) return r;
        throw std::runtime_error(s.account + " holds no " + kind);
    }

    // Handles every message of every seat until `done` (or a minute passes).
    void pump(const std::function<bool()>& done, int seconds = 60) {
        const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
        while (!done() && std::chrono::steady_clock::now() < until)
            for (Seat* s : seats()) handle(*s);
    }
    bool all_resolved() { return gm.resolved && anna.resolved && ingrid.resolved && olaf.resolved; }

    Json battle_action(Seat& s, const std::string& battle, const Json& action) {
        return s.client->request({{"type", "battle_action"}, {"campaign", "raid"},
                                  {"battle", battle}, {"action", action}});
    }
    Json get_battle(Seat& s, const std::string& battle) {
        return s.client->request({{"type", "get_battle"}, {"campaign", "raid"}, {"battle", battle}});
    }
    Json answer(Seat& s, const Json& request, const Json& answer) {
        if (s.player.empty())
            return s.client->request({{"type", "gm"}, {"campaign", "raid"}, {"command", "answer_for"},
                                      {"decision", request["id"]}, {"answer", answer}});
        return s.client->request({{"type", "answer"}, {"campaign", "raid"},
                                  {"decision", request["id"]}, {"answer", answer}});
    }

    // Ends the battle the shortest way, whatever the dice: in the attacker's first bound the
    // defender records losing one-third of its elements (R-8.4: defeated at the bound's end),
    // and in its own first bound it leaves the table in good order. Returns the last
    // battle_companion reply.
    Json defeat_defender(const Json& record) {
        const std::string battle = record["id"];
        Seat& att = side("attacker");
        Seat& def = side("defender");
        const Json& defender = record["defender"];
        const std::string regiment = own_regiment("defender");
        const int ratio = record["judging"]["defeat_ratio"];
        const int needed = (defender["starting_elements"].get<int>() + ratio - 1) / ratio;
        auto act = [&](Seat& s, const Json& action) {
            Json r = battle_action(s, battle, action);
            EXPECT_EQ(r["type"], "battle_companion") << action.dump() << ": " << r.dump();
            return r;
        };
        act(att, {{"action", "start_bound"}});
        for (int i = 0; i < needed; ++i)
            act(def, {{"action", "lose_element"}, {"side", "defender"}, {"regiment", regiment}});
        Json r = act(att, {{"action", "end_bound"}});
        EXPECT_EQ(r["state"]["defeated"], "defender") << r["state"].dump();
        r = act(def, {{"action", "start_bound"}});
        const int on_table = r["state"]["defender"]["regiments"][0]["on_table"];
        r = act(def, {{"action", "leave_table"}, {"side", "defender"}, {"regiment", regiment},
                      {"elements", on_table}, {"how", "good_order"}});
        EXPECT_TRUE(r["state"]["ended"].get<bool>()) << r["state"].dump();
        return r;
    }

    // Stops the server and starts it again on the same database; every seat reconnects and
    // joins (held requests are kept; their re-announcements are ignored).
    void restart() {
        for (Seat* s : seats()) s->retired.push_back(std::move(s->client));
        server_.reset();
        server_ = std::make_unique<RunningServer>(config_);
        connect();
    }

    Seat gm{"gm", ""}, anna{"anna", "anna"}, ingrid{"ingrid", "ingrid"}, olaf{"olaf", "bertram"};

private:
    std::vector<Seat*> seats() { return {&gm, &anna, &ingrid, &olaf}; }

    void connect() {
        for (Seat* s : seats()) {
            s->client = std::make_unique<TestClient>(server_->port());
            auto login = s->client->hello_login(s->account, "pw-" + s->account);
            ASSERT_EQ(login["type"], "logged_in") << login.dump();
            s->token = login["token"];
            ASSERT_EQ(s->client->request({{"type", "join"}, {"campaign", "raid"}})["type"], "snapshot");
        }
    }

    void submit(Seat& s, const Json& orders) {
        auto r = s.client->request({{"type", "submit_orders"}, {"campaign", "raid"},
                                    {"period_index", 0}, {"orders", orders}});
        ASSERT_EQ(r["type"], "receipt") << r.dump();
    }

    void handle(Seat& s) {
        while (auto m = s.client->next(10)) {
            const std::string type = m->value("type", "");
            if (type == "period_resolved") s.resolved = *m;
            if (type == "battle_companion") s.companions.push_back(*m);
            if (type != "decision_request") continue;
            const Json request = (*m)["request"];
            if (!s.seen.insert(request["id"].get<std::string>()).second) continue;
            const std::string kind = request["kind"];
            const std::string asked = request["player"];
            if (s.player.empty() && asked != "gm" && asked != "erik" && asked != "sven")
                continue;  // the players answer their own
            if (ours(request)) {
                s.held.push_back(request);
                continue;
            }
            Json choice = request["default"];
            if (kind == "contact_window" && fights(asked)) {
                for (const auto& o : request["options"])
                    if (o == "engage") choice = "engage";
            }
            auto r = answer(s, request, choice);
            EXPECT_TRUE(r["type"] == "answer_accepted" || r["type"] == "gm_done") << r.dump();
        }
    }

    static bool fights(const std::string& player) { return player == "anna" || player == "ingrid"; }
    // The battle decisions of anna's and ingrid's battle: the test answers them.
    static bool ours(const Json& request) {
        const Json battle = request.value("context", Json::object()).value("battle", Json::object());
        if (request["kind"] == "battle_report") return fights(request["player"].get<std::string>());
        return request["kind"] == "battle_dispute" &&
               fights(battle.value("attacker", Json::object()).value("player", "")) &&
               fights(battle.value("defender", Json::object()).value("player", ""));
    }

    server::ServerConfig config_;
    std::unique_ptr<RunningServer> server_;
};

}  // namespace umpire::testing
