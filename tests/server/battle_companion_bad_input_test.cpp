// Bad input to the battle companion over the wire, each a clear error that changes nothing: a
// player of the campaign who is not in the battle (told the battle does not exist, in the words
// used for one that does not exist), an action for the other side, malformed actions, actions
// the rules refuse, and actions after the battle ended. Over HTTP the codes map to statuses.
#include "demo_battle.hpp"
#include "storage/battle_action_store.hpp"
#include "storage/sqlite_store.hpp"

namespace umpire::testing {
namespace {

std::string replaced(std::string text, const std::string& what, const std::string& with) {
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + with.size()))
        text.replace(at, what.size(), with);
    return text;
}

TEST(BattleCompanionBadInput, EachRefusalIsClearAndChangesNothing) {
    TempDir dir;
    const auto config = test_config(dir);
    {
        DemoBattle t(config);
        const Json record = t.to_battle();
        ASSERT_TRUE(record.is_object());
        const std::string battle = record["id"];
        Seat& att = t.side("attacker");
        const std::string att_reg = t.own_regiment("attacker");
        const std::string def_reg = t.own_regiment("defender");
        const Json start{{"action", "start_bound"}};
        ASSERT_EQ(t.battle_action(att, battle, start)["type"], "battle_companion");

        const Json before = t.get_battle(t.gm, battle);
        auto unchanged = [&](const std::string& what) {
            Json now = t.get_battle(t.gm, battle);
            now.erase("re");
            Json was = before;
            was.erase("re");
            EXPECT_EQ(now.dump(), was.dump()) << "changed by " << what;
        };
        auto error = [&](Seat& s, const std::string& id, const Json& action, const std::string& code) {
            const Json r = t.battle_action(s, id, action);
            EXPECT_EQ(r["type"], "error") << action.dump();
            EXPECT_EQ(r["code"], code) << action.dump() << ": " << r.dump();
            unchanged(action.dump());
            return r;
        };

        // A player of the campaign who is not in the battle: the battle does not exist.
        const Json outsider = error(t.olaf, battle, start, "unknown_battle");
        const Json none = error(t.olaf, "1.day.99", start, "unknown_battle");
        EXPECT_EQ(replaced(outsider["message"], battle, "<id>"),
                  replaced(none["message"], "1.day.99", "<id>"));
        const Json fetched = t.get_battle(t.olaf, battle);
        EXPECT_EQ(fetched["code"], "unknown_battle");
        EXPECT_EQ(replaced(fetched["message"], battle, "<id>"),
                  replaced(none["message"], "1.day.99", "<id>"));
        error(att, "1.day.99", start, "unknown_battle");

        // The other side's action.
        const Json other = error(att, battle, {{"action", "lose_element"}, {"side", "defender"},
                                               {"regiment", def_reg}}, "forbidden");
        EXPECT_NE(other["message"].get<std::string>().find("defender"), std::string::npos);

        // Malformed actions: the path names the problem.
        EXPECT_EQ(error(att, battle, {{"action", "lose_element"}, {"side", "attacker"}},
                        "bad_message")["path"], "$.action.regiment");
        EXPECT_EQ(error(att, battle, {{"action", "charge"}}, "bad_message")["path"],
                  "$.action.action");
        EXPECT_EQ(error(att, battle, {{"action", "start_bound"}, {"pips", 6}}, "bad_message")["path"],
                  "$.action.pips");
        EXPECT_EQ(error(att, battle, "start_bound", "bad_message")["path"], "$.action");

        // What the rules refuse, naming the rule.
        const Json running = error(att, battle, start, "refused_by_rules");
        EXPECT_NE(running["message"].get<std::string>().find("R-8.3"), std::string::npos);
        error(att, battle, {{"action", "lose_element"}, {"side", "attacker"}, {"regiment", "nope"}},
              "refused_by_rules");
        error(att, battle, {{"action", "lose_general"}, {"side", "attacker"}}, "refused_by_rules");

        // Over HTTP: the same codes with their statuses.
        auto [status, body] = t.server().api({{"type", "battle_action"}, {"campaign", "raid"},
                                              {"battle", battle}, {"action", start}},
                                             t.olaf.token);
        EXPECT_EQ(status, 404) << body.dump();
        EXPECT_EQ(body["messages"][0]["code"], "unknown_battle");
        std::tie(status, body) = t.server().api({{"type", "battle_action"}, {"campaign", "raid"},
                                                 {"battle", battle}, {"action", start}},
                                                att.token);
        EXPECT_EQ(status, 422) << body.dump();
        unchanged("HTTP");

        // End the battle: the defender loses one-third in its own first bound, is defeated at
        // its end, and leaves the table in its next bound.
        Seat& def = t.side("defender");
        auto ok = [&](Seat& s, const Json& action) {
            const Json r = t.battle_action(s, battle, action);
            EXPECT_EQ(r["type"], "battle_companion") << action.dump() << ": " << r.dump();
            return r;
        };
        const Json end{{"action", "end_bound"}};
        ok(att, end);
        ok(def, start);
        const int ratio = record["judging"]["defeat_ratio"];
        const int needed = (record["defender"]["starting_elements"].get<int>() + ratio - 1) / ratio;
        for (int i = 0; i < needed; ++i)
            ok(def, {{"action", "lose_element"}, {"side", "defender"}, {"regiment", def_reg}});
        EXPECT_EQ(ok(def, end)["state"]["defeated"], "defender");
        ok(att, start);
        ok(att, end);
        const int on_table = ok(def, start)["state"]["defender"]["on_table"];
        const Json last = ok(def, {{"action", "leave_table"}, {"side", "defender"},
                                   {"regiment", def_reg}, {"elements", on_table},
                                   {"how", "good_order"}});
        ASSERT_TRUE(last["state"]["ended"].get<bool>()) << last.dump();

        // After the battle ended nothing more is taken, from either side or the GM.
        const Json final_state = t.get_battle(t.gm, battle);
        for (Seat* s : {&att, &def, &t.gm}) {
            const Json r = t.battle_action(*s, battle, start);
            EXPECT_EQ(r["code"], "refused_by_rules") << r.dump();
            EXPECT_NE(r["message"].get<std::string>().find("R-8.5: the battle has ended"),
                      std::string::npos) << r.dump();
        }
        Json now = t.get_battle(t.gm, battle);
        EXPECT_EQ(now["state"], final_state["state"]);
        EXPECT_EQ(now["actions"], final_state["actions"]);
        EXPECT_EQ(att.client->request({{"type", "get_battle"}, {"campaign", "raid"}})["code"],
                  "bad_message");
    }
    // Only the accepted actions were committed, numbered without gaps.
    storage::SqliteCampaignStore store(config.database);
    const auto rows = storage::BattleActionStore(store.connection()).all("raid");
    ASSERT_FALSE(rows.empty());
    for (std::size_t i = 0; i < rows.size(); ++i) EXPECT_EQ(rows[i].no, static_cast<int>(i) + 1);
    EXPECT_EQ(rows.front().action, R"({"action":"start_bound"})");
    EXPECT_EQ(rows.back().by, "defender");
}

}  // namespace
}  // namespace umpire::testing
