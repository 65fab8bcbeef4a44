// Missed orders (issue 30, NMR) on the real server: a player whose orders are still a draft when
// the deadline resolves the period is marked in the reports of those who may know (itself and
// the GM, not the other side), told what was done for it, the GM too, and counted in the
// campaign list; a player who submitted is not. A rollback with reopen_orders lets it be put
// right; one without re-resolves at once when every side's orders stand confirmed.
#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "http_campaign.hpp"

namespace umpire::testing {
namespace {

using namespace std::chrono;

using MissedOrders = HttpCampaign;

TEST_F(MissedOrders, ADraftAtTheDeadlineIsMarkedForThoseWhoMayKnow) {
    for (const char* who : {"gm", "ingrid"})
        ASSERT_EQ(send(who, {{"type", "set_webhook"}, {"url", "http://127.0.0.1:9/hook"}})["type"],
                  "webhook_set");
    ASSERT_EQ(send("gm", {{"type", "gm"},
                          {"command", "set_deadline"},
                          {"deadline", {{"kind", "duration"}, {"minutes", 60}}}})["type"],
              "gm_done");
    ASSERT_EQ(
        send("anna",
             {{"type", "submit_orders"}, {"period_index", 0}, {"orders", Json::array()}})["type"],
        "receipt");
    ASSERT_EQ(send("ingrid", {{"type", "submit_orders"},
                              {"period_index", 0},
                              {"orders", Json::array()},
                              {"state", "draft"}})["type"],
              "receipt");
    offset_ms = 61LL * 60 * 1000;
    for (int i = 0; i < 100 && period() != 1; ++i) std::this_thread::sleep_for(milliseconds(100));
    ASSERT_EQ(period(), 1) << "the deadline did not resolve the period";

    const auto report = [&](const std::string& who) {
        return send(who, {{"type", "get_report"}, {"period_index", 0}});
    };
    EXPECT_EQ(report("gm")["missed_orders"], Json::array({"ingrid"}));
    EXPECT_EQ(report("ingrid")["missed_orders"], Json::array({"ingrid"}));
    EXPECT_FALSE(report("anna").contains("missed_orders"))
        << "the other side learns ingrid's forces held";

    EXPECT_EQ(campaign_entry("gm")["missed_orders"], Json({{"ingrid", 1}}));
    EXPECT_EQ(campaign_entry("ingrid")["missed_orders"], Json({{"ingrid", 1}}));
    EXPECT_FALSE(campaign_entry("anna").contains("missed_orders"));

    std::map<std::string, Json> missed;  // by account name
    for (auto& [name, kept] : notifications())
        if (kept.count("missed_orders:0.0")) missed[name] = kept["missed_orders:0.0"];
    ASSERT_EQ(missed.size(), 2u);
    EXPECT_EQ(missed["gm"]["players"], Json::array({"ingrid"}));
    EXPECT_EQ(missed["ingrid"]["players"], Json::array({"ingrid"}));
    EXPECT_NE(missed["ingrid"].value("what_was_done", "").find("held"), std::string::npos);
}

TEST_F(MissedOrders, ARollbackReopensOrdersSoAMissedPeriodCanBePutRight) {
    const auto confirm = [&](const std::string& who) {
        ASSERT_EQ(send(who, {{"type", "submit_orders"},
                             {"period_index", 0},
                             {"orders", Json::array()}})["type"],
                  "receipt");
        ASSERT_EQ(send(who, {{"type", "confirm_orders"}, {"period_index", 0}})["type"], "receipt");
    };
    ASSERT_EQ(send("gm", {{"type", "gm"},
                          {"command", "set_deadline"},
                          {"deadline", {{"kind", "duration"}, {"minutes", 60}}}})["type"],
              "gm_done");
    confirm("anna");
    offset_ms = 61LL * 60 * 1000;
    for (int i = 0; i < 100 && period() != 1; ++i) std::this_thread::sleep_for(milliseconds(100));
    ASSERT_EQ(period(), 1);
    ASSERT_EQ(campaign_entry("gm")["missed_orders"], Json({{"ingrid", 1}}));

    const Json back = send("gm", {{"type", "gm"},
                                  {"command", "rollback"},
                                  {"period", 1},
                                  {"to_period", 0},
                                  {"reopen_orders", true},
                                  {"reason", "ingrid's orders went astray"}});
    ASSERT_EQ(back["type"], "gm_done") << back.dump();
    EXPECT_EQ(back["orders_reopened"], 1);  // anna's
    EXPECT_EQ(period(), 0) << "reopened orders wait for their players";
    const Json view = send("anna", {{"type", "join"}})["view"];
    EXPECT_EQ(view["my_orders"]["state"], "submitted");
    EXPECT_EQ(view["notices"].back()["kind"], "reopen_orders");
    confirm("ingrid");
    ASSERT_EQ(send("anna", {{"type", "confirm_orders"}, {"period_index", 0}})["type"], "receipt");
    for (int i = 0; i < 50 && period() != 1; ++i) std::this_thread::sleep_for(milliseconds(100));
    ASSERT_EQ(period(), 1);
    EXPECT_FALSE(
        send("gm", {{"type", "get_report"}, {"period_index", 0}}).contains("missed_orders"));
    EXPECT_FALSE(campaign_entry("gm").contains("missed_orders"))
        << "a rolled-back attempt's NMR still counts";

    // Without reopen_orders, orders that all stand confirmed resolve the period again at once.
    ASSERT_EQ(send("gm", {{"type", "gm"},
                          {"command", "rollback"},
                          {"period", 1},
                          {"to_period", 0},
                          {"reason", "once more"}})["type"],
              "gm_done");
    for (int i = 0; i < 50 && period() != 1; ++i) std::this_thread::sleep_for(milliseconds(100));
    EXPECT_EQ(period(), 1);
}

}  // namespace
}  // namespace umpire::testing
