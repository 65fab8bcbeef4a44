// GM commands (docs/protocol.md, "GM commands"): one table of handlers, each a function of the
// room and the command that checks everything first and then writes. gm() runs the handler
// inside one commit (room_commits.cpp), so a command's state change, its GM action (shown to
// players as a notice), its deadline and its notifications are kept together or not at all, and
// the reply says which: gm_done after the commit, an error with nothing changed otherwise.
#include <map>

#include "server/campaign_settings.hpp"
#include "server/credentials.hpp"
#include "server/errors.hpp"
#include "server/observability.hpp"
#include "server/room.hpp"
#include "server/room_gm_call.hpp"

namespace umpire::server {

using protocol::ErrorCode;
using namespace std::chrono;

void Room::record_action(const std::string& kind, const std::string& reason, const Json& details) {
    Json audited = details;
    if (acting_gm_) audited["by"] = acting_gm_->account_name;
    storage::GmActionRecord a{id(), 0, kind, reason, audited.dump(), services_->now_iso()};
    a.no = services_->server->add_gm_action(a);
    broadcast_notice(a);
}

void Room::reload() {
    campaign_ = storage::Campaign::open(*services_->campaigns, id(), services_->clock());
}

void Room::gm(const Reply& reply, const Actor& actor, const protocol::GmCommand& m) {
    using Handler = void (Room::*)(GmCall&);
    static const std::map<std::string, Handler, std::less<>> handlers = {
        {"invite", &Room::gm_invite},
        {"invites", &Room::gm_invites},
        {"revoke_invite", &Room::gm_revoke_invite},
        {"remove", &Room::gm_remove},
        {"set_deadline", &Room::gm_set_deadline},
        {"pause", &Room::gm_pause_or_resume},
        {"resume", &Room::gm_pause_or_resume},
        {"extend", &Room::gm_extend},
        {"force_advance", &Room::gm_force_advance},
        {"rollback", &Room::gm_rollback},
        {"edit", &Room::gm_edit},
        {"edit_world", &Room::gm_edit_world},
        {"resolve", &Room::gm_resolve},
        {"answer_for", &Room::gm_answer_for},
        {"add_gm", &Room::gm_add_gm},
        {"end", &Room::gm_end},
        {"archive", &Room::gm_archive},
        {"delete", &Room::gm_delete},
    };
    if (!actor.viewer.is_gm()) refuse(ErrorCode::forbidden, "only the campaign's GM may do that");
    const auto handler = handlers.find(m.command);
    if (handler == handlers.end())
        refuse(ErrorCode::bad_message, "unknown GM command \"" + m.command + "\"");
    if (!allowed_after_end(m.command)) refuse_if_ended("\"" + m.command + "\"");
    Json done{{"type", "gm_done"}, {"campaign", id()}, {"command", m.command}};
    GmCall call{m, done};
    try {
        // The audit names the GM for the length of the command, whichever way it ends.
        struct Acting {
            const Actor*& slot;
            ~Acting() { slot = nullptr; }
        } acting{acting_gm_ = &actor};
        in_one_commit("GM command " + m.command, [&] { (this->*handler->second)(call); });
    } catch (const storage::StorageError& e) {
        throw to_protocol_error(e, ErrorCode::invalid_argument, services_->campaigns->location());
    }
    // The reason is shown to players anyway; the command's other fields (invite codes) are not
    // logged.
    log_event(spdlog::level::info,
              {{"event", "gm_action"}, {"campaign", id()}, {"command", m.command},
               {"account", actor.account_name}, {"reason", m.reason}},
              fmt::format("campaign {}: GM {} by {}: {}", id(), m.command, actor.account_name,
                          m.reason));
    reply.send(done);
    send_views();
    if (call.then_resolve) resolve_quietly(false, "GM " + m.command);
}

void Room::gm_set_deadline(GmCall& call) {
    const auto& m = call.m;
    if (const auto problem = deadline_policy_problem(m.deadline); !problem.empty())
        refuse(ErrorCode::invalid_argument, "deadline: " + problem);
    const auto& record = campaign_.record();
    services_->server->update_campaign(id(), record.name, record.settings, m.deadline.dump(),
                                       record.status);
    reload();
    open_deadline();
    const auto due = current_deadline();
    record_action("set_deadline", m.reason,
                  {{"deadline", m.deadline},
                   {"due_at", due && due->due_at ? Json(*due->due_at) : Json(nullptr)}});
    schedule_timers();
}

void Room::gm_pause_or_resume(GmCall& call) {
    const auto& m = call.m;
    const auto& record = campaign_.record();
    const bool pause = m.command == "pause";
    if ((record.status == "paused") == pause)
        refuse(ErrorCode::conflict,
               std::string("the campaign is already ") + (pause ? "paused" : "running"));
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
    services_->server->update_campaign(id(), record.name, record.settings, record.deadline_policy,
                                       pause ? "paused" : "active");
    services_->server->put_deadline(d);
    reload();
    Json details = Json::object();
    if (d.due_at) details["due_at"] = *d.due_at;
    if (d.paused_remaining_ms)
        details["remaining_minutes"] = (*d.paused_remaining_ms + 59'999) / 60'000;
    record_action(m.command, m.reason, details);
    schedule_timers();
    call.then_resolve = !pause && all_confirmed();
}

void Room::gm_extend(GmCall& call) {
    const auto& m = call.m;
    if (services_->server->gm_action_with_key(id(), "extend", m.key)) {
        call.done["repeated"] = true;  // idempotent: the same key extends once
        return;
    }
    auto d = current_deadline();
    if (!d || (!d->due_at && !d->paused_remaining_ms))
        refuse(ErrorCode::invalid_argument, "this period has no deadline to extend");
    const int cap = services_->config.max_extension_minutes;
    if (d->extended_minutes + m.minutes > cap)
        refuse(ErrorCode::invalid_argument,
               "extensions of one period are capped at " + std::to_string(cap) + " minutes; " +
                   std::to_string(d->extended_minutes) + " used");
    if (d->due_at)
        d->due_at = iso_utc(parse_iso_utc(*d->due_at).value() + minutes(m.minutes));
    else
        *d->paused_remaining_ms += 60'000LL * m.minutes;
    d->extended_minutes += m.minutes;
    services_->server->put_deadline(*d);
    record_action("extend", m.reason,
                  {{"key", m.key},
                   {"minutes", m.minutes},
                   {"period_index", campaign_.period_index()},
                   {"due_at", d->due_at ? Json(*d->due_at) : Json(nullptr)}});
    schedule_timers();
}

void Room::refuse_unless_open_period(const protocol::GmCommand& m) const {
    // The campaign's row is locked and fresh here (in_one_commit): whichever of two GMs, two
    // servers or a GM and a deadline came first moved it on, and the other is told so.
    if (m.period == campaign_.period_index()) return;
    refuse(ErrorCode::period_closed,
           "\"" + m.command + "\" of period " + std::to_string(m.period) +
               " refused: the open period is " + std::to_string(campaign_.period_index()) +
               " (another GM, a deadline or an earlier copy of this command moved the campaign "
               "on); nothing was changed");
}

void Room::gm_force_advance(GmCall& call) {
    const auto& m = call.m;
    if (!m.key.empty() && services_->server->gm_action_with_key(id(), "force_advance", m.key)) {
        call.done["repeated"] = true;  // idempotent: the same key advances once
        return;
    }
    refuse_unless_open_period(m);
    // Resolves this period even while paused; a paused campaign stays paused after.
    Json details{{"period_index", campaign_.period_index()}};
    if (!m.key.empty()) details["key"] = m.key;
    record_action("force_advance", m.reason, details);
    try_resolve(true, true, "GM force_advance");
}

void Room::gm_rollback(GmCall& call) {
    refuse_unless_open_period(call.m);
    campaign_.roll_back(call.m.to_period, call.m.reason,
                        acting_gm_ ? acting_gm_->account_name : "");
    open_deadline();
    const auto actions = services_->campaigns->gm_actions(id());
    const auto& a = actions.back();
    defer([this] {
        for (auto& peer : live_peers()) peer->joined[id()].announced.clear();
    });
    broadcast_notice(a);
    if (call.m.reopen_orders) {
        // An NMR, or orders given in error, can be put right: the players order again.
        const int reopened = services_->server->reopen_orders(id(), call.m.to_period,
                                                                services_->now_iso());
        record_action("reopen_orders", call.m.reason,
                      {{"period_index", call.m.to_period}, {"orders", reopened}});
        notify_members(
            "orders_reopened:" + std::to_string(call.m.to_period) + "." +
                std::to_string(attempt_of(call.m.to_period)),
            protocol::notification::OrdersReopened{call.m.to_period});
        call.done["orders_reopened"] = reopened;
    }
    schedule_timers();
    // With every played side's orders still confirmed the period goes again at once.
    call.then_resolve = all_confirmed();
}

void Room::gm_edit(GmCall& call) {
    const auto& m = call.m;
    const auto& record = campaign_.record();
    std::string name = record.name;
    Json settings = Json::parse(record.settings);
    for (auto it = m.changes.begin(); it != m.changes.end(); ++it) {
        if (it.key() == "name" && it->is_string() && !it->get<std::string>().empty() &&
            it->get<std::string>().size() <= 200)
            name = it->get<std::string>();
        else if (it.key() == "settings" && it->is_object())
            settings = merged_settings(settings, *it);
        else
            refuse(ErrorCode::invalid_argument,
                   "changes." + it.key() + ": an edit changes \"name\" (text) or "
                   "\"settings\" (an object)");
    }
    if (const auto problem = settings_problem(settings); !problem.empty())
        refuse(ErrorCode::invalid_argument, "changes." + problem);
    services_->server->update_campaign(id(), name, settings.dump(), record.deadline_policy,
                                       record.status);
    reload();
    record_action("edit", m.reason, {{"changes", m.changes}});
    schedule_timers();  // decision_hours moves the deadlines of waiting requests
}

void Room::gm_resolve(GmCall& call) {
    refuse_unless_open_period(call.m);
    try_resolve(false, false, "GM resolve");
}

void Room::gm_answer_for(GmCall& call) {
    const auto& m = call.m;
    const auto unplayed = unplayed_players();
    const auto pending = campaign_.pending_decisions();
    const storage::DecisionRecord* found = nullptr;
    for (const auto& d : pending)
        if (d.decision_id == m.decision) found = &d;
    if (!found) refuse(ErrorCode::unknown_decision, "no pending decision \"" + m.decision + "\"");
    const bool gms = found->player == "gm" ||
                     std::find(unplayed.begin(), unplayed.end(), found->player) != unplayed.end();
    // An absent player's request: the GM may answer it, saying why, and the player is told.
    if (!gms && m.reason.empty())
        refuse(ErrorCode::invalid_argument,
               "decision \"" + m.decision + "\" is " + found->player +
                   "'s, who has a seat: answering for them needs a reason (they are told)");
    campaign_.answer_decision(found->player, m.decision, m.answer);
    record_action("answer_for", m.reason, {{"decision", m.decision}, {"player", found->player}});
    if (!gms)
        notify_members(decision_key("answered_for", found->period_index),
                       protocol::notification::DecisionAnsweredFor{
                           found->period_index, m.decision, found->player, m.answer, m.reason});
    services_->metrics->decisions_answered++;
    call.done["decision"] = m.decision;
    call.then_resolve = campaign_.pending_decisions().empty();
}

}  // namespace umpire::server
