// The GM's edits of forces and the world (storage/world_edit.hpp, Campaign::edit_world): checked
// like a scenario, committed with their GM action, the start of the open period, replayed by
// verify and import, and rolled back as history.
#include <gtest/gtest.h>

#include "storage/archive.hpp"
#include "storage/period_codec.hpp"
#include "storage/replay.hpp"
#include "storage/world_edit.hpp"
#include "store_engines.hpp"
#include "test_support.hpp"

namespace umpire::storage::testing {
namespace {

using rules::Json;

class WorldEdit : public EngineTest {
protected:
    void SetUp() override {
        EngineTest::SetUp();
        if (IsSkipped()) return;
        store = open_store();
        campaign = std::make_unique<Campaign>(create_demo(*store));
    }
    const rules::Force& force(const std::string& id) const {
        return *campaign->state().find_force(id);
    }
    // What a refused edit must leave as it was.
    std::string stored() {
        return store->latest_state("demo").value_or("scenario") + "|" +
               std::to_string(store->gm_actions("demo").size()) + "|" +
               std::to_string(store->world_edits("demo").size());
    }
    std::string refusal(const Json& edits) {
        const std::string before = stored();
        try {
            campaign->edit_world(edits, "a test", "gm");
        } catch (const StorageError& e) {
            EXPECT_EQ(e.kind(), ErrorKind::invalid_input) << e.what();
            EXPECT_EQ(stored(), before) << "a refused edit changed the store";
            return e.what();
        }
        ADD_FAILURE() << "the edit was taken: " << edits.dump();
        return "";
    }

    std::unique_ptr<SqlCampaignStore> store;
    std::unique_ptr<Campaign> campaign;
};

const Json kMoveHadewych =
    Json::parse(R"([{"op": "set_force", "force": "hadewych", "set": {"hex": [2, 4]}}])");

TEST_P(WorldEdit, AnEditIsTheOpenPeriodsStartAndItsGmActionSaysWhomItConcerns) {
    const auto done = campaign->edit_world(kMoveHadewych, "lost her way in the fog", "gm");
    EXPECT_EQ(force("hadewych").hex(), (rules::Hex{2, 4}));
    EXPECT_EQ(done.forces.at("hadewych"), std::vector<std::string>{"anna"});
    EXPECT_FALSE(done.map_or_sides);

    const auto action = store->gm_actions("demo").back();
    EXPECT_EQ(action.no, done.action_no);
    EXPECT_EQ(action.kind, "world_edit");
    EXPECT_EQ(action.reason, "lost her way in the fog");
    const Json details = Json::parse(action.details);
    EXPECT_EQ(details["by"], "gm");
    EXPECT_EQ(details["edits"], kMoveHadewych);
    EXPECT_EQ(details["period_index"], 0);

    // A reopened campaign starts the period from the edit; the period resolves from it.
    auto reopened = Campaign::open(*store, "demo", counting_clock());
    EXPECT_EQ(reopened.state().find_force("hadewych")->hex(), (rules::Hex{2, 4}));
    const auto period = play_period(reopened);
    const auto stored_period = store->load_period("demo", {period.index, period.attempt});
    EXPECT_EQ(parse_snapshot(stored_period.state_before, "before").find_force("hadewych")->hex(),
              (rules::Hex{2, 4}));
    EXPECT_TRUE(verify_campaign(*store, "demo").ok());
}

TEST_P(WorldEdit, EveryOperationChangesWhatItNames) {
    const Json edits = Json::parse(R"([
        {"op": "set_regiment", "regiment": "ha1", "set": {"morale": 4,
         "companies": [{"type": "spearmen", "figures": 12}]}},
        {"op": "remove_force", "force": "skoll"},
        {"op": "add_force", "force": {"id": "zeta", "name": "Reinforcements", "player": "erik",
         "hex": [6, 6], "general": {"name": "Zeta", "leadership": 0}, "camp": true,
         "regiments": [{"id": "z1", "morale": 7, "companies": [{"type": "warband", "figures": 9}]}]}},
        {"op": "set_terrain", "hex": [4, 4], "terrain": "forest"},
        {"op": "set_terrain", "hex": [5, 4], "terrain": "swamp"},
        {"op": "set_dwelling", "hex": [3, 5], "kind": null},
        {"op": "set_dwelling", "hex": [4, 3], "kind": "town", "name": "Newport"},
        {"op": "patch", "patch": [{"op": "replace", "path": "/sides/0/name", "value": "The Realm"}]}
    ])");
    const auto done = campaign->edit_world(edits, "the winter came", "gm");
    const auto& s = campaign->state();
    EXPECT_EQ(force("hadewych").regiments[0].morale, 4);
    EXPECT_EQ(force("hadewych").regiments[0].figures(), 12);
    EXPECT_EQ(s.find_force("skoll"), nullptr);
    ASSERT_NE(s.find_force("zeta"), nullptr);
    EXPECT_EQ(s.find_force("zeta")->player, "erik");
    EXPECT_EQ(*s.map.terrain_at({4, 4}), "forest");
    EXPECT_EQ(*s.map.terrain_at({5, 4}), "swamp");
    EXPECT_FALSE(s.map.at({3, 5})->dwelling);
    ASSERT_TRUE(s.map.at({4, 3})->dwelling);
    EXPECT_EQ(s.map.at({4, 3})->dwelling->name, "Newport");
    EXPECT_EQ(s.sides[0].name, "The Realm");
    EXPECT_TRUE(done.map_or_sides);
    EXPECT_EQ(done.forces.size(), 3u);  // hadewych, skoll, zeta
    EXPECT_EQ(done.forces.at("skoll"), std::vector<std::string>{"sven"});
    EXPECT_EQ(done.forces.at("zeta"), std::vector<std::string>{"erik"});
    EXPECT_TRUE(verify_campaign(*store, "demo").ok());
}

TEST_P(WorldEdit, AForceGivenToAnotherPlayerConcernsBoth) {
    const auto done = campaign->edit_world(
        Json::parse(R"([{"op": "set_force", "force": "skoll", "set": {"player": "erik"}}])"),
        "Sven's men go over to Erik", "gm");
    EXPECT_EQ(done.forces.at("skoll"), (std::vector<std::string>{"erik", "sven"}));
}

TEST_P(WorldEdit, ABadEditIsRefusedNamingWhatIsWrongAndChangesNothing) {
    const std::map<std::string, std::pair<std::string, std::string>> cases{
        {"not a list", {R"({"op": "remove_force", "force": "skoll"})", "non-empty list"}},
        {"empty", {"[]", "non-empty list"}},
        {"unknown op", {R"([{"op": "teleport"}])", "unknown operation \"teleport\""}},
        {"unknown force",
         {R"([{"op": "remove_force", "force": "nobody"}])", "no force \"nobody\""}},
        {"id change",
         {R"([{"op": "set_force", "force": "skoll", "set": {"id": "x"}}])", "id cannot change"}},
        {"off the map",
         {R"([{"op": "set_force", "force": "skoll", "set": {"hex": [40, 40]}}])", "off the map"}},
        {"two in a hex",
         {R"([{"op": "set_force", "force": "skoll", "set": {"hex": [2, 3]}}])", "$.forces"}},
        {"on water",
         {R"([{"op": "set_force", "force": "skoll", "set": {"hex": [-2, 5]}}])", "impassable"}},
        {"unknown terrain",
         {R"([{"op": "set_terrain", "hex": [4, 4], "terrain": "lava"}])", "unknown terrain"}},
        {"not a hex",
         {R"([{"op": "set_terrain", "hex": [-5, 0], "terrain": "forest"}])", "not a hex"}},
        {"unknown troop type",
         {R"([{"op": "set_regiment", "regiment": "ha1", "set": {"companies": [{"type": "dragons", "figures": 1}]}}])",
          "unknown troop type"}},
        {"the calendar",
         {R"([{"op": "patch", "patch": [{"op": "replace", "path": "/calendar/day", "value": 9}]}])",
          "\"calendar\" cannot be edited"}},
        {"the players",
         {R"([{"op": "patch", "patch": [{"op": "remove", "path": "/players/4"}]}])",
          "\"players\" cannot be edited"}},
        {"a patch that fails",
         {R"([{"op": "patch", "patch": [{"op": "remove", "path": "/nothing/here"}]}])",
          "the patch does not apply"}},
        {"a patch that breaks the shape",
         {R"([{"op": "patch", "patch": [{"op": "replace", "path": "/forces", "value": 5}]},
              {"op": "set_regiment", "regiment": "ha1", "set": {"morale": 3}}])",
          "cannot apply to the state as it stands"}},
        {"nothing changes",
         {R"([{"op": "set_force", "force": "skoll", "set": {"hex": [6, 5]}}])", "change nothing"}},
    };
    for (const auto& [name, c] : cases) {
        SCOPED_TRACE(name);
        EXPECT_NE(refusal(Json::parse(c.first)).find(c.second), std::string::npos)
            << refusal(Json::parse(c.first));
    }
    Json many = Json::array();
    for (int i = 0; i <= static_cast<int>(kMaxWorldEditOperations); ++i)
        many.push_back(Json{{"op", "set_terrain"}, {"hex", {4, 4}}, {"terrain", "forest"}});
    EXPECT_NE(refusal(many).find("at most"), std::string::npos);
    try {
        campaign->edit_world(kMoveHadewych, "", "gm");
        ADD_FAILURE() << "an edit without a reason was taken";
    } catch (const StorageError& e) {
        EXPECT_NE(std::string(e.what()).find("needs a reason"), std::string::npos);
    }
}

TEST_P(WorldEdit, AnEditIsRefusedWhileThePeriodWaitsForDecisions) {
    const auto waiting = start_period(*campaign);
    ASSERT_FALSE(waiting.complete);
    ASSERT_FALSE(waiting.pending.empty());
    const std::string before = stored();
    try {
        campaign->edit_world(kMoveHadewych, "too late", "gm");
        ADD_FAILURE() << "an edit was taken while decisions wait";
    } catch (const StorageError& e) {
        EXPECT_EQ(e.kind(), ErrorKind::conflict);
        EXPECT_NE(std::string(e.what()).find("being resolved"), std::string::npos) << e.what();
    }
    EXPECT_EQ(stored(), before);
}

TEST_P(WorldEdit, ARollbackKeepsTheEditsOfThePeriodItReopensAndUndoesLaterOnes) {
    campaign->edit_world(kMoveHadewych, "period 0", "gm");
    play_period(*campaign);
    const Json later =
        Json::parse(R"([{"op": "set_regiment", "regiment": "ha1", "set": {"morale": 3}}])");
    campaign->edit_world(later, "period 1", "gm");
    EXPECT_EQ(force("hadewych").regiments[0].morale, 3);
    play_period(*campaign);
    campaign->roll_back(1, "again");
    // Period 1 starts as it did: after the first edit and before the second, which is history.
    EXPECT_EQ(force("hadewych").regiments[0].morale, 3);
    const auto edits = store->world_edits("demo");
    ASSERT_EQ(edits.size(), 2u);
    EXPECT_FALSE(edits[0].rolled_back_by);
    EXPECT_FALSE(edits[1].rolled_back_by);  // made while period 1 was open: part of its start

    campaign->roll_back(0, "from the start");
    const auto after = store->world_edits("demo");
    EXPECT_FALSE(after[0].rolled_back_by);
    EXPECT_TRUE(after[1].rolled_back_by);
    EXPECT_EQ(force("hadewych").hex(), (rules::Hex{2, 4}));
    EXPECT_EQ(force("hadewych").regiments[0].morale, 6);
    EXPECT_EQ(
        Campaign::open(*store, "demo", counting_clock()).state().find_force("hadewych")->hex(),
        (rules::Hex{2, 4}));
    play_period(*campaign);
    const auto report = verify_campaign(*store, "demo");
    EXPECT_TRUE(report.ok()) << (report.mismatches.empty() ? "" : report.mismatches.front());
}

TEST_P(WorldEdit, ArchivesCarryEditsAndImportReplaysThem) {
    campaign->edit_world(kMoveHadewych, "fog", "gm");
    play_period(*campaign);
    campaign->edit_world(
        Json::parse(R"([{"op": "set_terrain", "hex": [4, 4], "terrain": "forest"}])"), "trees",
        "gm");
    const std::string exported = archive_text(store->read_archive("demo"));
    auto target_owner = open_store("target");
    auto& target = *target_owner;
    EXPECT_EQ(import_campaign(target, Json::parse(exported)), "demo");
    EXPECT_EQ(archive_text(target.read_archive("demo")), exported);
    // The open period starts from the second edit, made after period 0 resolved.
    EXPECT_EQ(target.latest_state("demo"), store->latest_state("demo"));
    EXPECT_EQ(*Campaign::open(target, "demo").state().map.terrain_at({4, 4}), "forest");

    // An edit's stored state that its operations do not make is found, and refused on import.
    Json tampered = Json::parse(exported);
    tampered["world_edits"][0]["edits"][0]["set"]["hex"] = Json::array({2, 5});
    auto other_owner = open_store("other");
    auto& other = *other_owner;
    try {
        import_campaign(other, tampered);
        ADD_FAILURE() << "a tampered edit was imported";
    } catch (const StorageError& e) {
        EXPECT_NE(std::string(e.what()).find("world edit"), std::string::npos) << e.what();
    }
    EXPECT_TRUE(other.campaign_ids().empty());

    // A deleted campaign takes its edits with it (they refer to its GM actions).
    store->delete_campaign("demo");
    EXPECT_TRUE(store->world_edits("demo").empty());
    EXPECT_TRUE(store->campaign_ids().empty());
}

TEST_P(WorldEdit, VerifyFindsAnEditedStateThatTheEditDoesNotMake) {
    campaign->edit_world(kMoveHadewych, "fog", "gm");
    play_period(*campaign);
    auto& db = store->database();
    auto other = Json::parse(store->world_edits("demo")[0].state_after);
    other["forces"][2]["hex"] = Json::array({2, 5});  // hadewych, third by id
    db.prepare("UPDATE world_edits SET state_after = ?").bind(1, other.dump()).run();
    const auto report = verify_campaign(*store, "demo");
    ASSERT_FALSE(report.ok());
    std::string all;
    for (const auto& m : report.mismatches) all += m + "\n";
    EXPECT_NE(all.find("world edit"), std::string::npos) << all;
    EXPECT_NE(all.find("the GM's edits left it"), std::string::npos) << all;
}

UMPIRE_ON_EVERY_ENGINE(WorldEdit);

}  // namespace
}  // namespace umpire::storage::testing
