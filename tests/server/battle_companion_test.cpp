// End to end on 127.0.0.1: the demo played to its first battle, and both players drive the
// battle companion over WebSocket — bounds with PIP dice the server rolls, losses, a
// withdrawal declaration with its PIP cost (or its refusal when the die is too low), a server
// restart mid-battle — until the battle ends. Both send the companion's report as their
// battle_report answer and the period completes with the battle settled by that report.
#include <fstream>

#include "demo_battle.hpp"
#include "json_schema.hpp"
#include "storage/battle_action_store.hpp"
#include "storage/sqlite_store.hpp"

namespace umpire::testing {
namespace {

// The period's battle_result (the demo's one battle: each viewer names it in its own words).
std::optional<Json> battle_result(const Json& resolved) {
    for (const auto& e : resolved["events"])
        if (e["type"] == "battle_result") return e;
    return std::nullopt;
}

// `j` without the names of forces and regiments, which each side reads in its own words (the
// other side's under designations: issue 53), to compare what two viewers were shown.
Json without_names(Json j) {
    if (j.is_object()) {
        for (const char* key : {"regiment", "force", "forces", "id"}) j.erase(key);
        for (auto& [key, value] : j.items()) value = without_names(value);
    } else if (j.is_array()) {
        for (auto& value : j) value = without_names(value);
    }
    return j;
}

// The next battle_companion the server pushed (not a reply: it carries no "re").
Json next_push(TestClient& client) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (std::chrono::steady_clock::now() < until)
        if (auto m = client.next(100); m && (*m)["type"] == "battle_companion" && !m->contains("re"))
            return *m;
    throw std::runtime_error("no battle_companion was pushed");
}

TEST(BattleCompanion, BothSidesDriveTheCompanionToTheReportThatSettlesTheBattle) {
    TempDir dir;
    const auto config = test_config(dir);
    int accepted = 0;
    std::string battle;
    {
        DemoBattle t(config);
        const Json record = t.to_battle();
        ASSERT_TRUE(record.is_object());
        battle = record["id"];
        Seat& att = t.side("attacker");
        Seat& def = t.side("defender");
        ASSERT_EQ(record["defender"]["regiments"].size(), 1u);
        const std::string att_reg = t.own_regiment("attacker");
        const std::string def_reg = t.own_regiment("defender");
        auto act = [&](Seat& s, const Json& action) {
            Json r = t.battle_action(s, battle, action);
            EXPECT_EQ(r["type"], "battle_companion") << action.dump() << ": " << r.dump();
            ++accepted;
            return r;
        };

        const Json fresh = t.get_battle(att, battle);
        ASSERT_EQ(fresh["type"], "battle_companion") << fresh.dump();
        EXPECT_EQ(fresh["role"], "attacker");
        EXPECT_EQ(fresh["actions"], 0);
        EXPECT_EQ(fresh["state"]["bound"], 0);
        EXPECT_TRUE(fresh["report"].is_null());
        EXPECT_EQ(fresh["record"], DemoBattle::held_request(att, "battle_report")["context"]["battle"]);
        EXPECT_EQ(t.get_battle(t.gm, battle)["role"], "gm");

        // The attacker's first bound, started by the defender: either side moves the clock.
        Json r = act(def, {{"action", "start_bound"}});
        const Json s1 = r["state"];
        EXPECT_EQ(s1["moving"], "attacker");
        ASSERT_EQ(s1["pip_dice"].size(), 1u);
        EXPECT_GE(s1["pip_dice"][0]["pips"].get<int>(), 1);
        EXPECT_LE(s1["pip_dice"][0]["pips"].get<int>(), 6);
        EXPECT_EQ(r["last_action"]["by"], "defender");
        EXPECT_EQ(r["role"], "defender");
        // Pushed to the attacker and the GM (each with its own role), not to the bystander.
        const Json pushed = next_push(*att.client);
        EXPECT_EQ(without_names(pushed["state"]), without_names(s1));
        EXPECT_EQ(pushed["role"], "attacker");
        EXPECT_EQ(without_names(next_push(*t.gm.client)["state"]), without_names(s1));

        r = act(att, {{"action", "lose_element"}, {"side", "attacker"}, {"regiment", att_reg}});
        EXPECT_EQ(r["state"]["attacker"]["elements_lost"], 1);
        act(att, {{"action", "end_bound"}});
        r = act(def, {{"action", "start_bound"}});
        EXPECT_EQ(r["state"]["moving"], "defender");
        const int pips = r["state"]["pips_left"];
        EXPECT_EQ(r["state"]["pip_dice"][1]["pips"], pips);

        // A restart mid-battle: the companion is rebuilt from the committed actions and the
        // same dice, to the byte.
        const Json before = t.get_battle(def, battle);
        t.restart();
        const Json after = t.get_battle(def, battle);
        EXPECT_EQ(after["state"].dump(), before["state"].dump());
        EXPECT_EQ(after["actions"], accepted);

        const Json declare{{"action", "declare_withdrawal"}, {"side", "defender"}};
        if (pips >= 5) {
            // 5 PIPs with the CinC present.
            r = act(def, declare);
            EXPECT_EQ(r["state"]["pips_left"], pips - 5);
            EXPECT_EQ(r["state"]["defender"]["withdrawal_declared_bound"], 1);
            const int on_table = r["state"]["defender"]["on_table"];
            r = act(def, {{"action", "leave_table"}, {"side", "defender"}, {"regiment", def_reg},
                          {"elements", on_table}, {"how", "good_order"}});
            ASSERT_TRUE(r["state"]["ended"].get<bool>()) << r.dump();
            EXPECT_EQ(r["state"]["end"]["defender"], "withdrew");
        } else {
            const Json refused = t.battle_action(def, battle, declare);
            EXPECT_EQ(refused["code"], "refused_by_rules") << refused.dump();
            EXPECT_NE(refused["message"].get<std::string>().find("costs 5 PIPs"),
                      std::string::npos) << refused.dump();
            EXPECT_EQ(t.get_battle(def, battle)["state"], after["state"]);  // nothing changed
            // Then the defender loses one-third and is defeated at the end of its bound, and
            // leaves the table in its next bound (a defeated army withdraws at no PIP cost).
            const int ratio = record["judging"]["defeat_ratio"];
            const int needed = (record["defender"]["starting_elements"].get<int>() + ratio - 1) / ratio;
            for (int i = 0; i < needed; ++i)
                act(def, {{"action", "lose_element"}, {"side", "defender"}, {"regiment", def_reg}});
            r = act(att, {{"action", "end_bound"}});
            EXPECT_EQ(r["state"]["defeated"], "defender");
            act(att, {{"action", "start_bound"}});
            act(def, {{"action", "end_bound"}});
            r = act(def, {{"action", "start_bound"}});
            const int on_table = r["state"]["defender"]["on_table"];
            r = act(def, {{"action", "leave_table"}, {"side", "defender"}, {"regiment", def_reg},
                          {"elements", on_table}, {"how", "good_order"}});
            ASSERT_TRUE(r["state"]["ended"].get<bool>()) << r.dump();
            EXPECT_EQ(r["state"]["end"]["defender"], "defeated");
        }
        EXPECT_EQ(r["state"]["end"]["attacker"], "won");
        const Json report = r["report"];
        ASSERT_TRUE(report.is_object()) << r.dump();
        Json last_push;
        while (auto m = att.client->next(200))
            if ((*m)["type"] == "battle_companion" && !m->contains("re")) last_push = *m;
        // The defender's last action reached the attacker.
        EXPECT_EQ(without_names(last_push["report"]), without_names(report));

        // Both send the companion's report, each in its own names, as their battle_report answer.
        for (Seat* s : {&att, &def}) {
            const Json own = s == &att ? last_push["report"] : report;
            const Json a = t.answer(*s, DemoBattle::held_request(*s, "battle_report"), own);
            EXPECT_EQ(a["type"], "answer_accepted") << a.dump();
        }
        t.pump([&] { return t.all_resolved(); });
        ASSERT_TRUE(t.all_resolved()) << "the period did not resolve";
        for (Seat* s : {&t.anna, &t.ingrid, &t.gm}) {
            const auto result = battle_result(*s->resolved);
            ASSERT_TRUE(result) << s->account << " did not see the battle's result";
            EXPECT_EQ((*result)["settled_by"], "report");
            EXPECT_EQ(without_names((*result)["report"]), without_names(report));
        }
        // The period is over, and its battle with it.
        EXPECT_EQ(t.get_battle(att, battle)["code"], "unknown_battle");
        // The bystander never heard of the companion.
        for (const auto* c : {t.olaf.client.get(), t.olaf.retired.front().get()})
            for (const auto& m : c->log()) EXPECT_NE(m["type"], "battle_companion");

        // Every message anyone was sent matches its JSON Schema (protocol/schemas).
        std::vector<const TestClient*> clients;
        for (Seat* s : {&t.gm, &t.anna, &t.ingrid, &t.olaf}) {
            clients.push_back(s->client.get());
            for (const auto& c : s->retired) clients.push_back(c.get());
        }
        for (const TestClient* c : clients)
            for (const auto& m : c->log()) {
                std::ifstream in(kSource + "/protocol/schemas/server." +
                                 m["type"].get<std::string>() + ".json");
                ASSERT_TRUE(in) << "no schema for " << m["type"];
                EXPECT_EQ(schema_mismatch(Json::parse(in), m), "") << m.dump().substr(0, 300);
            }
    }
    // Every accepted action, and only those, is in the SQLite file.
    storage::SqliteCampaignStore store(config.database);
    const auto rows = storage::BattleActionStore(store.connection()).all("raid");
    EXPECT_EQ(static_cast<int>(rows.size()), accepted);
    for (const auto& row : rows) EXPECT_EQ(row.battle_id, battle);
}

}  // namespace
}  // namespace umpire::testing
