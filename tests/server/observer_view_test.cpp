// What an observer is sent as the GM changes the campaign setting "observers" (issue 28,
// defect 6): with the default ("map") the world has the map and empty forces, allies and
// knowledge, never missing members; "all" shows every force; switching back takes them away in
// the next delta, and a fresh snapshot has none.
#include "hub_support.hpp"

namespace umpire::testing {
namespace {

// The observer's view after applying every view_delta it was sent since `from`.
Json patched(const Json& view, const FakePeer& peer, std::size_t from) {
    Json out = view;
    for (std::size_t i = from; i < peer.messages.size(); ++i)
        if (peer.messages[i].value("type", "") == "view_delta")
            out = out.patch(peer.messages[i]["patch"]);
    return out;
}

void expect_no_pieces(const Json& world) {
    ASSERT_TRUE(world.contains("forces")) << world.dump();
    EXPECT_EQ(world["forces"], Json::array());
    ASSERT_TRUE(world.contains("allies")) << world.dump();
    EXPECT_EQ(world["allies"], Json::array());
    ASSERT_TRUE(world.contains("knowledge")) << world.dump();
    EXPECT_TRUE(world["knowledge"].empty());
    EXPECT_FALSE(world.contains("history"));
    EXPECT_TRUE(world.contains("map"));
    // Not a force id anywhere: the pieces are gone, not only their list.
    for (const char* force : {"\"hadewych\"", "\"ingegerd\"", "\"aeskrvald\""})
        EXPECT_EQ(world.dump().find(force), std::string::npos) << force;
}

TEST(ObserverView, MapOnlyByDefaultAllWhenSetAndGoneAgainWhenSetBack) {
    TempDir dir;
    HubHarness h(dir);
    for (const auto& [name, pw] : kDemoAccounts) h.hub->create_account(name, pw);
    demo_campaign(*h.hub);
    auto& store = *h.hub->services().server;
    store.put_membership({store.account_by_name("olaf")->id, "raid", "observer", std::nullopt});
    auto gm = h.peer("gm");
    auto olaf = h.peer("olaf");
    h.send(gm, {{"type", "join"}, {"campaign", "raid"}});

    // The default setting: the board, no pieces.
    const Json snapshot = h.send(olaf, {{"type", "join"}, {"campaign", "raid"}});
    ASSERT_EQ(snapshot["type"], "snapshot") << snapshot.dump();
    const Json& world = snapshot["view"]["world"];
    EXPECT_EQ(world["role"], "observer");
    expect_no_pieces(world);
    Json view = snapshot["view"];

    auto set_observers = [&](const char* value) {
        const std::size_t from = olaf->messages.size();
        const Json done = h.send(gm, {{"type", "gm"}, {"campaign", "raid"}, {"command", "edit"},
                                      {"changes", {{"settings", {{"observers", value}}}}},
                                      {"reason", std::string("observers see ") + value}});
        EXPECT_NE(done["type"], "error") << done.dump();
        view = patched(view, *olaf, from);
        return from;
    };

    // "all": the next delta brings every force.
    set_observers("all");
    EXPECT_EQ(view["world"]["forces"].size(), 6u) << view["world"].dump();
    EXPECT_TRUE(view["world"].contains("allies"));
    EXPECT_TRUE(view["world"]["knowledge"].is_object());
    const Json all_snapshot = h.send(olaf, {{"type", "join"}, {"campaign", "raid"}});
    EXPECT_EQ(all_snapshot["view"], view);

    // Back to "map": the next delta takes them away, and a fresh snapshot agrees.
    const std::size_t from = set_observers("map");
    bool delta = false;
    for (std::size_t i = from; i < olaf->messages.size(); ++i)
        delta = delta || olaf->messages[i].value("type", "") == "view_delta";
    EXPECT_TRUE(delta) << "no view_delta after the setting changed back";
    expect_no_pieces(view["world"]);
    const Json again = h.send(olaf, {{"type", "join"}, {"campaign", "raid"}});
    expect_no_pieces(again["view"]["world"]);
    EXPECT_EQ(again["view"], view);
    EXPECT_EQ(again["view"]["world"], snapshot["view"]["world"]);
}

}  // namespace
}  // namespace umpire::testing
