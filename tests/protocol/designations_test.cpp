// Enemy forces under designations of the viewer's own (issue 53, protocol/designations.hpp):
// letters in the order the viewer was first shown each enemy, never its id; its own and its
// allies' forces by id; the GM by id; answers given with a designation reach the engine with ids.
#include <gtest/gtest.h>

#include "protocol/designations.hpp"
#include "protocol/project.hpp"

namespace umpire::protocol {
namespace {

using rules::Json;

// The demo's sides: anna and bertram the realm, ingrid and erik the raiders.
DesignationFacts facts_with(const std::string& erik_force, const std::string& ingrid_force) {
    DesignationFacts f;
    f.force_players = {{"hadewych", "anna"}, {"anselm", "bertram"}, {erik_force, "erik"},
                       {ingrid_force, "ingrid"}};
    f.regiment_forces = {{"ha1", {"hadewych", 1}}, {"ae1", {erik_force, 1}},
                         {"ae2", {erik_force, 2}}};
    f.player_sides = {{"anna", "realm"}, {"bertram", "realm"}, {"ingrid", "raiders"},
                      {"erik", "raiders"}};
    // Period 0: anna meets ingrid's force; erik's is in a contact anna is not told of.
    f.periods = {{Json{{"type", "contact"}, {"audience", {"anna", "ingrid"}},
                       {"forces", {"hadewych", ingrid_force}}},
                  Json{{"type", "contact"}, {"audience", {"erik", "bertram"}},
                       {"forces", {"anselm", erik_force}}}},
                 // Period 1: anna meets erik's force, and loses one of its regiments' figures.
                 {Json{{"type", "delayed"}, {"audience", {"anna"}}, {"force", "hadewych"},
                       {"opponents", {erik_force}}}}};
    return f;
}

Json anna_message(const std::string& erik_force, const std::string& ingrid_force) {
    return Json{{"contact", "1.first." + erik_force},
                {"forces", {"hadewych", "anselm", erik_force, ingrid_force}},
                {"by_force", {{erik_force, 1}}},
                {"regiment", "ae2"}};
}

TEST(Designations, AnEnemyIsLetteredInTheOrderTheViewerMetItNeverByItsId) {
    const Viewer anna = Viewer::of_player("anna");
    for (const auto& [erik_force, ingrid_force] :
         std::vector<std::pair<std::string, std::string>>{{"aeskrvald", "ingegerd"},
                                                          {"zz", "aa"}}) {
        const auto f = facts_with(erik_force, ingrid_force);
        const Json seen = designated(anna, &f, anna_message(erik_force, ingrid_force));
        // ingrid's force first (period 0), erik's second (period 1): whatever their ids.
        EXPECT_EQ(seen, (Json{{"contact", "1.first.enemy-B"},
                              {"forces", {"hadewych", "anselm", "enemy-B", "enemy-A"}},
                              {"by_force", {{"enemy-B", 1}}},
                              {"regiment", "enemy-B.2"}}))
            << erik_force << " " << ingrid_force;
        // Answered with designations, the engine gets the ids.
        EXPECT_EQ(undesignated(anna, &f, Json{{"target", "enemy-B"}, {"regiment", "enemy-B.2"}}),
                  (Json{{"target", erik_force}, {"regiment", "ae2"}}));
        EXPECT_EQ(undesignated(anna, &f, Json("1.first.enemy-B.after_contact_dice.hadewych")),
                  Json("1.first." + erik_force + ".after_contact_dice.hadewych"));
        // A dice stream is named by its contact and its audience.
        EXPECT_EQ(designated(anna, &f, Json("/1.first." + erik_force + "|anna,erik")),
                  Json("/1.first.enemy-B|anna,erik"));
    }
}

TEST(Designations, BertramLettersByWhatHeWasShownAndTheGmSeesIds) {
    const auto f = facts_with("aeskrvald", "ingegerd");
    // bertram met erik's force in period 0 and was never shown ingrid's.
    const Json bertram =
        designated(Viewer::of_player("bertram"), &f, Json{{"forces", {"aeskrvald", "ingegerd"}}});
    EXPECT_EQ(bertram, (Json{{"forces", {"enemy-A", "enemy-B"}}}));
    const Json raw{{"forces", {"aeskrvald", "ingegerd", "hadewych"}}};
    EXPECT_EQ(designated(Viewer::gm(), &f, raw), raw);
    // ingrid's allies keep their ids; the realm's forces are her enemies.
    EXPECT_EQ(designated(Viewer::of_player("ingrid"), &f, raw),
              (Json{{"forces", {"aeskrvald", "ingegerd", "enemy-A"}}}));
}

TEST(Designations, EveryMessageOfAPlayerCarriesDesignations) {
    auto f = std::make_shared<DesignationFacts>(facts_with("aeskrvald", "ingegerd"));
    static const rules::CampaignState state;
    const std::string id = "c1";
    CampaignFacts campaign{id, state, {}, 2, {}, f};
    const DecisionFacts request{"anna", {{"id", "2.day.1.maneuver.hadewych"},
                                         {"options", {"aeskrvald", "ingegerd"}}}};
    const auto decision = project(Viewer::of_player("anna"), campaign, request);
    ASSERT_TRUE(decision);
    EXPECT_EQ((*decision)["request"]["options"], (Json{"enemy-B", "enemy-A"}));
    const std::vector<Json> events{
        Json{{"type", "delayed"}, {"audience", "all"}, {"force", "aeskrvald"}, {"opponents", {"hadewych"}}}};
    const PeriodFacts period{.index = 1, .events = events};
    const Json report = project(Viewer::of_player("anna"), campaign, period, PeriodMessage::report);
    EXPECT_EQ(report["events"][0]["force"], "enemy-B");
    EXPECT_EQ(report.dump().find("aeskrvald"), std::string::npos);
}

}  // namespace
}  // namespace umpire::protocol
