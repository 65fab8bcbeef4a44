// Playing a period: orders (draft, submitted, confirmed, each with a receipt), decision answers,
// resolution when every played player has confirmed, and reports and history by period.
#include <spdlog/spdlog.h>

#include "documents/orders_json.hpp"
#include "server/errors.hpp"
#include "server/observability.hpp"
#include "server/room.hpp"
#include "umpire/rules/orders.hpp"

namespace umpire::server {

using protocol::ErrorCode;

namespace {

Json receipt_json(const std::string& campaign, const storage::Receipt& r) {
    Json receipt{{"type", "receipt"},
                 {"campaign", campaign},
                 {"period_index", r.period_index},
                 {"player", r.player},
                 {"state", r.state},
                 {"receipt", r.hash},
                 {"orders", r.orders},
                 {"server_time", r.server_time}};
    if (!r.plan.empty()) receipt["plan"] = r.plan;
    return receipt;
}

std::optional<std::string> due_text(const std::optional<TimePoint>& due) {
    return due ? std::optional<std::string>(iso_utc(*due)) : std::nullopt;
}

void require_player(const Actor& actor) {
    if (!actor.viewer.is_player())
        refuse(ErrorCode::forbidden, "only a player of the campaign gives orders and answers");
}

}  // namespace

bool Room::all_confirmed() const {
    const auto members = services_->server->memberships(id());
    const auto flags = order_flags();
    bool any = false;
    for (const auto& m : members) {
        if (m.role != "player" || !m.player) continue;
        any = true;
        for (const auto& f : flags)
            if (f.player == *m.player && f.state != "confirmed") return false;
    }
    return any;
}

void Room::submit_orders(const Reply& reply, const Actor& actor, const protocol::SubmitOrders& m) {
    require_player(actor);
    refuse_if_ended("orders");
    if (m.period_index != campaign_.period_index() || deadline_passed())
        refuse(ErrorCode::period_closed,
               "period " + std::to_string(m.period_index) +
                   " is not open for orders (the open period is " +
                   std::to_string(campaign_.period_index()) +
                   (deadline_passed() ? ", and its deadline has passed)" : ")"));
    // The umpire-orders/1 reader checks each order's shape; the player is the sender.
    Json orders = m.orders;
    for (auto& o : orders)
        if (!o.contains("player")) o["player"] = actor.viewer.player;
    const auto& cal = campaign_.state().calendar;
    Json doc{{"periods", {{{"day", cal.day}, {"period", rules::to_string(cal.period)},
                           {"orders", orders}}}}};
    rules::Problems problems;
    auto read = rules::read_orders(doc, problems);
    if (!read) {
        auto first = problems.list().front();
        std::string path = first.path;
        const std::string prefix = "$.periods[0].orders";
        if (path.rfind(prefix, 0) == 0) path = "$.orders" + path.substr(prefix.size());
        throw protocol::ProtocolError(ErrorCode::bad_message, path + ": " + first.message, path);
    }
    storage::Receipt receipt;
    try {
        if (m.dry_run) {  // checked and planned, nothing stored
            const auto& given = read->front().orders;
            reply.send({{"type", "orders_preview"},
                        {"campaign", id()},
                        {"period_index", campaign_.period_index()},
                        {"player", actor.viewer.player},
                        {"orders", given.size()},
                        {"plan", campaign_.preview_orders(actor.viewer.player, given)}});
            return;
        }
        receipt = campaign_.submit_orders(actor.viewer.player, read->front().orders,
                                          m.state == "draft" ? storage::SubmissionState::draft
                                                             : storage::SubmissionState::submitted);
    } catch (const storage::StorageError& e) {
        log_storage_error(e, "submit_orders", id());
        throw to_protocol_error(e, ErrorCode::invalid_orders, services_->campaigns->location());
    }
    reply.send(receipt_json(id(), receipt));
    send_views();
}

void Room::confirm_orders(const Reply& reply, const Actor& actor, const protocol::ConfirmOrders& m) {
    require_player(actor);
    refuse_if_ended("orders");
    if (m.period_index != campaign_.period_index() || deadline_passed())
        refuse(ErrorCode::period_closed,
               "period " + std::to_string(m.period_index) + " is not open for orders");
    storage::Receipt receipt;
    try {
        receipt = campaign_.confirm_orders(actor.viewer.player);
    } catch (const storage::StorageError& e) {
        const bool confirmed = std::string(e.what()).find("already confirmed") != std::string::npos;
        if (confirmed) refuse(ErrorCode::conflict, "your orders for this period are already confirmed");
        log_storage_error(e, "confirm_orders", id());
        throw to_protocol_error(e, ErrorCode::invalid_orders, services_->campaigns->location());
    }
    reply.send(receipt_json(id(), receipt));
    send_views();
    if (all_confirmed()) resolve_quietly(false, "all confirmed");
}

void Room::answer(const Reply& reply, const Actor& actor, const protocol::Answer& m) {
    // The GM answers requests asked of "gm" and of players no account plays (answer_for).
    require_player(actor);
    refuse_if_ended("answers");
    try {
        // A request that names an enemy force is answered with its designation (issue 53).
        const auto designations = designation_facts();
        campaign_.answer_decision(
            actor.viewer.player,
            protocol::undesignated(actor.viewer, designations.get(), m.decision).get<std::string>(),
            protocol::undesignated(actor.viewer, designations.get(), m.answer));
    } catch (const storage::StorageError& e) {
        log_storage_error(e, "answer", id());
        throw to_protocol_error(e, ErrorCode::invalid_answer, services_->campaigns->location());
    }
    services_->metrics->decisions_answered++;
    reply.send({{"type", "answer_accepted"}, {"campaign", id()}, {"decision", m.decision},
                {"answer", m.answer}});
    send_views();
    if (campaign_.pending_decisions().empty()) resolve_quietly(false, "decisions answered");
}

void Room::decisions(const Reply& reply, const Actor& actor) {
    const auto view = campaign_view(actor.viewer);
    reply.send({{"type", "decisions"}, {"campaign", id()}, {"decisions", view["decisions"]}});
}

void Room::resolve_quietly(bool settle, const std::string& why) {
    // The sender's own commit is done and acknowledged; a failed resolution is the server's
    // problem (logged), not the sender's, and it is tried again on the next trigger.
    try {
        try_resolve(settle, false, why);
    } catch (const std::exception& e) {
        spdlog::warn("campaign {}: resolution failed, nothing committed: {}", id(), e.what());
    }
}

void Room::try_resolve(bool settle, bool even_if_paused, const std::string& why) {
    if (campaign_.record().status != "active" && !even_if_paused) return;
    const bool inside_a_command = committing_;  // then the command reports storage errors
    const auto started = std::chrono::steady_clock::now();
    const int index = campaign_.period_index();
    const std::string seed_hash = campaign_.seed_hash();
    try {
        in_one_commit("resolution", [&] {
            // Several servers: another may have resolved this period while this one waited for
            // the campaign's lock (in_one_commit then reloaded it): nothing is left to do here.
            if (campaign_.period_index() != index || campaign_.seed_hash() != seed_hash) return;
            const auto missed = players_without_orders();  // before the period moves on
            auto result = std::make_shared<storage::ResolvedPeriod>(campaign_.resolve_period(settle));
            if (!result->complete) {
                for (const auto& d : result->pending)
                    // Its attempt too: a decision asked again after a rollback has the same
                    // id, and must be announced again (not the campaign-wide decision number,
                    // which counts other players' requests: issue 53).
                    notify_members(
                        decision_key("decision", d.period_index),
                        protocol::notification::DecisionNeeded{
                            d.period_index, d.decision_id, d.player, due_text(decision_due(d))});
                send_views();
                schedule_timers();  // the window's requests may have deadlines of their own
                log_event(spdlog::level::info,
                          {{"event", "period_waits"}, {"campaign", id()},
                           {"period_index", campaign_.period_index()}, {"why", why},
                           {"pending_decisions", result->pending.size()}},
                          fmt::format("campaign {}: period {} waits for {} decision(s) ({})", id(),
                                      campaign_.period_index(), result->pending.size(), why));
                return;
            }
            open_deadline();
            record_missed_orders(result->index, result->attempt, missed);
            notify_resolved(result->index, result->attempt);
            defer([this, result, why, started] {
                services_->metrics->periods_resolved++;
                services_->metrics->resolution_seconds.observe(seconds_since(started));
                log_event(spdlog::level::info,
                          {{"event", "period_resolved"}, {"campaign", id()},
                           {"period_index", result->index}, {"attempt", result->attempt},
                           {"why", why}, {"next_period_index", campaign_.period_index()}},
                          fmt::format("campaign {}: period {} (attempt {}) resolved: {}", id(),
                                      result->index, result->attempt, why));
                broadcast_resolved(*result);
            });
            send_views();
            schedule_timers();
        });
    } catch (const storage::StorageError& e) {
        if (inside_a_command) throw;
        // Nothing was committed; the period stays as it was and can be resolved again.
        throw to_protocol_error(e, ErrorCode::conflict, services_->campaigns->location());
    }
}

void Room::report(const Reply& reply, const Actor& actor, const protocol::GetReport& m) {
    auto message = report_for(actor.viewer, m.period_index);
    if (!message)
        refuse(ErrorCode::unknown_period,
               "period " + std::to_string(m.period_index) + " has not been resolved");
    reply.send(std::move(*message));
}

void Room::history(const Reply& reply, const Actor& actor) {
    // The list of periods is public; their events go through get_report.
    std::vector<protocol::PeriodListing> periods;
    for (const auto& p : services_->campaigns->periods(id()))
        periods.push_back({p.index, p.attempt, p.day, p.kind, p.seed_hash, p.committed_at,
                           p.rolled_back_by.has_value()});
    reply.send(protocol::project(actor.viewer, facts(), periods, gm_actions()));
}

}  // namespace umpire::server
