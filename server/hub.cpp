// Decoding, authentication and dispatch (lobby messages here, campaign messages to rooms).
#include "server/hub.hpp"

#include <spdlog/spdlog.h>

#include <filesystem>

#include "protocol/project.hpp"
#include "server/credentials.hpp"
#include "server/errors.hpp"
#include "server/observability.hpp"
#include "storage/postgres/pg_database.hpp"

namespace umpire::server {

using protocol::ErrorCode;
using protocol::ProtocolError;

namespace {

int http_status(const std::string& code) {
    static const std::map<std::string, int> status{
        {"bad_json", 400},          {"bad_message", 400},        {"unknown_type", 400},
        {"message_too_large", 413}, {"unsupported_version", 400}, {"not_logged_in", 401},
        {"bad_credentials", 401},   {"bad_token", 401},          {"forbidden", 403},
        {"unknown_campaign", 404},  {"unknown_decision", 404},   {"unknown_account", 404},
        {"unknown_player", 404},    {"unknown_period", 404},     {"unknown_battle", 404},
        {"invalid_orders", 422},    {"refused_by_rules", 422},
        {"invalid_answer", 422},    {"invalid_argument", 422},   {"period_closed", 409},
        {"orders_closed", 409},     {"already_answered", 409},   {"conflict", 409},
        {"campaign_paused", 409},   {"invite_invalid", 404},     {"rate_limited", 429},
        {"too_many_connections", 429}, {"bad_origin", 403},      {"not_implemented", 501},
        {"unavailable", 503},       {"internal", 500}};
    auto it = status.find(code);
    return it == status.end() ? 400 : it->second;
}

// A transient connection for one HTTP API request: it keeps what it is sent.
class HttpPeer final : public Peer {
public:
    HttpPeer(std::string address, std::function<void(HttpReply)> done)
        : Peer(Kind::http, std::move(address)), done_(std::move(done)) {}
    void send(std::shared_ptr<const std::string> frame) override { frames_.push_back(*frame); }
    void close(const std::string&) override {}
    // The reply is complete: the first error decides the status.
    void settled() override {
        if (!done_) return;
        HttpReply reply;
        Json messages = Json::array();
        for (const auto& f : frames_) {
            Json m = Json::parse(f);
            if (m.value("type", "") == "error" && reply.status == 200) {
                reply.status = http_status(m.value("code", ""));
                if (m.contains("retry_after_seconds"))
                    reply.retry_after_seconds = m["retry_after_seconds"].get<int>();
            }
            messages.push_back(std::move(m));
        }
        reply.body = Json{{"messages", messages}}.dump();
        auto done = std::move(done_);
        done_ = nullptr;
        done(std::move(reply));
    }

private:
    std::vector<std::string> frames_;
    std::function<void(HttpReply)> done_;
};

std::string session_expiry(const Services& s) {
    return iso_utc(s.scheduler->now() + std::chrono::hours(24 * s.config.session_days));
}

}  // namespace

Hub::Hub(Services& services)
    : services_(&services),
      server_paths_(services.config),
      login_throttle_({services.config.limits.login_free_per_account,
                       services.config.limits.login_free_per_address, 1.0,
                       static_cast<double>(services.config.limits.login_delay_max_seconds)},
                      *services.server),
      // Made before the server serves, at the server's cost: the first login of an unknown
      // name then does the same work as any other, off the I/O thread (issue 53).
      unknown_account_hash_(
          hash_password(new_token(), password_cost(services.config.password_cost))) {}
Hub::~Hub() = default;

void Hub::start() {
    for (const auto& id : services_->campaigns->campaign_ids()) {
        auto room = start_room(id);
        if (!room) continue;  // deleted by another server meanwhile
        rooms_[id] = std::move(room);
    }
    // Sessions ended on another server end this server's connections too (on one server, the
    // command that ends a session closes them at once).
    if (storage::pg::is_postgres_url(services_->config.database)) check_sessions();
}

bool Hub::admit(const std::string& address) {
    int& n = per_address_[address];
    if (n >= services_->config.limits.connections_per_address) {
        services_->metrics->closed("connections_per_address");
        return false;
    }
    ++n;
    return true;
}

void Hub::release(const std::string& address) {
    if (auto it = per_address_.find(address); it != per_address_.end() && --it->second <= 0)
        per_address_.erase(it);
}

void Hub::opened(const std::shared_ptr<Peer>& peer) {
    peers_[peer.get()] = peer;
    services_->metrics->connections_open++;
    services_->metrics->connections_total++;
}

void Hub::closed(Peer& peer) {
    services_->metrics->connections_open--;
    peers_.erase(&peer);
}

void Hub::send_error(Peer& peer, const Json& re, const ProtocolError& error) {
    services_->metrics->error(protocol::code_name(error.code()));
    if (error.code() == ErrorCode::internal) services_->metrics->internal_errors++;
    const Json message =
        protocol::project(protocol::ErrorFacts{error, server_paths_.scrub(error.what()), re});
    peer.send(std::make_shared<const std::string>(message.dump()));
}

void Hub::receive(const std::shared_ptr<Peer>& peer, std::string_view text) {
    services_->metrics->messages_in++;
    if (!peer->rate.allow()) {
        send_error(*peer, protocol::correlation_id(text),
                   ProtocolError(ErrorCode::rate_limited,
                                 fmt::format("too many messages: at most {:g} a second; this "
                                             "one was not handled",
                                             services_->config.limits.messages_per_second)));
        if (++peer->rate_violations > services_->config.limits.rate_violations_before_close) {
            services_->metrics->closed("rate");
            spdlog::info("closing {}: message rate", peer->address());
            peer->close("message rate limit exceeded");
        }
        return;
    }
    if (peer->async_pending > 0) {
        // Handled in order once the work under way ends; the rate limit bounds this queue.
        peer->deferred.emplace_back(text);
        return;
    }
    handle(peer, text);
    if (peer->async_pending == 0) peer->settled();
}

void Hub::handle(const std::shared_ptr<Peer>& peer, std::string_view text) {
    protocol::ClientMessage message;
    try {
        if (services_->fault) services_->fault("message", text);
        message = protocol::decode_client_message(text, services_->config.limits.max_message_bytes);
        if (peer->kind() == Peer::Kind::websocket && !peer->greeted && message.type != "hello")
            throw ProtocolError(ErrorCode::hello_required,
                                "say hello first: {\"type\":\"hello\",\"versions\":[1]}");
    } catch (const ProtocolError& e) {
        send_error(*peer, protocol::correlation_id(text), e);
        return;
    } catch (const std::exception& e) {
        send_error(*peer, protocol::correlation_id(text), internal_error("decoding a message", e));
        return;
    }
    const Reply reply{peer, message.re};
    const auto started = std::chrono::steady_clock::now();
    try {
        dispatch(reply, message);
    } catch (const ProtocolError& e) {
        send_error(*peer, message.re, e);
    } catch (const storage::StorageError& e) {
        send_error(*peer, message.re, storage_error(e));
    } catch (const std::exception& e) {
        send_error(*peer, message.re, internal_error("handling " + message.type, e));
    }
    // Timed (the part on the I/O thread: a password check goes on after); WebSocket messages
    // are logged at debug only, there are many.
    const double seconds = seconds_since(started);
    services_->metrics->message_handled(message.type, seconds);
    if (peer->kind() == Peer::Kind::websocket && spdlog::should_log(spdlog::level::debug))
        log_event(spdlog::level::debug,
                  {{"event", "ws_message"}, {"type", message.type}, {"client", peer->address()},
                   {"account", peer->account_name}, {"duration_ms", seconds * 1000}},
                  fmt::format("{} {} message {} handled in {:.1f}ms", peer->address(),
                              peer->account_name, message.type, seconds * 1000));
}

ProtocolError Hub::storage_error(const storage::StorageError& e) const {
    // to_protocol_error logs `gone` itself: it is met in the rooms too.
    if (e.kind() != storage::ErrorKind::gone)
        log_event(e.kind() == storage::ErrorKind::outcome_unknown ? spdlog::level::critical
                                                                  : spdlog::level::err,
                  storage_error_fields(e),
                  fmt::format("storage: {} ({}, {})", e.what(), storage::to_string(e.kind()),
                              storage::engine_code(e)));
    return to_protocol_error(e, ErrorCode::invalid_argument, services_->campaigns->location());
}

void Hub::end_async(const std::shared_ptr<Peer>& peer) {
    if (--peer->async_pending > 0) return;
    while (!peer->deferred.empty() && peer->async_pending == 0) {
        const std::string text = std::move(peer->deferred.front());
        peer->deferred.pop_front();
        handle(peer, text);
    }
    if (peer->async_pending == 0) peer->settled();
}

void Hub::http_message(const std::string& address, const std::string& bearer,
                       std::string_view body, std::function<void(HttpReply)> done) {
    services_->metrics->http_requests++;
    auto peer = std::make_shared<HttpPeer>(address, std::move(done));
    peer->greeted = true;
    // HTTP clients come and go: the rate bucket is per request, so this only bounds one body.
    if (!bearer.empty() && !authenticate_token(*peer, bearer)) {
        send_error(*peer, protocol::correlation_id(body),
                   ProtocolError(ErrorCode::bad_token, "unknown or expired token; log in again"));
        peer->settled();
        return;
    }
    receive(peer, body);
}

Room& Hub::room_of(const std::string& id) {
    auto it = rooms_.find(id);
    if (it == rooms_.end())
        throw ProtocolError(ErrorCode::unknown_campaign, "no campaign \"" + id + "\" for you");
    return *it->second;
}

Room* Hub::find_room(const std::string& id) {
    auto it = rooms_.find(id);
    return it == rooms_.end() ? nullptr : it->second.get();
}

Actor Hub::actor_in(const Room& room, const Peer& peer) const {
    if (!peer.account) throw ProtocolError(ErrorCode::not_logged_in, "log in first");
    return room.actor(*peer.account, peer.account_name);
}

void Hub::dispatch(const Reply& reply, const protocol::ClientMessage& message) {
    Peer& peer = *reply.peer;
    std::visit(
        [&](const auto& m) {
            using T = std::decay_t<decltype(m)>;
            if constexpr (std::is_same_v<T, protocol::Hello>) {
                if (std::find(m.versions.begin(), m.versions.end(), protocol::kProtocolVersion) ==
                    m.versions.end())
                    throw ProtocolError(ErrorCode::unsupported_version,
                                        "this server speaks protocol version 1 only");
                peer.greeted = true;
                const auto& l = services_->config.limits;
                reply.send({{"type", "welcome"},
                            {"version", protocol::kProtocolVersion},
                            {"server", "umpire 0.1.0"},
                            {"limits",
                             {{"max_message_bytes", l.max_message_bytes},
                              {"messages_per_second", l.messages_per_second},
                              {"message_burst", l.message_burst},
                              {"idle_timeout_seconds", l.idle_timeout_seconds}}}});
            } else if constexpr (std::is_same_v<T, protocol::Login>) {
                login(reply, m);
            } else if constexpr (std::is_same_v<T, protocol::SignUp>) {
                sign_up(reply, m);
            } else if constexpr (std::is_same_v<T, protocol::ResetPassword>) {
                reset_password(reply, m);
            } else if constexpr (std::is_same_v<T, protocol::Ping>) {
                reply.send({{"type", "pong"}});
            } else if constexpr (std::is_same_v<T, protocol::Logout>) {
                if (!peer.token_hash.empty())
                    services_->server->revoke_session(peer.token_hash, services_->now_iso());
                peer.token_hash.clear();
                peer.joined.clear();
                peer.account.reset();
                reply.send({{"type", "logged_out"}});
            } else {
                if (!peer.account) throw ProtocolError(ErrorCode::not_logged_in, "log in first");
                if constexpr (std::is_same_v<T, protocol::ListCampaigns>) {
                    list_campaigns(reply);
                } else if constexpr (std::is_same_v<T, protocol::ChangePassword>) {
                    change_password(reply, m);
                } else if constexpr (std::is_same_v<T, protocol::GetAccount>) {
                    send_account(reply);
                } else if constexpr (std::is_same_v<T, protocol::SetEmail>) {
                    set_email(reply, m);
                } else if constexpr (std::is_same_v<T, protocol::RevokeSession>) {
                    revoke_session(reply, m);
                } else if constexpr (std::is_same_v<T, protocol::RedeemInvite>) {
                    redeem(reply, m);
                } else if constexpr (std::is_same_v<T, protocol::CreateCampaign>) {
                    create_from_message(reply, m);
                } else if constexpr (std::is_same_v<T, protocol::Join>) {
                    join(reply, m);
                } else {
                    Room& room = fresh_room(m.campaign);
                    const Actor actor = actor_in(room, peer);
                    if constexpr (std::is_same_v<T, protocol::SubmitOrders>)
                        room.submit_orders(reply, actor, m);
                    else if constexpr (std::is_same_v<T, protocol::ConfirmOrders>)
                        room.confirm_orders(reply, actor, m);
                    else if constexpr (std::is_same_v<T, protocol::Answer>)
                        room.answer(reply, actor, m);
                    else if constexpr (std::is_same_v<T, protocol::GetReport>)
                        room.report(reply, actor, m);
                    else if constexpr (std::is_same_v<T, protocol::GetHistory>)
                        room.history(reply, actor);
                    else if constexpr (std::is_same_v<T, protocol::GetDecisions>)
                        room.decisions(reply, actor);
                    else if constexpr (std::is_same_v<T, protocol::SetWebhook>)
                        room.set_webhook(reply, actor, m);
                    else if constexpr (std::is_same_v<T, protocol::GetWebhookDeliveries>)
                        room.webhook_deliveries(reply, actor);
                    else if constexpr (std::is_same_v<T, protocol::GmCommand>) {
                        room.gm(reply, actor, m);
                        if (room.deleted()) retire_room(m.campaign);
                    } else if constexpr (std::is_same_v<T, protocol::BattleAction>)
                        room.battle_action(reply, actor, m);
                    else if constexpr (std::is_same_v<T, protocol::GetBattle>)
                        room.get_battle(reply, actor, m);
                    else if constexpr (std::is_same_v<T, protocol::SendPress>)
                        room.send_press(reply, actor, m);
                    else if constexpr (std::is_same_v<T, protocol::GetPress>)
                        room.press(reply, actor, m);
                }
            }
        },
        message.body);
}

bool Hub::authenticate_token(Peer& peer, const std::string& token) {
    const auto account =
        services_->server->session_account(secret_hash(token), services_->now_iso());
    if (!account) return false;
    const auto record = services_->server->account_by_id(*account);
    if (!record) return false;
    peer.account = record->id;
    peer.account_name = record->name;
    peer.token_hash = secret_hash(token);
    return true;
}

void Hub::login(const Reply& reply, const protocol::Login& m) {
    Peer& peer = *reply.peer;
    if (m.token.empty()) return login_with_password(reply, m);
    if (!authenticate_token(peer, m.token)) {
        services_->metrics->login_failures++;
        spdlog::info("login by token refused from {}", peer.address());
        throw ProtocolError(ErrorCode::bad_token, "unknown or expired token; log in again");
    }
    finish_login(reply, "");
}

// The argon2id check runs off the I/O thread (check_password); the login ends in its callback.
// Unknown names are checked against a hash too, so both answers take the same time.
void Hub::login_with_password(const Reply& reply, const protocol::Login& m) {
    throttle(m.account, reply.peer->address());
    const auto account = services_->server->account_by_name(m.account);
    const std::string stored = account && account->password_hash ? *account->password_hash
                                                                 : unknown_account_hash_;
    check_password(reply, stored, m.password, [this, reply, account, name = m.account](bool matches) {
        Peer& peer = *reply.peer;
        if (!account || !account->password_hash || !matches) {
            services_->metrics->login_failures++;
            spdlog::info("login refused for account \"{}\" from {}", name, peer.address());
            throw ProtocolError(ErrorCode::bad_credentials, "wrong account or password");
        }
        login_throttle_.succeeded(name, peer.address());
        peer.account = account->id;
        peer.account_name = account->name;
        finish_login(reply, new_token());
    });
}

std::string Hub::new_session_expiry() const { return session_expiry(*services_); }

void Hub::finish_login(const Reply& reply, std::string token, const std::string& stored_expiry) {
    Peer& peer = *reply.peer;
    if (peer.kind() == Peer::Kind::websocket) {
        int same = 0;
        for (auto& [address, w] : peers_)
            if (auto p = w.lock(); p && p.get() != &peer && p->account == peer.account) ++same;
        if (same >= services_->config.limits.connections_per_account) {
            peer.account.reset();
            services_->metrics->closed("connections_per_account");
            send_error(peer, reply.re,
                       ProtocolError(ErrorCode::too_many_connections,
                                     "this account has too many open connections"));
            peer.close("too many connections for this account");
            return;
        }
    }
    const std::string expires = stored_expiry.empty() ? session_expiry(*services_) : stored_expiry;
    if (!token.empty()) {
        peer.token_hash = secret_hash(token);
        if (stored_expiry.empty())
            services_->server->add_session(peer.token_hash, *peer.account, services_->now_iso(),
                                           expires, peer.address());
    }
    services_->metrics->logins++;
    spdlog::info("account \"{}\" logged in from {}", peer.account_name, peer.address());
    Json out{{"type", "logged_in"}, {"account", peer.account_name}};
    if (!token.empty()) {
        out["token"] = token;  // shown once; only its hash is kept
        out["expires_at"] = expires;
    }
    reply.send(out);
}

void Hub::list_campaigns(const Reply& reply) {
    Json list = Json::array();
    for (const auto& m : services_->server->memberships_of_account(*reply.peer->account))
        if (auto* room = find_room(m.campaign_id))
            list.push_back(room->summary(room->actor(*reply.peer->account, reply.peer->account_name)));
    Json scenarios = Json::array();
    // Scenarios are offered only to those who may start campaigns from them: a scenario file is
    // every side's order of battle.
    if (may_create_campaigns(*reply.peer->account) && !services_->config.scenarios_dir.empty()) {
        std::error_code ec;
        for (const auto& entry : std::filesystem::directory_iterator(services_->config.scenarios_dir, ec)) {
            const auto name = entry.path().filename().string();
            if (entry.path().extension() == ".json" && name.find("-orders") == std::string::npos)
                scenarios.push_back(entry.path().stem().string());
        }
    }
    std::sort(scenarios.begin(), scenarios.end());
    reply.send({{"type", "campaigns"}, {"campaigns", list}, {"scenarios", scenarios}});
}

// A guess at an invite code counts against the login throttle as a password guess does, for the
// guessing account and its address (docs/security.md, "Logins"); a redeemed code resets the count.
void Hub::redeem(const Reply& reply, const protocol::RedeemInvite& m) {
    const std::string name = reply.peer->account_name, address = reply.peer->address();
    throttle(name, address);
    storage::MembershipRecord membership;
    try {
        membership = services_->server->redeem_invite(secret_hash(m.code), *reply.peer->account,
                                                      services_->now_iso());
    } catch (const storage::StorageError& e) {
        if (e.kind() == storage::ErrorKind::invalid_input)
            throw ProtocolError(ErrorCode::invite_invalid, "no such invite, or it was used already");
        throw to_protocol_error(e, ErrorCode::invite_invalid, services_->campaigns->location());
    }
    login_throttle_.succeeded(name, address);
    Room& room = room_of(membership.campaign_id);
    reply.send({{"type", "invite_redeemed"},
                {"campaign", membership.campaign_id},
                {"role", membership.role},
                {"player", membership.player.value_or("")}});
    (void)room;
}

void Hub::join(const Reply& reply, const protocol::Join& m) {
    Room& room = fresh_room(m.campaign);
    const Actor actor = actor_in(room, *reply.peer);
    room.join(reply, actor, m.as_player);
}

std::int64_t Hub::create_account(const std::string& name, const std::string& password) {
    if (!storage::is_valid_id(name))
        throw ProtocolError(ErrorCode::invalid_argument, "account names are 1 to 64 of A-Z a-z 0-9 _ - .");
    return services_->server->create_account(
        name, hash_password(password, password_cost(services_->config.password_cost)),
        services_->now_iso());
}

Room& Hub::create_campaign(const std::string& scenario_file, const std::string& id,
                           std::int64_t gm_account, const std::string& time_zone,
                           const std::function<void(const std::string&)>& also) {
    storage::CreateOptions options;
    options.id = id;
    options.time_zone = time_zone.empty() ? "UTC" : time_zone;
    // One commit (issue 53, item 8): the campaign, its open period and its GM's seat, or none of
    // them. Two commits left, after a kill between them, a campaign nobody could see or end.
    storage::Transaction transaction(services_->campaigns->database());
    auto campaign = storage::Campaign::create_from_file(*services_->campaigns, scenario_file,
                                                        services_->config.ruleset_dirs, options,
                                                        services_->clock());
    const std::string campaign_id = campaign.id();
    services_->server->put_membership({gm_account, campaign_id, "gm", std::nullopt});
    if (also) also(campaign_id);
    transaction.commit();
    auto room = std::make_unique<Room>(*services_, std::move(campaign));
    room->start();
    Room& ref = *room;
    rooms_[campaign_id] = std::move(room);
    log_event(spdlog::level::info,
              {{"event", "campaign_created"}, {"campaign", campaign_id},
               {"scenario", std::filesystem::path(scenario_file).filename().string()},
               {"gm_account", gm_account}},
              fmt::format("campaign {} created from {} (GM account {})", campaign_id,
                          std::filesystem::path(scenario_file).filename().string(), gm_account));
    return ref;
}

bool Hub::may_create_campaigns(std::int64_t account) const {
    const auto record = services_->server->account_by_id(account);
    return record && (record->admin || record->may_create_campaigns);
}

void Hub::create_from_message(const Reply& reply, const protocol::CreateCampaign& m) {
    if (!may_create_campaigns(*reply.peer->account))
        throw ProtocolError(ErrorCode::forbidden,
                            "this account may not create campaigns; an administrator grants that "
                            "right (umpire-server admin grant)");
    if (services_->config.scenarios_dir.empty() || !storage::is_valid_id(m.scenario))
        throw ProtocolError(ErrorCode::invalid_argument, "no scenario \"" + m.scenario + "\"");
    const auto file = std::filesystem::path(services_->config.scenarios_dir) / (m.scenario + ".json");
    if (!std::filesystem::is_regular_file(file))
        throw ProtocolError(ErrorCode::invalid_argument, "no scenario \"" + m.scenario + "\"");
    if (!m.id.empty() && rooms_.count(m.id))
        throw ProtocolError(ErrorCode::conflict, "a campaign \"" + m.id + "\" exists");
    Room* room = nullptr;
    try {
        room = &create_campaign(file.string(), m.id, *reply.peer->account, m.time_zone);
    } catch (const storage::StorageError& e) {
        log_storage_error(e, "create_campaign");
        throw to_protocol_error(e, ErrorCode::invalid_argument, services_->campaigns->location());
    }
    reply.send({{"type", "campaign_created"},
                {"campaign", room->summary(room->actor(*reply.peer->account, reply.peer->account_name))}});
}

}  // namespace umpire::server
