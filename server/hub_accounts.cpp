// Accounts a group runs on its own (docs/protocol.md, "Accounts"): sign-up with an invite code,
// password change, reset with a code from the administrator (never a GM), the account's
// e-mail address, and its sessions listed and revoked. Every password and code attempt counts
// against the login throttle; argon2id work runs off the I/O thread; a password change or reset
// ends the account's other sessions and closes their connections.
#include <spdlog/spdlog.h>

#include "server/credentials.hpp"
#include "server/errors.hpp"
#include "server/hub.hpp"

namespace umpire::server {

using protocol::ErrorCode;
using protocol::ProtocolError;

namespace {

constexpr std::size_t kMinPasswordLength = 8;

void check_new_password(const std::string& password, const std::string& account) {
    if (password.size() < kMinPasswordLength)
        throw ProtocolError(
            ErrorCode::invalid_argument,
            "a password has at least " + std::to_string(kMinPasswordLength) + " characters");
    if (password == account)
        throw ProtocolError(ErrorCode::invalid_argument, "a password is not the account's name");
}

ProtocolError invite_refused() {
    return ProtocolError(ErrorCode::invite_invalid,
                         "no such invite, or it was used, revoked or has expired");
}

}  // namespace

void Hub::throttle(const std::string& account, const std::string& address) {
    if (const int wait = login_throttle_.attempt(account, address, services_->scheduler->now())) {
        services_->metrics->logins_throttled++;
        spdlog::info("password attempt for account \"{}\" from {} throttled for {} s", account,
                     address, wait);
        throw ProtocolError(ErrorCode::rate_limited,
                            fmt::format("too many password attempts; try again in {} s", wait))
            .with_retry_after(wait);
    }
}

void Hub::after_password_work(
    const Reply& reply, const char* what,
    const std::function<bool(std::function<void(std::function<void()>)>)>& queue) {
    auto peer = reply.peer;
    ++peer->async_pending;
    const bool queued = queue([this, peer, re = reply.re, what](std::function<void()> finish) {
        try {
            finish();
        } catch (const ProtocolError& e) {
            send_error(*peer, re, e);
        } catch (const storage::StorageError& e) {
            send_error(*peer, re, storage_error(e));
        } catch (const std::exception& e) {
            send_error(*peer, re, internal_error(what, e));
        }
        end_async(peer);
    });
    if (!queued) {
        --peer->async_pending;
        throw ProtocolError(ErrorCode::unavailable,
                            "the server is busy checking passwords; try again in a second")
            .with_retry_after(1);
    }
}

void Hub::hash_new_password(const Reply& reply, std::string password,
                            std::function<void(const std::string&)> then) {
    const auto cost = password_cost(services_->config.password_cost);
    auto* pool = services_->password_checks;
    if (!pool) return then(hash_password(password, cost));
    after_password_work(reply, "hashing a password", [&](auto run) {
        return pool->hash(std::move(password), cost, [run, then](std::string hash) {
            run([&] {
                if (hash.empty()) throw std::runtime_error("argon2id hashing failed");
                then(hash);
            });
        });
    });
}

void Hub::check_password(const Reply& reply, std::string stored_hash, std::string password,
                         std::function<void(bool)> then) {
    auto* pool = services_->password_checks;
    if (!pool) return then(verify_password(stored_hash, password));
    after_password_work(reply, "checking a password", [&](auto run) {
        return pool->verify(std::move(stored_hash), std::move(password),
                            [run, then](bool matches) { run([&] { then(matches); }); });
    });
}

void Hub::end_connections(std::int64_t account, const std::string& keep_token_hash,
                          const std::string& why) {
    for (auto& [key, weak] : peers_)
        if (auto p = weak.lock(); p && p->account == account &&
                                  (keep_token_hash.empty() || p->token_hash != keep_token_hash)) {
            p->account.reset();
            p->joined.clear();
            p->close(why);
        }
}

void Hub::sign_up(const Reply& reply, const protocol::SignUp& m) {
    const std::string address = reply.peer->address();
    throttle(m.account, address);
    const std::string code_hash = secret_hash(m.code);
    if (!storage::is_valid_id(m.account))
        throw ProtocolError(ErrorCode::invalid_argument,
                            "account names are 1 to 64 of A-Z a-z 0-9 _ - .");
    check_new_password(m.password, m.account);
    const std::optional<std::string> email =
        m.email.empty() ? std::nullopt : std::optional(m.email);
    if (email) {
        if (const auto problem = storage::email_problem(*email); !problem.empty())
            throw ProtocolError(ErrorCode::invalid_argument, problem, "$.email");
    }
    // Cheap checks first: no argon2id work for a wrong code or a taken name. The transaction
    // after the hash checks them again.
    if (!services_->server->invite_usable(code_hash, services_->now_iso())) throw invite_refused();
    if (services_->server->account_by_name(m.account))
        throw ProtocolError(ErrorCode::conflict, "the name \"" + m.account + "\" is taken");
    hash_new_password(reply, m.password,
                      [this, reply, name = m.account, code_hash, email,
                       address](const std::string& hash) {
                          std::pair<std::int64_t, storage::MembershipRecord> made;
                          const std::string token = new_token();
                          const std::string expires = new_session_expiry();
                          try {
                              // One commit (issue 53, item 8): the account, its seat, the used
                              // invite and the session the reply hands out, or none of them.
                              const std::string now = services_->now_iso();
                              storage::Transaction transaction(services_->campaigns->database());
                              made = services_->server->sign_up(name, hash, email, code_hash, now);
                              services_->server->add_session(secret_hash(token), made.first, now,
                                                             expires, address);
                              transaction.commit();
                          } catch (const storage::StorageError& e) {
                              // Used or revoked between the check and now (the e-mail was checked
                              // before).
                              if (e.kind() == storage::ErrorKind::invalid_input)
                                  throw invite_refused();
                              if (e.kind() == storage::ErrorKind::conflict)
                                  throw ProtocolError(ErrorCode::conflict,
                                                      "the name \"" + name + "\" is taken");
                              throw;
                          }
                          login_throttle_.succeeded(name, address);
                          Peer& peer = *reply.peer;
                          peer.account = made.first;
                          peer.account_name = name;
                          spdlog::info("account \"{}\" signed up from {} into campaign {} as {}",
                                       name, address, made.second.campaign_id,
                                       made.second.player.value_or(made.second.role));
                          // A new account has no other connection: never refused here.
                          finish_login(reply, token, expires);
                          if (!peer.account) return;
                          reply.send({{"type", "invite_redeemed"},
                                      {"campaign", made.second.campaign_id},
                                      {"role", made.second.role},
                                      {"player", made.second.player.value_or("")}});
                      });
}

void Hub::reset_password(const Reply& reply, const protocol::ResetPassword& m) {
    const std::string address = reply.peer->address();
    throttle(m.account, address);
    check_new_password(m.password, m.account);
    const std::string code_hash = secret_hash(m.code);
    const auto refused = [] {
        return ProtocolError(ErrorCode::bad_credentials,
                             "wrong account or reset code, or the code was used or has expired");
    };
    if (!services_->server->password_reset_live(m.account, code_hash, services_->now_iso()))
        throw refused();
    hash_new_password(
        reply, m.password,
        [this, reply, name = m.account, code_hash, address, refused](const std::string& hash) {
            if (!services_->server->use_password_reset(name, code_hash, hash, services_->now_iso()))
                throw refused();
            login_throttle_.succeeded(name, address);
            if (const auto account = services_->server->account_by_name(name))
                end_connections(account->id, "", "the password was reset");
            spdlog::info("password of account \"{}\" reset from {}", name, address);
            reply.send({{"type", "password_reset"}, {"account", name}});
        });
}

void Hub::change_password(const Reply& reply, const protocol::ChangePassword& m) {
    Peer& peer = *reply.peer;
    const std::int64_t account = *peer.account;
    const std::string name = peer.account_name, address = peer.address();
    throttle(name, address);
    check_new_password(m.new_password, name);
    const auto record = services_->server->account_by_id(account);
    if (!record || !record->password_hash)
        throw ProtocolError(ErrorCode::bad_credentials, "this account has no password to change");
    check_password(
        reply, *record->password_hash, m.password,
        [this, reply, account, name, address, fresh = m.new_password](bool matches) {
            if (!matches) {
                services_->metrics->login_failures++;
                throw ProtocolError(ErrorCode::bad_credentials, "the current password is wrong");
            }
            login_throttle_.succeeded(name, address);
            hash_new_password(
                reply, fresh, [this, reply, account, name](const std::string& hash) {
                    const std::string now = services_->now_iso();
                    const std::string keep = reply.peer->token_hash;
                    const auto before = services_->server->sessions_of(account, now).size();
                    services_->server->set_password(account, hash, keep, now);
                    const auto after = services_->server->sessions_of(account, now).size();
                    end_connections(account, keep, "the password was changed");
                    spdlog::info("account \"{}\" changed its password", name);
                    reply.send({{"type", "password_changed"},
                                {"sessions_ended", static_cast<std::int64_t>(before - after)}});
                });
        });
}

void Hub::send_account(const Reply& reply) {
    const Peer& peer = *reply.peer;
    auto& server = *services_->server;
    const auto record = server.account_by_id(*peer.account);
    if (!record) throw ProtocolError(ErrorCode::not_logged_in, "log in first");
    Json memberships = Json::array();
    for (const auto& m : server.memberships_of_account(record->id)) {
        Json entry{{"campaign", m.campaign_id}, {"role", m.role}};
        if (m.player) entry["player"] = *m.player;
        memberships.push_back(std::move(entry));
    }
    Json sessions = Json::array();
    for (const auto& s : server.sessions_of(record->id, services_->now_iso()))
        sessions.push_back({{"id", s.id},
                            {"created_at", s.created_at},
                            {"expires_at", s.expires_at},
                            {"address", s.address},
                            {"current", peer.token_hash.rfind(s.id, 0) == 0}});
    const auto email = server.email(record->id);
    reply.send({{"type", "account"},
                {"account", record->name},
                {"email", email ? Json(*email) : Json(nullptr)},
                {"admin", record->admin},
                {"may_create_campaigns", record->admin || record->may_create_campaigns},
                {"memberships", memberships},
                {"sessions", sessions}});
}

void Hub::set_email(const Reply& reply, const protocol::SetEmail& m) {
    if (const auto problem = storage::email_problem(m.email); !m.email.empty() && !problem.empty())
        throw ProtocolError(ErrorCode::invalid_argument, problem, "$.email");
    services_->server->set_email(*reply.peer->account,
                                 m.email.empty() ? std::nullopt : std::optional(m.email));
    send_account(reply);
}

void Hub::revoke_session(const Reply& reply, const protocol::RevokeSession& m) {
    Peer& peer = *reply.peer;
    const std::int64_t account = *peer.account;
    const auto token_hash =
        services_->server->revoke_session_by_id(account, m.session, services_->now_iso());
    if (!token_hash)
        throw ProtocolError(ErrorCode::invalid_argument,
                            "you have no live session \"" + m.session + "\" (see get_account)",
                            "$.session");
    const bool own = *token_hash == peer.token_hash;
    for (auto& [key, weak] : peers_)
        if (auto p = weak.lock(); p && p.get() != &peer && p->token_hash == *token_hash) {
            p->account.reset();
            p->joined.clear();
            p->close("the session was revoked");
        }
    reply.send({{"type", "session_revoked"}, {"session", m.session}});
    if (own) {  // this connection's own session: it is logged out, as by logout
        peer.token_hash.clear();
        peer.joined.clear();
        peer.account.reset();
    }
}

}  // namespace umpire::server
