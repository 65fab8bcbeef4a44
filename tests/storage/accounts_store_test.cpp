// Accounts a group runs on its own (schema v10): sign-up by invite in one transaction, invites
// that expire and are revoked, one live reset code per account, sessions listed and revoked by
// id. Every refusal changes nothing.
#include <gtest/gtest.h>

#include "storage/server_store.hpp"
#include "store_engines.hpp"
#include "test_support.hpp"

namespace umpire::storage::testing {
namespace {

constexpr const char* kMonday = "2026-12-07T09:00:00.000Z";
constexpr const char* kTuesday = "2026-12-08T09:00:00.000Z";
constexpr const char* kFriday = "2026-12-11T09:00:00.000Z";
// Codes are stored as 64 hex digits of their hash; lists name them by the first 12.
const std::string kAnnaCode = "ab12cd34ef56" + std::string(52, '0');

class AccountsStoreTest : public ServerTablesTest {
protected:
    std::int64_t gm = 0;
    void SetUp() override {
        ServerTablesTest::SetUp();
        if (IsSkipped()) return;
        gm = server->create_account("gm", "hash-gm", kMonday);
        server->put_membership({gm, "demo", "gm", std::nullopt});
        server->add_invite({kAnnaCode, "demo", "player", "anna", kMonday, kFriday, gm});
    }
};

TEST_P(AccountsStoreTest, SignUpMakesTheAccountItsSeatAndUsesTheInviteAtOnce) {
    const auto [id, seat] =
        server->sign_up("anna", "hash-anna", "anna@example.org", kAnnaCode, kTuesday);
    EXPECT_EQ(server->account_by_name("anna")->id, id);
    EXPECT_FALSE(
        server->account_by_id(id)->admin);  // the first-administrator rule is not for sign-ups
    EXPECT_EQ(server->email(id), "anna@example.org");
    EXPECT_EQ(server->membership(id, "demo")->player, "anna");
    EXPECT_EQ(seat.player, "anna");
    EXPECT_FALSE(server->invite_usable(kAnnaCode, kTuesday));
    const auto listed = server->invites("demo");
    ASSERT_EQ(listed.size(), 1u);
    EXPECT_EQ(listed[0].used_by, "anna");
    EXPECT_EQ(listed[0].id, kAnnaCode.substr(0, 12));
}

TEST_P(AccountsStoreTest, ARefusedSignUpWritesNothing) {
    // A taken name: no account, and the invite stays usable.
    EXPECT_THROW(server->sign_up("gm", "h", std::nullopt, kAnnaCode, kTuesday), StorageError);
    EXPECT_TRUE(server->invite_usable(kAnnaCode, kTuesday));
    // A bad e-mail address.
    EXPECT_THROW(server->sign_up("anna", "h", "not an address", kAnnaCode, kTuesday), StorageError);
    EXPECT_FALSE(server->account_by_name("anna"));
    // An expired invite, and one revoked.
    EXPECT_THROW(server->sign_up("anna", "h", std::nullopt, kAnnaCode, kFriday), StorageError);
    EXPECT_FALSE(server->account_by_name("anna"));
    EXPECT_TRUE(server->revoke_invite("demo", kAnnaCode.substr(0, 12), kTuesday));
    EXPECT_FALSE(server->revoke_invite("demo", kAnnaCode.substr(0, 12), kTuesday));
    EXPECT_THROW(server->sign_up("anna", "h", std::nullopt, kAnnaCode, kTuesday), StorageError);
    EXPECT_FALSE(server->account_by_name("anna"));
    EXPECT_EQ(server->memberships("demo").size(), 1u);
}

TEST_P(AccountsStoreTest, RedeemingNeverReplacesASeatSilently) {
    const auto olaf = server->create_account("olaf", "h", kMonday);
    server->put_membership({olaf, "demo", "observer", std::nullopt});
    EXPECT_THROW(server->redeem_invite(kAnnaCode, olaf, kTuesday), StorageError);
    EXPECT_EQ(server->membership(olaf, "demo")->role, "observer");
    EXPECT_TRUE(server->invite_usable(kAnnaCode, kTuesday));
}

TEST_P(AccountsStoreTest, AResetCodeIsTheAccountsOnlyLiveOneAndWorksOnce) {
    const auto olaf = server->create_account("olaf", "old", kMonday);
    server->add_session("s1", olaf, kMonday, kFriday, "127.0.0.1");
    server->add_password_reset({"r1", olaf, "administrator", kMonday, kFriday});
    server->add_password_reset({"r2", olaf, "administrator", kMonday, kFriday});  // replaces r1
    EXPECT_FALSE(server->use_password_reset("olaf", "r1", "new", kTuesday));
    EXPECT_FALSE(server->use_password_reset("gm", "r2", "new", kTuesday));   // not gm's code
    EXPECT_FALSE(server->use_password_reset("olaf", "r2", "new", kFriday));  // expired
    EXPECT_EQ(server->account_by_id(olaf)->password_hash, "old");
    EXPECT_TRUE(server->use_password_reset("olaf", "r2", "new", kTuesday));
    EXPECT_EQ(server->account_by_id(olaf)->password_hash, "new");
    EXPECT_FALSE(server->session_account("s1", kTuesday));  // every session ended
    EXPECT_FALSE(server->use_password_reset("olaf", "r2", "newer", kTuesday));
}

TEST_P(AccountsStoreTest, SessionsAreListedAndRevokedByTheirIdAlone) {
    const std::string first(64, 'a'), second(64, 'b');
    server->add_session(first, gm, kMonday, kFriday, "127.0.0.1");
    server->add_session(second, gm, kTuesday, kFriday, "::1");
    const auto listed = server->sessions_of(gm, kTuesday);
    ASSERT_EQ(listed.size(), 2u);
    EXPECT_EQ(listed[0].id, second.substr(0, 16));  // newest first
    EXPECT_EQ(listed[0].address, "::1");
    const auto olaf = server->create_account("olaf", "h", kMonday);
    EXPECT_FALSE(server->revoke_session_by_id(olaf, first.substr(0, 16), kTuesday));  // not olaf's
    EXPECT_EQ(server->revoke_session_by_id(gm, first.substr(0, 16), kTuesday), first);
    EXPECT_FALSE(server->session_account(first, kTuesday));
    EXPECT_EQ(server->session_account(second, kTuesday), gm);
    server->set_password(gm, "h2", second, kTuesday);  // keeps the session that changed it
    EXPECT_EQ(server->session_account(second, kTuesday), gm);
}

UMPIRE_ON_EVERY_ENGINE(AccountsStoreTest);

}  // namespace
}  // namespace umpire::storage::testing
