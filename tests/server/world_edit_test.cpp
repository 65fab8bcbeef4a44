// The GM edits forces and the world (issue 30) through the hub: only a GM may, with a reason; a
// bad edit changes nothing; the edited state is what every viewer's view shows next; the notice
// and the notification go to whom the edit concerns (the owner of a force, everyone for the
// map), and never show a player the GM's operations or another side's forces.
#include <gtest/gtest.h>

#include "hub_support.hpp"

namespace umpire::testing {
namespace {

class WorldEdits : public ::testing::Test {
protected:
    TempDir dir;
    HubHarness h{dir};
    std::shared_ptr<FakePeer> gm, anna, ingrid;

    void SetUp() override {
        for (const auto& [name, pw] : kDemoAccounts) h.hub->create_account(name, pw);
        demo_campaign(*h.hub);
        gm = h.peer("gm");
        anna = h.peer("anna");
        ingrid = h.peer("ingrid");
        for (const auto& p : {gm, anna, ingrid})
            ASSERT_EQ(h.send(p, {{"type", "join"}, {"campaign", "raid"}})["type"], "snapshot");
        for (const auto& [p, name] : {std::pair{anna, "anna"}, {ingrid, "ingrid"}})
            ASSERT_EQ(h.send(p, {{"type", "set_webhook"},
                                 {"campaign", "raid"},
                                 {"url", std::string("http://127.0.0.1:9/") + name}})["type"],
                      "webhook_set");
    }
    Json edit_world(const std::shared_ptr<FakePeer>& who, const Json& edits,
                    const std::string& reason = "a storm") {
        return h.send(who, {{"type", "gm"},
                            {"campaign", "raid"},
                            {"command", "edit_world"},
                            {"edits", edits},
                            {"reason", reason}});
    }
    Json view_of(const std::shared_ptr<FakePeer>& who) {
        return h.send(who, {{"type", "join"}, {"campaign", "raid"}})["view"];
    }
    static std::vector<Json> world_edit_notices(const Json& view) {
        std::vector<Json> out;
        for (const auto& n : view["notices"])
            if (n["kind"] == "world_edit") out.push_back(n);
        return out;
    }
    static Json hex_of(const Json& view, const std::string& force) {
        for (const auto& f : view["world"]["forces"])
            if (f["id"] == force) return f["hex"];
        return nullptr;
    }
    // The notifications of `type` sent, by the account they went to (the webhook's path).
    std::map<std::string, Json> notified(const std::string& type) {
        std::map<std::string, Json> out;
        for (const auto& [url, body] : h.webhooks.posts)
            if (body["type"] == type) out[url.substr(url.rfind('/') + 1)] = body;
        return out;
    }
};

const Json kMoveHadewych =
    Json::parse(R"([{"op": "set_force", "force": "hadewych", "set": {"hex": [2, 4]}}])");

TEST_F(WorldEdits, OnlyTheGmEditsWithAReasonAndABadEditChangesNothing) {
    EXPECT_EQ(edit_world(anna, kMoveHadewych)["code"], "forbidden");
    EXPECT_EQ(edit_world(gm, kMoveHadewych, "")["code"], "bad_message") << "a reason is needed";
    EXPECT_EQ(h.send(gm, {{"type", "gm"},
                          {"campaign", "raid"},
                          {"command", "edit_world"},
                          {"reason", "no edits"}})["code"],
              "bad_message");
    const Json before = view_of(gm);
    const Json bad = edit_world(
        gm, Json::parse(R"([{"op": "set_force", "force": "hadewych", "set": {"hex": [40, 40]}}])"));
    EXPECT_EQ(bad["code"], "invalid_argument") << bad.dump();
    EXPECT_NE(bad.value("message", "").find("off the map"), std::string::npos) << bad.dump();
    EXPECT_EQ(view_of(gm)["world"], before["world"]);
    EXPECT_EQ(view_of(gm)["notices"], before["notices"]);
}

TEST_F(WorldEdits, TheOwnerIsToldOfItsForceTheEnemyIsToldNothing) {
    anna->messages.clear();
    ingrid->messages.clear();
    const Json done = edit_world(gm, kMoveHadewych, "lost her way in the fog");
    ASSERT_EQ(done["type"], "gm_done") << done.dump();
    EXPECT_EQ(done["forces"], Json::array({"hadewych"}));

    // Live: anna sees the notice and her force where the GM put it; ingrid sees no notice.
    ASSERT_EQ(anna->of_type("notice").size(), 1u);
    const Json live = anna->of_type("notice")[0]["notice"];
    EXPECT_EQ(live["kind"], "world_edit");
    EXPECT_EQ(live["reason"], "lost her way in the fog");
    EXPECT_EQ(live["details"], (Json{{"forces", {"hadewych"}}, {"map_or_sides", false}}));
    EXPECT_TRUE(ingrid->of_type("notice").empty());
    EXPECT_EQ(hex_of(view_of(anna), "hadewych"), Json::array({2, 4}));

    // In the views: the GM reads the operations, anna her force only, ingrid nothing.
    const auto gm_notices = world_edit_notices(view_of(gm));
    ASSERT_EQ(gm_notices.size(), 1u);
    EXPECT_EQ(gm_notices[0]["details"]["edits"], kMoveHadewych);
    const auto anna_notices = world_edit_notices(view_of(anna));
    ASSERT_EQ(anna_notices.size(), 1u);
    EXPECT_FALSE(anna_notices[0]["details"].contains("edits"));
    EXPECT_TRUE(world_edit_notices(view_of(ingrid)).empty());
    const Json history = h.send(ingrid, {{"type", "get_history"}, {"campaign", "raid"}});
    for (const auto& n : history["notices"]) EXPECT_NE(n["kind"], "world_edit");

    // Notified: anna alone.
    const auto sent = notified("world_edited");
    ASSERT_EQ(sent.size(), 1u);
    ASSERT_TRUE(sent.count("anna"));
    EXPECT_EQ(sent.at("anna")["forces"], Json::array({"hadewych"}));
    EXPECT_EQ(sent.at("anna")["reason"], "lost her way in the fog");

    // The audit names the GM.
    const auto actions = h.stores.campaigns->gm_actions("raid");
    EXPECT_EQ(actions.back().kind, "world_edit");
    EXPECT_EQ(Json::parse(actions.back().details)["by"], "gm");
}

TEST_F(WorldEdits, AChangeOfTheMapIsToldToEveryone) {
    anna->messages.clear();
    ingrid->messages.clear();
    const Json done =
        edit_world(gm, Json::parse(R"([{"op": "set_dwelling", "hex": [3, 5], "kind": null}])"),
                   "Eldholm burnt down");
    ASSERT_EQ(done["type"], "gm_done") << done.dump();
    EXPECT_EQ(done["map_or_sides"], true);
    for (const auto& p : {anna, ingrid}) {
        ASSERT_EQ(p->of_type("notice").size(), 1u);
        EXPECT_EQ(p->of_type("notice")[0]["notice"]["details"],
                  (Json{{"forces", Json::array()}, {"map_or_sides", true}}));
    }
    const auto sent = notified("world_edited");
    EXPECT_EQ(sent.size(), 2u);
    EXPECT_EQ(sent.at("ingrid")["map_or_sides"], true);
}

TEST_F(WorldEdits, AnEditWaitsUntilThePeriodsDecisionsAreDone) {
    const auto orders = [](const char* force, const char* path) {
        return Json::array({{{"force", force}, {"path", Json::parse(path)}}});
    };
    ASSERT_EQ(h.send(anna, {{"type", "submit_orders"},
                            {"campaign", "raid"},
                            {"period_index", 0},
                            {"orders", orders("hadewych", "[[3,3],[4,3],[5,3]]")}})["type"],
              "receipt");
    ASSERT_EQ(h.send(ingrid, {{"type", "submit_orders"},
                              {"campaign", "raid"},
                              {"period_index", 0},
                              {"orders", orders("ingegerd", "[[6,2],[5,2],[4,2]]")}})["type"],
              "receipt");
    for (const auto& p : {anna, ingrid})
        ASSERT_EQ(
            h.send(p,
                   {{"type", "confirm_orders"}, {"campaign", "raid"}, {"period_index", 0}})["type"],
            "receipt");
    ASSERT_FALSE(
        h.send(anna, {{"type", "get_decisions"}, {"campaign", "raid"}})["decisions"].empty());
    const Json refused = edit_world(gm, kMoveHadewych);
    EXPECT_EQ(refused["code"], "conflict") << refused.dump();
    EXPECT_NE(refused.value("message", "").find("being resolved"), std::string::npos);
}

}  // namespace
}  // namespace umpire::testing
