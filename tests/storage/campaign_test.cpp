// The campaign service on a real database (a SQLite file, and PostgreSQL: store_engines.hpp):
// creation, orders and receipts, resolution, resume after reopening, rollback, accounts and
// memberships (decisions: decisions_test.cpp).
#include <gtest/gtest.h>

#include "storage/migrations.hpp"
#include "storage/period_codec.hpp"
#include "storage/receipt.hpp"
#include "storage/replay.hpp"
#include "storage/seeds.hpp"
#include "store_engines.hpp"
#include "test_support.hpp"

namespace umpire::storage::testing {
namespace {

class CampaignService : public EngineTest {};
class StoreAccounts : public EngineTest {};

TEST_P(CampaignService, CreatePinsTheRulesetAndPublishesTheFirstSeedHash) {
    auto store_owner = open_store("c");
    auto& store = *store_owner;
    auto campaign = create_demo(store);
    EXPECT_EQ(campaign.period_index(), 0);
    EXPECT_EQ(campaign.state().ruleset.hash, campaign.ruleset().hash);
    const auto open = store.open_period("demo");
    ASSERT_TRUE(open);
    EXPECT_EQ(open->seed_hash, campaign.seed_hash());
    EXPECT_EQ(sha256_hex(open->sealed_seed), open->seed_hash);
    const auto record = store.find_campaign("demo");
    ASSERT_TRUE(record);
    EXPECT_EQ(record->ruleset_hash, campaign.ruleset().hash);
    EXPECT_EQ(record->time_zone, "UTC");
    if (engine() == Engine::sqlite)
        EXPECT_EQ(static_cast<SqliteCampaignStore&>(store).schema_version(),
                  latest_schema_version());
}

TEST_P(CampaignService, BadCreateOptionsAreRefusedAndChangeNothing) {
    auto store_owner = open_store("c");
    auto& store = *store_owner;
    CreateOptions options;
    options.id = "bad id!";
    EXPECT_THROW(Campaign::create_from_file(store, kDemo, {}, options), StorageError);
    options.id = "ok";
    options.time_zone = "Mars/Olympus_Mons";
    try {
        Campaign::create_from_file(store, kDemo, {}, options);
        FAIL() << "an unknown time zone was accepted";
    } catch (const StorageError& e) {
        EXPECT_EQ(e.kind(), ErrorKind::invalid_input);
        EXPECT_NE(std::string(e.what()).find("time zone"), std::string::npos);
    }
    options.time_zone = "Europe/Berlin";
    create_demo(store, "one");
    EXPECT_THROW(create_demo(store, "one"), StorageError);  // the id is taken
    EXPECT_EQ(store.campaign_ids(), std::vector<std::string>{"one"});
    EXPECT_EQ(Campaign::create_from_file(store, kDemo, {}, options).record().time_zone,
              "Europe/Berlin");
}

TEST_P(CampaignService, OrdersGetAReceiptThatSurvivesAReopen) {
    std::string receipt;
    {
        auto store_owner = open_store("c");
        auto& store = *store_owner;
        auto campaign = create_demo(store);
        const auto r = campaign.submit_orders("anna", demo_orders(campaign, "anna"));
        EXPECT_EQ(r.state, "submitted");
        EXPECT_EQ(r.hash.size(), 64u);
        receipt = r.hash;
    }
    auto store_owner = open_store("c");
    auto& store = *store_owner;
    auto campaign = Campaign::open(store, "demo");
    const auto orders = campaign.current_orders();
    ASSERT_EQ(orders.size(), 1u);
    EXPECT_EQ(orders[0].receipt, receipt);
    EXPECT_EQ(receipt_of(orders[0]), receipt);  // anyone can recompute it
    ASSERT_EQ(store.receipts("demo").size(), 1u);
    EXPECT_EQ(store.receipts("demo")[0].receipt, receipt);
}

// The message of the invalid-input refusal of these orders, or "accepted" when they are taken.
std::string refusal(Campaign& campaign, const std::string& player,
                    const std::vector<rules::ForceOrder>& orders, SubmissionState state) {
    try {
        campaign.submit_orders(player, orders, state);
    } catch (const StorageError& e) {
        EXPECT_EQ(e.kind(), ErrorKind::invalid_input);
        return e.what();
    }
    return "accepted";
}

TEST_P(CampaignService, OrdersForOthersForcesUnknownPlayersOrTwiceAreRefused) {
    auto store_owner = open_store("c");
    auto& store = *store_owner;
    auto campaign = create_demo(store);
    auto orders = demo_orders(campaign, "anna");
    ASSERT_FALSE(orders.empty());
    auto expect_refused = [&](const std::string& player, const std::vector<rules::ForceOrder>& o,
                              const std::string& words) {
        const auto why = refusal(campaign, player, o, SubmissionState::submitted);
        EXPECT_NE(why.find(words), std::string::npos) << why;
    };
    expect_refused("nobody", {}, "no player \"nobody\"");
    expect_refused("bertram", orders, "given by \"anna\"");
    auto foreign = demo_orders(campaign, "bertram");
    for (auto& o : foreign) o.player = "anna";
    expect_refused("anna", foreign, "is not one of anna's forces");
    auto twice = orders;
    twice.push_back(orders.front());
    expect_refused("anna", twice, "a second order");
    EXPECT_TRUE(campaign.current_orders().empty());
    EXPECT_TRUE(store.receipts("demo").empty());
}

TEST_P(CampaignService, AnImpossibleOrderIsRefusedWhenSubmittedNamingWhatIsWrong) {
    // Issue 30: a path step that is not adjacent used to get a receipt and be rejected only in
    // the report after the deadline, when the whole turn was lost.
    auto store_owner = open_store("c");
    auto& store = *store_owner;
    auto campaign = create_demo(store);
    auto orders = demo_orders(campaign, "anna");
    ASSERT_FALSE(orders.empty());
    const rules::Force& force = *campaign.state().find_force(orders.front().force);
    auto refused = [&](const std::vector<rules::ForceOrder>& o, SubmissionState state) {
        return refusal(campaign, "anna", o, state);
    };
    auto jump = orders;
    jump.front().hold = false;
    jump.front().path = {{force.hex().q + 3, force.hex().r}};
    EXPECT_NE(refused(jump, SubmissionState::submitted).find("order 1: path step 1"),
              std::string::npos);
    EXPECT_NE(refused(jump, SubmissionState::draft).find("is not adjacent to"), std::string::npos);
    auto off_map = orders;
    off_map.front().hold = false;
    off_map.front().path = {{-50, -50}};
    EXPECT_NE(refused(off_map, SubmissionState::submitted).find("not adjacent"), std::string::npos);
    auto both = orders;
    both.front().hold = true;
    both.front().path = {{force.hex().q + 1, force.hex().r}};
    EXPECT_NE(refused(both, SubmissionState::submitted).find("either hold or a path"),
              std::string::npos);
    // Nothing was stored, and the demo's own orders still go in.
    EXPECT_TRUE(campaign.current_orders().empty());
    EXPECT_TRUE(store.receipts("demo").empty());
    EXPECT_EQ(campaign.submit_orders("anna", orders).state, "submitted");
}

TEST_P(CampaignService, ConfirmedOrdersCannotChangeAndDraftsAreNotUsed) {
    auto store_owner = open_store("c");
    auto& store = *store_owner;
    auto campaign = create_demo(store);
    campaign.submit_orders("anna", demo_orders(campaign, "anna"), SubmissionState::draft);
    const auto confirmed = campaign.confirm_orders("bertram");  // none given: all hold
    EXPECT_EQ(confirmed.state, "confirmed");
    EXPECT_EQ(confirmed.orders, 0u);
    try {
        campaign.submit_orders("bertram", demo_orders(campaign, "bertram"));
        FAIL() << "confirmed orders changed";
    } catch (const StorageError& e) {
        EXPECT_EQ(e.kind(), ErrorKind::conflict);
    }
    const auto period = campaign.resolve_period(true);
    // Anna's draft was not used: no order of hers was judged.
    for (const auto& event : rules::events_json(period.events))
        if (event["type"] == "order_result") {
            EXPECT_NE(event.value("player", ""), "anna");
        }
    const auto stored = store.load_period("demo", {0, 0});
    EXPECT_EQ(rules::Json::parse(stored.orders)["orders"].size(), 0u);
}

// NMR (issue 30): a draft is not orders, but the standing instructions it gives are kept.
TEST_P(CampaignService, ADraftsStandingInstructionsAreKeptItsMovesAreNot) {
    auto store_owner = open_store("c");
    auto& store = *store_owner;
    auto campaign = create_demo(store);
    auto orders = demo_orders(campaign, "anna");
    ASSERT_FALSE(orders.empty());
    ASSERT_FALSE(orders.front().path.empty()) << "the demo's order for anna moves";
    const std::string force = orders.front().force;
    const rules::Hex before = campaign.state().find_force(force)->hex();
    rules::StandingInstructions separate;
    separate.separate_engagements = true;
    orders.front().standing_instructions =
        std::make_shared<const rules::StandingInstructions>(separate);
    campaign.submit_orders("anna", orders, SubmissionState::draft);
    const auto period = campaign.resolve_period(true);
    ASSERT_TRUE(period.complete);
    const auto stored = rules::Json::parse(store.load_period("demo", {0, 0}).orders)["orders"];
    ASSERT_EQ(stored.size(), 1u) << stored.dump();
    EXPECT_EQ(stored[0]["force"], force);
    EXPECT_FALSE(stored[0].contains("path")) << "a draft's path was used: " << stored.dump();
    EXPECT_EQ(stored[0]["standing_instructions"], rules::Json({{"separate_engagements", true}}));
    EXPECT_EQ(campaign.state().find_force(force)->hex(), before);
    ASSERT_TRUE(campaign.state().find_force(force)->standing_instructions);
    EXPECT_EQ(*campaign.state().find_force(force)->standing_instructions, separate);
    EXPECT_TRUE(verify_campaign(store, "demo").ok());
}

TEST_P(CampaignService, ResolvedPeriodsResumeAfterReopenAndReplay) {
    std::string state_after, hash;
    {
        auto store_owner = open_store("c");
        auto& store = *store_owner;
        auto campaign = create_demo(store);
        for (int i = 0; i < 3; ++i) {
            const std::string published = campaign.seed_hash();
            const auto period = play_period(campaign);
            EXPECT_EQ(period.index, i);
            EXPECT_EQ(period.seed_hash, published);
            EXPECT_EQ(sha256_hex(period.seed), published);
        }
        state_after = snapshot_text(campaign.state());
        hash = campaign.seed_hash();
    }
    auto store_owner = open_store("c");
    auto& store = *store_owner;
    auto campaign = Campaign::open(store, "demo");
    EXPECT_EQ(campaign.period_index(), 3);
    EXPECT_EQ(snapshot_text(campaign.state()), state_after);
    EXPECT_EQ(campaign.seed_hash(), hash);
    play_period(campaign);
    const auto report = verify_campaign(store, "demo");
    EXPECT_TRUE(report.ok()) << report.mismatches.front();
    EXPECT_EQ(report.periods_checked, 4);
}

TEST_P(CampaignService, RollbackKeepsHistoryRecordsTheReasonAndReResolves) {
    auto store_owner = open_store("c");
    auto& store = *store_owner;
    auto campaign = create_demo(store);
    for (int i = 0; i < 3; ++i) play_period(campaign);
    const auto period1 = store.load_period("demo", {1, 0});
    const std::string old_hash = campaign.seed_hash();
    EXPECT_THROW(campaign.roll_back(1, ""), StorageError);   // a reason is required
    EXPECT_THROW(campaign.roll_back(3, "x"), StorageError);  // not resolved yet
    EXPECT_EQ(campaign.period_index(), 3);

    EXPECT_EQ(campaign.roll_back(1, "orders lost in the post"), 1);
    EXPECT_EQ(campaign.period_index(), 1);
    EXPECT_EQ(snapshot_text(campaign.state()), period1.state_before);
    EXPECT_NE(campaign.seed_hash(), period1.seed_hash);  // a fresh seed
    const auto actions = store.gm_actions("demo");
    ASSERT_EQ(actions.size(), 1u);
    EXPECT_EQ(actions[0].kind, "rollback");
    EXPECT_EQ(actions[0].reason, "orders lost in the post");
    int rolled_back = 0;
    for (const auto& p : store.periods("demo")) rolled_back += p.rolled_back_by.has_value();
    EXPECT_EQ(rolled_back, 2);

    const auto again = play_period(campaign);
    EXPECT_EQ(again.index, 1);
    EXPECT_EQ(again.attempt, 1);
    // The resumed campaign stands where the in-memory one does.
    auto reopened = Campaign::open(store, "demo");
    EXPECT_EQ(reopened.period_index(), 2);
    EXPECT_EQ(snapshot_text(reopened.state()), snapshot_text(campaign.state()));
    EXPECT_TRUE(verify_campaign(store, "demo").ok());
}

TEST_P(CampaignService, AStaleCampaignCannotCommitAPeriodTwice) {
    auto store_owner = open_store("c");
    auto& store = *store_owner;
    auto first = create_demo(store);
    auto second = Campaign::open(store, "demo");
    first.resolve_period(true);
    try {
        second.resolve_period(true);
        FAIL() << "a period was committed twice";
    } catch (const StorageError& e) {
        EXPECT_EQ(e.kind(), ErrorKind::conflict);
    }
    EXPECT_EQ(second.period_index(), 0);
    EXPECT_EQ(store.periods("demo").size(), 1u);
}

TEST_P(CampaignService, OrdersThatArriveDuringResolutionBlockTheCommit) {
    auto store_owner = open_store("c");
    auto& store = *store_owner;
    auto campaign = create_demo(store);
    const auto open = *store.open_period("demo");
    campaign.submit_orders("anna", demo_orders(campaign, "anna"));
    // A resolution that read the orders before Anna's arrived must not commit over her receipt.
    PeriodRecord period;
    period.campaign_id = "demo";
    period.day = open.day;
    period.kind = open.kind;
    period.state_before = period.state_after = snapshot_text(campaign.state());
    period.orders = R"({"day":1,"orders":[],"period":"day"})";
    period.seed_hash = open.seed_hash;
    period.seed = open.sealed_seed;
    const auto seed = draw_seed();
    try {
        store.commit_period(period, {"demo", 1, 1, "night", seed.hash, seed.secret, "t"});
        FAIL() << "committed without the orders that had arrived";
    } catch (const StorageError& e) {
        EXPECT_EQ(e.kind(), ErrorKind::conflict);
        EXPECT_NE(std::string(e.what()).find("changed while it was resolving"), std::string::npos);
    }
    EXPECT_TRUE(store.periods("demo").empty());
    campaign.resolve_period(true);  // reads them, and commits
    EXPECT_EQ(store.periods("demo").size(), 1u);
}

TEST_P(StoreAccounts, AccountsAndMemberships) {
    auto store_owner = open_store("c");
    auto& store = *store_owner;
    create_demo(store);
    const auto ann = store.create_account("ann", std::nullopt, "2025-03-01T00:00:00.000Z");
    const auto gm = store.create_account("gm", std::string("placeholder"), "2025-03-01T00:00:00.000Z");
    EXPECT_THROW(store.create_account("ann", std::nullopt, "x"), StorageError);
    store.add_membership({ann, "demo", "player", std::string("anna")});
    store.add_membership({gm, "demo", "gm", std::nullopt});
    EXPECT_THROW(store.add_membership({gm, "demo", "player", std::string("anna")}), StorageError);
    EXPECT_THROW(store.add_membership({ann, "nope", "observer", std::nullopt}), StorageError);
    const auto members = store.memberships("demo");
    ASSERT_EQ(members.size(), 2u);
    EXPECT_EQ(members[0].player, std::optional<std::string>("anna"));
    EXPECT_EQ(store.find_account("gm")->id, gm);
}

UMPIRE_ON_EVERY_ENGINE(CampaignService);
UMPIRE_ON_EVERY_ENGINE(StoreAccounts);

TEST(Seeds, HashAndDiceSeedAreDerivedFromTheSecret) {
    const auto seed = draw_seed();
    EXPECT_TRUE(is_seed(seed.secret));
    EXPECT_EQ(seed.hash, sha256_hex(seed.secret));
    EXPECT_NE(draw_seed().secret, seed.secret);
    EXPECT_EQ(dice_seed(std::string(16, '0') + std::string(47, 'f') + "e"), 0u);
    EXPECT_EQ(dice_seed("00000000000001ff" + std::string(48, '0')), 0x1ffu);
    // FIPS 180-4 test vector.
    EXPECT_EQ(sha256_hex("abc"),
              "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

}  // namespace
}  // namespace umpire::storage::testing
