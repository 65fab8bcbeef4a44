// Non-interference at the server: what the other side does that anna may not know — orders,
// drafts, confirmations, webhooks, refused messages, GM invites and assignments — sends her not
// one byte; and her snapshot after it is byte for byte the one before.
#include "hub_support.hpp"

namespace umpire::testing {
namespace {

TEST(NonInterference, TheOtherSideIsInvisibleToAPlayer) {
    TempDir dir;
    HubHarness h(dir);
    for (const auto& [name, pw] : kDemoAccounts) h.hub->create_account(name, pw);
    demo_campaign(*h.hub);
    auto anna = h.peer("anna");
    auto ingrid = h.peer("ingrid");
    auto gm = h.peer("gm");
    const Json snapshot = h.send(anna, {{"type", "join"}, {"campaign", "raid"}});
    ASSERT_EQ(snapshot["type"], "snapshot");
    h.send(ingrid, {{"type", "join"}, {"campaign", "raid"}});
    h.send(gm, {{"type", "join"}, {"campaign", "raid"}});
    const auto frames_before = anna->messages.size();

    const Json hold{{{"force", "ingegerd"}, {"hold", true}}};
    h.send(ingrid, {{"type", "submit_orders"}, {"campaign", "raid"}, {"period_index", 0},
                    {"orders", hold}, {"state", "draft"}});
    h.send(ingrid, {{"type", "submit_orders"}, {"campaign", "raid"}, {"period_index", 0},
                    {"orders", Json::array({{{"force", "ingegerd"}, {"path", {{6, 2}}}}})}});
    h.send(ingrid, {{"type", "confirm_orders"}, {"campaign", "raid"}, {"period_index", 0}});
    h.send(ingrid, {{"type", "set_webhook"}, {"campaign", "raid"}, {"url", "http://127.0.0.1:9/x"}});
    h.send(ingrid, {{"type", "submit_orders"}, {"campaign", "raid"}, {"period_index", 0},
                    {"orders", Json::array({{{"force", "hadewych"}, {"hold", true}}})}});  // refused
    h.send(gm, {{"type", "gm"}, {"campaign", "raid"}, {"command", "invite"}, {"role", "observer"}});
    h.send(gm, {{"type", "gm"}, {"campaign", "raid"}, {"command", "invite"}, {"role", "player"},
                {"player", "erik"}});

    EXPECT_EQ(anna->messages.size(), frames_before) << anna->messages.back().dump();
    // The GM saw the other side's order flags change; ingrid saw her own receipts.
    EXPECT_FALSE(gm->of_type("view_delta").empty());
    EXPECT_EQ(ingrid->of_type("receipt").size(), 3u);
    const Json again = h.send(anna, {{"type", "join"}, {"campaign", "raid"}});
    EXPECT_EQ(again["view"].dump(), snapshot["view"].dump());
}

}  // namespace
}  // namespace umpire::testing
