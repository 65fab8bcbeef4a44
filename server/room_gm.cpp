// GM commands (docs/protocol.md, "GM commands"). Each is checked completely before anything is
// committed; each that players should know of is recorded as a GM action with its reason and
// shown to them as a notice.
#include "server/credentials.hpp"
#include "server/errors.hpp"
#include "server/room.hpp"

namespace umpire::server {

using protocol::ErrorCode;
using namespace std::chrono;

void Room::record_action(const std::string& kind, const std::string& reason, const Json& details) {
    storage::GmActionRecord a{id(), 0, kind, reason, details.dump(), services_->now_iso()};
    a.no = services_->server->add_gm_action(a);
    broadcast_notice({{"no", a.no}, {"kind", kind}, {"reason", reason}, {"at", a.at}});
}

void Room::reload() { campaign_ = storage::Campaign::open(*services_->campaigns, id()); }

namespace {

bool has_player(const rules::CampaignState& state, const std::string& player) {
    return state.find_player(player) != nullptr;
}

}  // namespace

void Room::gm(const Reply& reply, const Actor& actor, const protocol::GmCommand& m) {
    if (!actor.viewer.is_gm()) refuse(ErrorCode::forbidden, "only the campaign's GM may do that");
    auto& server = *services_->server;
    const auto& record = campaign_.record();
    const std::string location = services_->campaigns->location();
    Json done{{"type", "gm_done"}, {"campaign", id()}, {"command", m.command}};
    try {
        if (m.command == "invite") {
            if (m.role != "player" && m.role != "observer")
                refuse(ErrorCode::invalid_argument, "invites are for the role player or observer");
            if (m.role == "player" && !has_player(campaign_.state(), m.player))
                refuse(ErrorCode::unknown_player, "the scenario has no player \"" + m.player + "\"");
            const std::string code = new_code();
            server.add_invite({secret_hash(code), id(), m.role,
                               m.role == "player" ? std::optional(m.player) : std::nullopt,
                               services_->now_iso()});
            done["code"] = code;  // shown once; only its hash is kept
            done["role"] = m.role;
            done["player"] = m.player;
        } else if (m.command == "assign") {
            const auto account = server.account_by_name(m.account);
            if (!account) refuse(ErrorCode::unknown_account, "no account \"" + m.account + "\"");
            if (!has_player(campaign_.state(), m.player))
                refuse(ErrorCode::unknown_player, "the scenario has no player \"" + m.player + "\"");
            if (const auto current = server.membership(account->id, id()); current && current->role == "gm")
                refuse(ErrorCode::conflict, "the GM cannot also play");
            server.put_membership({account->id, id(), "player", m.player});
            done["account"] = m.account;
            done["player"] = m.player;
        } else if (m.command == "set_deadline") {
            if (const auto problem = deadline_policy_problem(m.deadline); !problem.empty())
                refuse(ErrorCode::invalid_argument, "deadline: " + problem);
            server.update_campaign(id(), record.name, record.settings, m.deadline.dump(), record.status);
            reload();
            open_deadline();
            record_action("set_deadline", m.reason, {{"deadline", m.deadline}});
            schedule_timers();
        } else if (m.command == "pause" || m.command == "resume") {
            const bool pause = m.command == "pause";
            if ((record.status == "paused") == pause)
                refuse(ErrorCode::conflict, std::string("the campaign is already ") +
                                                (pause ? "paused" : "running"));
            auto d = current_deadline().value_or(
                storage::DeadlineRecord{id(), campaign_.period_index(), std::nullopt, std::nullopt, 0});
            const auto now = services_->scheduler->now();
            if (pause && d.due_at) {
                const auto due = parse_iso_utc(*d.due_at).value_or(now);
                d.paused_remaining_ms = std::max<long long>(0, duration_cast<milliseconds>(due - now).count());
                d.due_at.reset();
            } else if (!pause && d.paused_remaining_ms) {
                d.due_at = iso_utc(now + milliseconds(*d.paused_remaining_ms));
                d.paused_remaining_ms.reset();
            }
            server.update_campaign(id(), record.name, record.settings, record.deadline_policy,
                                   pause ? "paused" : "active");
            server.put_deadline(d);
            reload();
            record_action(m.command, m.reason, Json::object());
            schedule_timers();
            if (!pause && all_confirmed()) resolve_quietly(false);
        } else if (m.command == "extend") {
            if (server.gm_action_with_key(id(), "extend", m.key)) {
                done["repeated"] = true;  // idempotent: the same key extends once
            } else {
                auto d = current_deadline();
                if (!d || (!d->due_at && !d->paused_remaining_ms))
                    refuse(ErrorCode::invalid_argument, "this period has no deadline to extend");
                if (d->extended_minutes + m.minutes > services_->config.max_extension_minutes)
                    refuse(ErrorCode::invalid_argument,
                           "extensions of one period are capped at " +
                               std::to_string(services_->config.max_extension_minutes) +
                               " minutes; " + std::to_string(d->extended_minutes) + " used");
                if (d->due_at)
                    d->due_at = iso_utc(parse_iso_utc(*d->due_at).value() + minutes(m.minutes));
                else
                    *d->paused_remaining_ms += 60'000LL * m.minutes;
                d->extended_minutes += m.minutes;
                server.put_deadline(*d);
                record_action("extend", m.reason,
                              {{"key", m.key}, {"minutes", m.minutes},
                               {"period_index", campaign_.period_index()}});
                schedule_timers();
            }
        } else if (m.command == "force_advance") {
            record_action("force_advance", m.reason, {{"period_index", campaign_.period_index()}});
            const std::string status = record.status;
            if (status != "active") {
                // Resolve this period even while paused; the campaign stays paused after.
                server.update_campaign(id(), record.name, record.settings, record.deadline_policy, "active");
                reload();
                try {
                    try_resolve(true);
                } catch (...) {
                    server.update_campaign(id(), record.name, record.settings, record.deadline_policy, status);
                    reload();
                    throw;
                }
                const auto& r = campaign_.record();
                server.update_campaign(id(), r.name, r.settings, r.deadline_policy, status);
                reload();
            } else {
                try_resolve(true);
            }
        } else if (m.command == "rollback") {
            campaign_.roll_back(m.to_period, m.reason);
            open_deadline();
            for (auto& peer : live_peers()) peer->joined[id()].announced.clear();
            const auto actions = services_->campaigns->gm_actions(id());
            const auto& a = actions.back();
            broadcast_notice({{"no", a.no}, {"kind", a.kind}, {"reason", a.reason}, {"at", a.at}});
            schedule_timers();
        } else if (m.command == "edit") {
            std::string name = record.name;
            Json settings = Json::parse(record.settings);
            for (auto it = m.changes.begin(); it != m.changes.end(); ++it) {
                if (it.key() == "name" && it->is_string() && !it->get<std::string>().empty() &&
                    it->get<std::string>().size() <= 200)
                    name = it->get<std::string>();
                else if (it.key() == "settings" && it->is_object())
                    settings.update(*it);
                else
                    refuse(ErrorCode::invalid_argument,
                           "changes." + it.key() + ": an edit changes \"name\" (text) or "
                           "\"settings\" (an object)");
            }
            server.update_campaign(id(), name, settings.dump(), record.deadline_policy, record.status);
            reload();
            record_action("edit", m.reason, {{"changes", m.changes}});
        } else if (m.command == "resolve") {
            try_resolve(false);
        } else if (m.command == "answer_for") {
            const auto unplayed = unplayed_players();
            const storage::DecisionRecord* found = nullptr;
            const auto pending = campaign_.pending_decisions();
            for (const auto& d : pending)
                if (d.decision_id == m.decision) found = &d;
            if (!found)
                refuse(ErrorCode::unknown_decision, "no pending decision \"" + m.decision + "\"");
            const bool gms = found->player == "gm" ||
                             std::find(unplayed.begin(), unplayed.end(), found->player) != unplayed.end();
            if (!gms)
                refuse(ErrorCode::forbidden, "decision \"" + m.decision + "\" is " + found->player +
                                                 "'s to answer");
            campaign_.answer_decision(found->player, m.decision, m.answer);
            services_->metrics->decisions_answered++;
            done["decision"] = m.decision;
        }
    } catch (const storage::StorageError& e) {
        throw to_protocol_error(e, ErrorCode::invalid_argument, location);
    }
    reply.send(done);
    send_views();
    if (m.command == "answer_for" && campaign_.pending_decisions().empty()) resolve_quietly(false);
}

}  // namespace umpire::server
