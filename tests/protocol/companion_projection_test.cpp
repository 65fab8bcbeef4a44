// The companion projection: the battle's two sides (its named players, or any player owning one
// of a side's forces) and the GM see the companion, each with its role; observers and the
// campaign's other players see nothing — not even that the battle exists.
#include <gtest/gtest.h>

#include "documents/battle_companion_json.hpp"
#include "documents/scenario_io.hpp"
#include "protocol/companion_projection.hpp"
#include "umpire/rules/battle_record_json.hpp"
#include "umpire/rules/companion_start.hpp"
#include "umpire/rules/dice.hpp"

namespace umpire::protocol {
namespace {

const std::string kDemo = std::string(UMPIRE_SOURCE_DIR) + "/scenarios/valormr-demo.json";

struct Demo {
    rules::CampaignState state;
    rules::Ruleset ruleset;
};

const Demo& demo() {
    static const Demo d = [] {
        rules::Problems problems;
        auto loaded = rules::load_scenario_file(
            kDemo, {std::string(UMPIRE_SOURCE_DIR) + "/rulesets"}, problems);
        if (!loaded) throw std::runtime_error(problems.to_text());
        return Demo{loaded->state, loaded->ruleset};
    }();
    return d;
}

// hadewych (anna) attacks ingegerd (ingrid) and skoll (sven, not the side's answering player).
rules::BattleRecord record() {
    const auto& d = demo();
    return rules::make_battle_record(
        d.ruleset, "1.day.1", "v", "morning", 9,
        rules::battle_side_record(d.state, d.ruleset, "realm", {"hadewych"}),
        rules::battle_side_record(d.state, d.ruleset, "raiders", {"ingegerd", "skoll"}));
}

TEST(CompanionProjection, OnlyTheSidesAndTheGmHaveASeat) {
    const auto r = record();
    const auto& s = demo().state;
    ASSERT_EQ(r.defender.player, "ingrid");
    EXPECT_EQ(battle_seat(Viewer::of_player("anna"), s, r), BattleSeat::attacker);
    EXPECT_EQ(battle_seat(Viewer::of_player("ingrid"), s, r), BattleSeat::defender);
    EXPECT_EQ(battle_seat(Viewer::of_player("sven"), s, r), BattleSeat::defender);  // owns skoll
    EXPECT_EQ(battle_seat(Viewer::gm(), s, r), BattleSeat::gm);
    EXPECT_EQ(battle_seat(Viewer::of_player("bertram"), s, r), BattleSeat::none);  // an ally
    EXPECT_EQ(battle_seat(Viewer::of_player("erik"), s, r), BattleSeat::none);
    EXPECT_EQ(battle_seat(Viewer::observer(), s, r), BattleSeat::none);
}

TEST(CompanionProjection, TheSeatedSeeTheWholeCompanionAndTheReportOnceItEnded) {
    const auto r = record();
    const auto& d = demo();
    auto opening = rules::start_companion(rules::companion_rules(d.ruleset, r),
                                          rules::companion_start(r));
    ASSERT_TRUE(opening.state) << opening.refusal;
    rules::CompanionState state = *opening.state;
    rules::ScriptedDice dice({{4, "pip"}});
    ASSERT_FALSE(rules::apply_companion_action(state, rules::CompanionAction{}, dice));  // start_bound

    const CompanionSnapshot snapshot{r, state, 1, Json{{"no", 1}, {"by", "gm"}}};
    const auto anna = companion_for(Viewer::of_player("anna"), d.state, snapshot);
    ASSERT_TRUE(anna);
    EXPECT_EQ((*anna)["role"], "attacker");
    EXPECT_EQ((*anna)["state"], rules::to_json(state));
    EXPECT_EQ((*anna)["state"]["pips_left"], 4);
    EXPECT_EQ((*anna)["record"], rules::to_json(r));
    EXPECT_TRUE((*anna)["report"].is_null());
    const auto ingrid = companion_for(Viewer::of_player("ingrid"), d.state, snapshot);
    ASSERT_TRUE(ingrid);
    EXPECT_EQ((*ingrid)["role"], "defender");
    EXPECT_EQ((*ingrid)["state"], (*anna)["state"]);
    EXPECT_EQ((*companion_for(Viewer::gm(), d.state, snapshot))["role"], "gm");
    EXPECT_FALSE(companion_for(Viewer::of_player("bertram"), d.state, snapshot));
    EXPECT_FALSE(companion_for(Viewer::observer(), d.state, snapshot));

    // The regiments are keyed as a battle report names them, so the report fits the record.
    const auto report = rules::companion_report(state);
    EXPECT_EQ(report.attacker.losses.front().regiment, r.attacker.regiments.front().regiment);
}

}  // namespace
}  // namespace umpire::protocol
