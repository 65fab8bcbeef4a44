// What the two sides of the demo's battle are told (issue 28). A battle's state version is
// what every participant sees of the secret start state; a plain SHA-256 of it let a player who
// knows the scenario test guesses of the enemy's hidden figures offline (defect 1): it is keyed
// with a key derived from the period's sealed seed, which players are never shown. Both sides see
// the same battlefield (R-6.6, defect 5).
#include <gtest/gtest.h>

#include "demo_battle.hpp"
#include "storage/engine_call.hpp"
#include "storage/period_codec.hpp"
#include "storage/sqlite_store.hpp"
#include "umpire/rules/period.hpp"
#include "umpire/rules/sha256.hpp"

namespace umpire::testing {
namespace {

TEST(StateVersion, APlayerSeesAVersionKeyedWithTheSealedSeedNotADigestOfTheState) {
    TempDir dir;
    const auto config = test_config(dir);
    std::string seen;
    {
        DemoBattle t(config);
        const Json battle = t.to_battle();
        ASSERT_TRUE(battle.is_object());
        seen = battle.at("state_version").get<std::string>();
    }
    storage::SqliteCampaignStore store(config.database);
    const auto open = store.open_period("raid");
    ASSERT_TRUE(open);
    // The battle is in the first period: its start state is the campaign's starting snapshot.
    const auto campaign = store.find_campaign("raid");
    ASSERT_TRUE(campaign);
    const std::string start =
        storage::snapshot_text(storage::parse_snapshot(campaign->scenario, "scenario"));
    EXPECT_NE(seen, rules::sha256_hex(start)) << "a plain digest of the secret state";
    EXPECT_NE(seen, rules::hmac_sha256_hex(open->sealed_seed, start)) << "keyed by the seed itself";
    // Keyed with a key of its own derived from the sealed seed (storage/engine_call.hpp).
    const std::string key = storage::version_key_of(storage::PeriodDice{open->sealed_seed});
    EXPECT_EQ(seen, rules::hmac_sha256_hex(key, start));
}

TEST(BattleSecrets, BothSidesAreShownTheWholeSameBattlefield) {
    TempDir dir;
    DemoBattle t(test_config(dir));
    ASSERT_TRUE(t.to_battle().is_object());
    const Json anna = DemoBattle::held_request(t.anna, "battle_report")["context"]["battlefield"];
    const Json ingrid = DemoBattle::held_request(t.ingrid, "battle_report")["context"]["battlefield"];
    ASSERT_TRUE(anna.is_array());
    EXPECT_FALSE(anna.empty());
    EXPECT_EQ(anna, ingrid);
    for (const auto& card : anna)
        for (const char* key : {"card", "side", "column", "row", "rotation"})
            EXPECT_TRUE(card.contains(key)) << card.dump();
}

}  // namespace
}  // namespace umpire::testing
