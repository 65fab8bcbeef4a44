// "View as player" for the GM (issue 31): a GM joins as a player and is shown exactly what that
// player is shown, live; what the GM sends still acts as the GM (no orders in the player's
// name); press reaches the preview as the GM's, so previewing never opens a player's mail.
// Only a GM may, and only as a player of the scenario.
#include "hub_support.hpp"

namespace umpire::testing {
namespace {

std::vector<std::string> press_texts(const FakePeer& peer) {
    std::vector<std::string> out;
    for (const auto& m : peer.of_type("press")) out.push_back(m["message"]["text"]);
    return out;
}

TEST(ViewAs, TheGmSeesWhatThePlayerSeesAndStillActsAsTheGm) {
    TempDir dir;
    HubHarness h(dir);
    for (const auto& [name, pw] : kDemoAccounts) h.hub->create_account(name, pw);
    demo_campaign(*h.hub);
    auto gm = h.peer("gm");
    auto anna = h.peer("anna");
    auto ingrid = h.peer("ingrid");
    const Json own = h.send(anna, {{"type", "join"}, {"campaign", "raid"}});
    ASSERT_EQ(own["type"], "snapshot") << own.dump();
    h.send(ingrid, {{"type", "join"}, {"campaign", "raid"}});

    const Json preview =
        h.send(gm, {{"type", "join"}, {"campaign", "raid"}, {"as_player", "anna"}});
    ASSERT_EQ(preview["type"], "snapshot") << preview.dump();
    EXPECT_EQ(preview["viewing_as"], "anna");
    EXPECT_EQ(preview["view"], own["view"]) << "the preview is not anna's view";
    const Json gm_view = h.send(h.peer("gm"), {{"type", "join"}, {"campaign", "raid"}});
    EXPECT_NE(gm_view["view"]["world"], own["view"]["world"]) << "the check proves nothing";

    // Live: anna's orders change her view, and the preview follows with the same delta.
    const Json receipt = h.send(anna, {{"type", "submit_orders"},
                                       {"campaign", "raid"},
                                       {"period_index", 0},
                                       {"state", "draft"},
                                       {"orders", {{{"force", "hadewych"}, {"hold", true}}}}});
    ASSERT_EQ(receipt["type"], "receipt") << receipt.dump();
    const auto anna_deltas = anna->of_type("view_delta");
    const auto preview_deltas = gm->of_type("view_delta");
    ASSERT_FALSE(preview_deltas.empty());
    EXPECT_EQ(preview_deltas.back()["patch"], anna_deltas.back()["patch"]);

    // What the preview connection sends acts as the GM: no orders in anna's name.
    const Json orders = h.send(gm, {{"type", "submit_orders"},
                                    {"campaign", "raid"},
                                    {"period_index", 0},
                                    {"orders", Json::array()}});
    EXPECT_EQ(orders["code"], "forbidden") << orders.dump();

    // Press: anna's private word to ingrid does not reach the GM's preview of anna; the GM's
    // own announcement does.
    h.send(anna,
           {{"type", "send_press"}, {"campaign", "raid"}, {"to", {"ingrid"}}, {"text", "psst"}});
    h.send(gm,
           {{"type", "send_press"}, {"campaign", "raid"}, {"to", {"all"}}, {"text", "hear ye"}});
    EXPECT_EQ(press_texts(*anna), (std::vector<std::string>{"psst", "hear ye"}));
    EXPECT_EQ(press_texts(*gm), (std::vector<std::string>{"hear ye"}));
}

TEST(ViewAs, OnlyAGmAndOnlyAsAPlayerOfTheScenario) {
    TempDir dir;
    HubHarness h(dir);
    for (const auto& [name, pw] : kDemoAccounts) h.hub->create_account(name, pw);
    demo_campaign(*h.hub);
    auto anna = h.peer("anna");
    EXPECT_EQ(
        h.send(anna, {{"type", "join"}, {"campaign", "raid"}, {"as_player", "ingrid"}})["code"],
        "forbidden");
    EXPECT_EQ(h.send(h.peer("gm"),
                     {{"type", "join"}, {"campaign", "raid"}, {"as_player", "nobody"}})["code"],
              "unknown_player");
    // anna refused is not joined: she gets no deltas of ingrid's view.
    auto ingrid = h.peer("ingrid");
    h.send(ingrid, {{"type", "join"}, {"campaign", "raid"}});
    h.send(ingrid, {{"type", "submit_orders"},
                    {"campaign", "raid"},
                    {"period_index", 0},
                    {"state", "draft"},
                    {"orders", {{{"force", "ingegerd"}, {"hold", true}}}}});
    EXPECT_TRUE(anna->of_type("view_delta").empty());
    EXPECT_TRUE(anna->of_type("snapshot").empty());
}

}  // namespace
}  // namespace umpire::testing
