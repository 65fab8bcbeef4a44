// End to end on 127.0.0.1: the two sides send different battle reports for the battle the
// companion tracked, the GM gets a battle_dispute request and rules for the attacker's
// report with answer_for; the period completes with the battle settled by that report.
#include <map>

#include "demo_battle.hpp"

namespace umpire::testing {
namespace {

TEST(BattleDispute, DisagreeingReportsGoToTheGmWhoRulesForTheAttackersReport) {
    TempDir dir;
    DemoBattle t(test_config(dir));
    const Json record = t.to_battle();
    ASSERT_TRUE(record.is_object());
    const std::string battle = record["id"];
    const Json report = t.defeat_defender(record)["report"];
    ASSERT_TRUE(report.is_object());
    // The defender claims the attacker lost an element: still a report allows.
    Json claim = report;
    claim["attacker"]["losses"][0]["elements"] = 1;
    Seat& att = t.side("attacker");
    Seat& def = t.side("defender");
    // Each side reports in its own names (the other side's forces under its designations).
    const Json att_report = t.get_battle(att, battle)["report"];
    ASSERT_TRUE(att_report.is_object()) << t.get_battle(att, battle).dump();
    EXPECT_EQ(t.answer(att, DemoBattle::held_request(att, "battle_report"), att_report)["type"],
              "answer_accepted");
    EXPECT_EQ(t.answer(def, DemoBattle::held_request(def, "battle_report"), claim)["type"],
              "answer_accepted");

    t.pump([&] { return DemoBattle::held(t.gm, "battle_dispute"); });
    ASSERT_TRUE(DemoBattle::held(t.gm, "battle_dispute")) << "no dispute reached the GM";
    const Json dispute = DemoBattle::held_request(t.gm, "battle_dispute");
    EXPECT_EQ(dispute["player"], "gm");
    // The GM reads both reports under the forces' ids.
    const Json gm_report = t.get_battle(t.gm, battle)["report"];
    Json gm_claim = gm_report;
    gm_claim["attacker"]["losses"][0]["elements"] = 1;
    EXPECT_EQ(dispute["context"]["reports"]["attacker"], gm_report);
    EXPECT_EQ(dispute["context"]["reports"]["defender"], gm_claim);
    const Json options = dispute["options"];
    EXPECT_NE(std::find(options.begin(), options.end(), "attacker_report"), options.end());
    EXPECT_NE(std::find(options.begin(), options.end(), "defender_report"), options.end());
    // The players are not asked: the dispute is the GM's.
    EXPECT_FALSE(DemoBattle::held(att, "battle_dispute"));
    EXPECT_FALSE(DemoBattle::held(def, "battle_dispute"));

    // What each reads as the attacker's report, in its own names (the battle's id too).
    std::map<const Seat*, Json> attackers_report;
    for (Seat* s : {&t.anna, &t.ingrid, &t.gm})
        attackers_report[s] = s == &att ? att_report : s == &t.gm ? gm_report : report;
    const Json ruled = t.answer(t.gm, dispute, "attacker_report");
    EXPECT_EQ(ruled["type"], "gm_done") << ruled.dump();
    t.pump([&] { return t.all_resolved(); });
    ASSERT_TRUE(t.all_resolved()) << "the period did not resolve";
    for (Seat* s : {&t.anna, &t.ingrid, &t.gm}) {
        std::optional<Json> result;
        for (const auto& e : (*s->resolved)["events"])
            if (e["type"] == "battle_result") result = e;  // the demo's one battle
        ASSERT_TRUE(result) << s->account;
        EXPECT_EQ((*result)["settled_by"], "report");
        EXPECT_EQ((*result)["report"], attackers_report[s]) << "not the attacker's report";
    }
}

}  // namespace
}  // namespace umpire::testing
