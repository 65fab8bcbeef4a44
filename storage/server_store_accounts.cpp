// Accounts a group runs on its own (schema v10): sign-up by invite, passwords and reset codes,
// e-mail addresses, sessions listed and revoked, invites listed and revoked, seats removed.
#include <algorithm>

#include "storage/server_store.hpp"
#include "storage/store_rows.hpp"

namespace umpire::storage {

std::string email_problem(const std::string& email) {
    const auto at = email.find('@');
    const bool shaped = email.size() <= 254 && at != std::string::npos && at > 0 &&
                        email.find('@', at + 1) == std::string::npos &&
                        email.find('.', at + 2) != std::string::npos && email.back() != '.' &&
                        std::none_of(email.begin(), email.end(), [](unsigned char c) {
                            return c <= ' ' || c == 0x7f || c == ',' || c == ';';
                        });
    return shaped ? "" : "an e-mail address looks like name@example.org (at most 254 characters)";
}

namespace {

void check_email(const std::string& email) {
    if (const auto problem = email_problem(email); !problem.empty())
        throw StorageError(ErrorKind::invalid_input, problem);
}

}  // namespace

bool ServerStore::invite_usable(const std::string& code_hash, const std::string& at) {
    try {
        usable_invite(code_hash, at);
        return true;
    } catch (const StorageError& e) {
        if (e.kind() == ErrorKind::invalid_input) return false;
        throw;
    }
}

std::optional<std::string> ServerStore::email(std::int64_t account) {
    auto s = db_->prepare("SELECT email FROM accounts WHERE id = ?");
    s.bind(1, account);
    if (!s.step())
        throw StorageError(ErrorKind::not_found, "no account " + std::to_string(account));
    return s.optional_text(0);
}

void ServerStore::set_email(std::int64_t account, const std::optional<std::string>& email) {
    if (email) check_email(*email);
    db_->prepare("UPDATE accounts SET email = ? WHERE id = ?").bind_all(email, account).run();
    if (db_->changes() == 0)
        throw StorageError(ErrorKind::not_found, "no account " + std::to_string(account));
}

void ServerStore::set_password(std::int64_t account, const std::string& password_hash,
                               const std::string& keep_session, const std::string& at) {
    Transaction transaction(*db_);
    db_->prepare("UPDATE accounts SET password_hash = ? WHERE id = ?")
        .bind_all(password_hash, account)
        .run();
    if (db_->changes() == 0)
        throw StorageError(ErrorKind::not_found, "no account " + std::to_string(account));
    db_->prepare(
           "UPDATE sessions SET revoked_at = ? WHERE account_id = ? AND revoked_at IS NULL "
           "AND token_hash != ?")
        .bind_all(at, account, keep_session)
        .run();
    transaction.commit();
}

std::pair<std::int64_t, MembershipRecord> ServerStore::sign_up(
    const std::string& name, const std::string& password_hash,
    const std::optional<std::string>& email, const std::string& code_hash, const std::string& at) {
    if (email) check_email(*email);
    Transaction transaction(*db_);
    MembershipRecord m = usable_invite(code_hash, at);
    m.account_id = rows::insert_account(*db_, name, password_hash, at);
    if (email)
        db_->prepare("UPDATE accounts SET email = ? WHERE id = ?")
            .bind_all(email, m.account_id)
            .run();
    put_membership_row(m);
    mark_invite_used(code_hash, m.account_id, at);
    transaction.commit();
    return {m.account_id, m};
}

void ServerStore::add_password_reset(const PasswordReset& r) {
    Transaction transaction(*db_);
    if (!account_by_id(r.account_id))
        throw StorageError(ErrorKind::not_found, "no account " + std::to_string(r.account_id));
    // One live code per account: the last one issued.
    db_->prepare("DELETE FROM password_resets WHERE account_id = ? AND used_at IS NULL")
        .bind_all(r.account_id)
        .run();
    db_->prepare(
           "INSERT INTO password_resets (code_hash, account_id, issued_by, created_at, expires_at) "
           "VALUES (?, ?, ?, ?, ?)")
        .bind_all(r.code_hash, r.account_id, r.issued_by, r.created_at, r.expires_at)
        .run();
    transaction.commit();
}

bool ServerStore::password_reset_live(const std::string& account_name, const std::string& code_hash,
                                      const std::string& at) {
    auto s = db_->prepare(
        "SELECT 1 FROM password_resets r JOIN accounts a ON a.id = r.account_id "
        "WHERE r.code_hash = ? AND a.name = ? AND r.used_at IS NULL AND r.expires_at > ?");
    s.bind(1, code_hash).bind(2, account_name).bind(3, at);
    return s.step();
}

bool ServerStore::use_password_reset(const std::string& account_name, const std::string& code_hash,
                                     const std::string& password_hash, const std::string& at) {
    Transaction transaction(*db_);
    if (!password_reset_live(account_name, code_hash, at)) return false;
    const auto account = account_by_name(account_name);
    db_->prepare("UPDATE password_resets SET used_at = ? WHERE code_hash = ?")
        .bind_all(at, code_hash)
        .run();
    db_->prepare("UPDATE accounts SET password_hash = ? WHERE id = ?")
        .bind_all(password_hash, account->id)
        .run();
    db_->prepare("UPDATE sessions SET revoked_at = ? WHERE account_id = ? AND revoked_at IS NULL")
        .bind_all(at, account->id)
        .run();
    transaction.commit();
    return true;
}

std::vector<SessionListing> ServerStore::sessions_of(std::int64_t account, const std::string& now) {
    auto s = db_->prepare(
        "SELECT substr(token_hash, 1, 16), created_at, expires_at, address FROM sessions "
        "WHERE account_id = ? AND revoked_at IS NULL AND expires_at > ? ORDER BY created_at DESC");
    s.bind(1, account).bind(2, now);
    std::vector<SessionListing> out;
    while (s.step()) out.push_back({s.text(0), s.text(1), s.text(2), s.text(3)});
    return out;
}

std::optional<std::string> ServerStore::revoke_session_by_id(std::int64_t account,
                                                             const std::string& id,
                                                             const std::string& at) {
    if (id.size() != 16) return std::nullopt;
    Transaction transaction(*db_);
    auto s = db_->prepare(
        "SELECT token_hash FROM sessions WHERE account_id = ? AND substr(token_hash, 1, 16) = ? "
        "AND revoked_at IS NULL AND expires_at > ?");
    s.bind(1, account).bind(2, id).bind(3, at);
    if (!s.step()) return std::nullopt;
    const std::string token_hash = s.text(0);
    s.reset();
    revoke_session(token_hash, at);
    transaction.commit();
    return token_hash;
}

void ServerStore::remove_membership(std::int64_t account, const std::string& campaign) {
    db_->prepare("DELETE FROM memberships WHERE account_id = ? AND campaign_id = ?")
        .bind_all(account, campaign)
        .run();
    if (db_->changes() == 0)
        throw StorageError(ErrorKind::not_found, "that account is not a member of " + campaign);
}

std::optional<std::int64_t> ServerStore::player_account(const std::string& campaign,
                                                        const std::string& player) {
    auto s =
        db_->prepare("SELECT account_id FROM memberships WHERE campaign_id = ? AND player_id = ?");
    s.bind(1, campaign).bind(2, player);
    if (!s.step()) return std::nullopt;
    return s.integer(0);
}

std::vector<InviteListing> ServerStore::invites(const std::string& campaign) {
    auto s = db_->prepare(
        "SELECT substr(i.code_hash, 1, 12), i.role, i.player_id, i.created_at, i.expires_at, "
        "a.name, i.used_at, i.revoked_at FROM invites i LEFT JOIN accounts a ON a.id = i.used_by "
        "WHERE i.campaign_id = ? ORDER BY i.created_at DESC, i.code_hash");
    s.bind(1, campaign);
    std::vector<InviteListing> out;
    while (s.step())
        out.push_back({s.text(0), s.text(1), s.optional_text(2), s.text(3), s.optional_text(4),
                       s.optional_text(5), s.optional_text(6), s.optional_text(7)});
    return out;
}

bool ServerStore::revoke_invite(const std::string& campaign, const std::string& id,
                                const std::string& at) {
    if (id.size() != 12) return false;
    db_->prepare(
           "UPDATE invites SET revoked_at = ? WHERE campaign_id = ? AND substr(code_hash, 1, 12) = "
           "? "
           "AND used_by IS NULL AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > ?)")
        .bind_all(at, campaign, id, at)
        .run();
    return db_->changes() > 0;
}

}  // namespace umpire::storage
