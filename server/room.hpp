#pragma once
// One campaign on the server: its Campaign (state as of the last commit), the connections that
// joined it, and its deadline timer. A Room is touched only on the I/O thread, so engine and
// storage calls need no locks. Every handler checks the sender's membership afresh, commits
// first, and only then sends — each viewer its own projection (protocol::project, which makes
// every message about the campaign; the room reads the facts and routes).
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/messages.hpp"
#include "protocol/project.hpp"
#include "server/peer.hpp"
#include "server/services.hpp"
#include "storage/campaign_service.hpp"

namespace umpire::server {

using Json = rules::Json;
struct LoadedCompanion;

// Who sent a message: the account and its membership in this campaign.
struct Actor {
    std::int64_t account = 0;
    std::string account_name;
    protocol::Viewer viewer;
};

// Replies to the sender of the message being handled, echoing its "id" as "re".
struct Reply {
    std::shared_ptr<Peer> peer;
    Json re;
    void send(Json message) const;
};

class Room {
public:
    // `shown`: the campaign's mark, read in the same transaction as `campaign` (none: the first
    // command reloads the campaign to be sure it is the one the mark names).
    Room(Services& services, storage::Campaign campaign,
         std::optional<storage::CampaignMark> shown = std::nullopt);

    const std::string& id() const { return campaign_.id(); }
    const storage::Campaign& campaign() const { return campaign_; }
    protocol::Visibility visibility() const;

    // The sender's role here, read from storage on every message; unknown_campaign if none.
    Actor actor(std::int64_t account, const std::string& account_name) const;

    // Lobby entry for a campaign list.
    Json summary(const Actor& actor) const;

    // Join: the full snapshot of the viewer's view, its pending decisions, and later deltas.
    // A GM may join `as_player`: shown what that player is shown (the snapshot says
    // "viewing_as"), while what it sends still acts as the GM.
    void join(const Reply& reply, const Actor& actor, const std::string& as_player = "");
    void leave(Peer& peer);

    void submit_orders(const Reply& reply, const Actor& actor, const protocol::SubmitOrders& m);
    void confirm_orders(const Reply& reply, const Actor& actor, const protocol::ConfirmOrders& m);
    void answer(const Reply& reply, const Actor& actor, const protocol::Answer& m);
    void decisions(const Reply& reply, const Actor& actor);
    void report(const Reply& reply, const Actor& actor, const protocol::GetReport& m);
    void history(const Reply& reply, const Actor& actor);
    // The report of resolved period `period_index` as `viewer` may see it (room_reports.cpp);
    // nullopt when it has not been resolved.
    std::optional<Json> report_for(const protocol::Viewer& viewer, int period_index) const;
    // Webhooks (room_webhooks.cpp): set or remove the sender's own, read its delivery log.
    void set_webhook(const Reply& reply, const Actor& actor, const protocol::SetWebhook& m);
    void webhook_deliveries(const Reply& reply, const Actor& actor);
    void gm(const Reply& reply, const Actor& actor, const protocol::GmCommand& m);
    // The battle companion (room_battles.cpp): only the battle's two sides and the GM.
    void battle_action(const Reply& reply, const Actor& actor, const protocol::BattleAction& m);
    void get_battle(const Reply& reply, const Actor& actor, const protocol::GetBattle& m);
    // Press (room_press.cpp): messages from a player or a GM, kept with the open period, pushed
    // to whoever may read them; and the list the sender may read.
    void send_press(const Reply& reply, const Actor& actor, const protocol::SendPress& m);
    void press(const Reply& reply, const Actor& actor, const protocol::GetPress& m);

    // Startup: a deadline missed while the server was down is extended, not resolved; then
    // the timers are set.
    void start();
    // The GM deleted the campaign (room_delete.cpp): the hub retires the room.
    bool deleted() const { return deleted_; }

    // Several servers on one database (room_catch_up.cpp, issue 33). Another server may have
    // committed to this campaign: when the database's mark of it is not the one this room last
    // showed, the room reloads it and pushes what is new to its joined connections (resolved
    // periods, GM notices, press, view deltas), drops connections whose seat changed, and sets
    // its timers again. `announced`: PostgreSQL said it changed (change_listener.hpp), so the
    // views are sent even when the mark did not move (orders, answers, deadlines are read as
    // they are). False when the campaign is gone: the room is retired.
    bool catch_up(bool announced = false);

private:
    // Facts and broadcasting (room_views.cpp): what protocol::project is given, read from
    // storage as it is, and the routing of what it returns.
    protocol::CampaignFacts facts() const;
    protocol::ViewFacts view_facts() const;
    std::vector<protocol::GmAction> gm_actions() const;
    // What each viewer's designations of enemy forces are made of (protocol/designations.hpp),
    // read again when a period, a request or the forces changed (room_designations.cpp).
    std::shared_ptr<const protocol::DesignationFacts> designation_facts() const;
    std::string battle_id(const Actor& actor, const std::string& shown) const;
    Json campaign_view(const protocol::Viewer& viewer) const;  // the projected view
    void send_views();  // a delta to every joined connection whose view changed
    void announce_decisions();
    void broadcast_resolved(const storage::ResolvedPeriod& period);
    // The action's notice to every joined connection that may see it (protocol::project).
    void broadcast_notice(const storage::GmActionRecord& action);
    // The notice to the joined connections `to` picks that may see it.
    void send_notice(const protocol::GmAction& action, const std::function<bool(const Peer&)>& to);
    // To each joined connection `to` picks, the message `project` makes for its viewer (made
    // once per distinct viewer; nullopt: nothing for that viewer).
    // `as_account`: a GM's preview connection (join as_player) gets it as the GM's, not as
    // the player's it is viewing (press: the GM does not read a player's mail by previewing).
    using Projector =
        std::function<std::optional<Json>(const protocol::Viewer&, const protocol::CampaignFacts&)>;
    void send_projected(const Projector& project, const std::function<bool(const Peer&)>& to,
                        bool as_account = false);
    std::vector<std::shared_ptr<Peer>> live_peers();
    std::vector<std::string> unplayed_players() const;
    // Each scenario player's orders state ("none", "draft", "submitted", "confirmed"), for the
    // server's own checks; what a viewer is shown of them is the projection's.
    struct OrderFlag {
        std::string player, state;
    };
    std::vector<OrderFlag> order_flags() const;

    // One command, one commit (room_commits.cpp): runs `body` inside one transaction (or inside
    // the command already running), then what it deferred. On failure nothing is committed,
    // the campaign is reloaded from storage and the exception goes on; `what` names the
    // command in the log.
    void in_one_commit(std::string_view what, const std::function<void()>& body);
    // Queues `effect` (a broadcast, a timer, a webhook send) until the running command commits:
    // true if queued, false if no command is running (the caller does it now).
    bool defer(std::function<void()> effect);
    void undo_in_memory(bool wrote);  // after a failed command: reload if it wrote

    // What the room's connections were last shown (room_catch_up.cpp): the campaign's mark in
    // the database and its open period then.
    struct Shown {
        storage::CampaignMark mark;
        int period_index = 0;
        bool known = false;  // false: nothing shown yet, so nothing to push as new
    };
    // At a command's start, inside its transaction: locks the campaign's row (one command of a
    // campaign at a time, whichever server runs it) and reloads the campaign if another server
    // moved it on, so that no command acts on what it read before that commit.
    void hold_fresh_campaign();
    // Pushes what changed between `from` and `to` (the database's mark now): nothing past `to`,
    // so a later catch-up pushes the rest once.
    void push_news(const Shown& from, const storage::CampaignMark& to);
    void push_resolved(int period_index);  // period_resolved, from the period as stored
    void push_press(const storage::PressRecord& record);
    // Joined connections whose account's seat no longer gives them their view leave.
    void recheck_seats();
    // The campaign's rows are gone (deleted here or elsewhere): timers stop, connections leave.
    void retire(const std::string& reason);

    // Resolution (room_play.cpp): resolves when every played player has confirmed (or at the
    // deadline with `settle`, or on the GM's word, `even_if_paused` for force_advance), and
    // announces what happened. One commit: the period, the next deadline, the notifications.
    // `why` is for the log: "all confirmed", "deadline", "GM force_advance"…
    void try_resolve(bool settle, bool even_if_paused, const std::string& why);
    void resolve_quietly(bool settle, const std::string& why);  // after the sender's own commit: errors are logged
    bool all_confirmed() const;

    // Missed orders (room_missed_orders.cpp): a played player with no submitted orders when
    // its period resolves is recorded (an audit row of kind missed_orders), told what was done
    // for it, the GM too, and counted; reports mark it for those who may know (the projection).
    std::vector<std::string> players_without_orders() const;
    void record_missed_orders(int index, int attempt, const std::vector<std::string>& players);
    std::vector<std::string> missed_orders(int index, int attempt) const;
    // The missed orders of live attempts, for lobby entries (counted by the projection).
    std::vector<protocol::MissedAttempt> missed_attempts() const;

    // Deadlines and notifications (room_deadlines.cpp).
    void open_deadline();  // for the period just opened, by the policy
    void schedule_timers();
    void on_deadline();
    void on_deadline_warning();
    std::optional<storage::DeadlineRecord> current_deadline() const;
    bool deadline_passed() const;
    void notify(std::int64_t account, const std::string& key, const Json& payload);
    // To each member `to` picks (all by default) with a webhook, what protocol::project says
    // its viewer is told of `what` (nothing, for many).
    void notify_members(const std::string& key, const protocol::NotificationFacts& what,
                        const std::function<bool(const storage::MembershipRecord&)>& to = {});
    // The same with the payload each viewer's projection makes (press: project(PressFacts)).
    void notify_members(const std::string& key, const Projector& project,
                        const std::function<bool(const storage::MembershipRecord&)>& to = {});
    // The same with a key of each viewer's own, made from its viewer and the payload projected
    // for it (issue 53: a key counts only what its viewer may see, such as its own number of a
    // notice, and names an enemy force only by its designation, as the payload does).
    using KeyOf = std::function<std::string(const protocol::Viewer&, const Json& payload)>;
    void notify_members(const KeyOf& key_of, const protocol::NotificationFacts& what,
                        const std::function<bool(const storage::MembershipRecord&)>& to = {});
    void notify_members(const KeyOf& key_of, const Projector& project,
                        const std::function<bool(const storage::MembershipRecord&)>& to = {});
    // The attempt the open period `index` is resolved under (0, or more after rollbacks): in a
    // notification's key where a rollback may ask the same thing again. Every viewer knows it
    // (the history lists attempts); a campaign-wide count of decisions or actions would tell
    // what others were asked or done.
    int attempt_of(int index) const;
    // `<kind>:<period>:<the decision's id as the payload gives it>:<attempt>`.
    KeyOf decision_key(const std::string& kind, int period_index) const;
    static protocol::Viewer viewer_of(const storage::MembershipRecord& m);

    // Decision deadlines (room_decision_deadlines.cpp): with the setting decision_hours a
    // request lapses that long after it was asked, and the period resolves on without it.
    std::optional<TimePoint> own_decision_due(const storage::DecisionRecord& d) const;
    // When the request must be answered by: its own deadline or the period's, the earlier.
    std::optional<TimePoint> decision_due(const storage::DecisionRecord& d) const;
    // The request as the projection is given it: the engine's request with its `deadline`.
    protocol::DecisionFacts decision_facts(const storage::DecisionRecord& d) const;
    void schedule_decision_timer();
    void on_decision_deadline();
    // period_resolved to each player and GM with a webhook, with its turn report as text.
    void notify_resolved(int index, int attempt);
    // A resolved period read once (room_reports.cpp), for the projection of its reports.
    struct PeriodForReports;
    std::optional<PeriodForReports> period_for_reports(int period_index) const;
    // Queues each due undelivered notification of this campaign (room_webhooks.cpp); results
    // are logged, failures retried with back-off, up to webhook_attempts.
    void pump_webhooks();
    void on_webhook_result(const storage::NotificationRecord& n, const std::string& delivery_id,
                           const std::string& url, const WebhookResult& result);
    void schedule_webhook_pump(bool queue_full);
    // Claims the notification for this server to send (several servers: one sends each).
    bool claim(const storage::NotificationRecord& n, TimePoint now);
    void release(const storage::NotificationRecord& n);  // claimed, but the queue was full

    // Battle companions (room_battles.cpp): each viewer's battle_companion message (projected;
    // nullopt without a seat at the battle), and the push to the other joined connections after
    // a commit.
    std::optional<Json> companion_message(const protocol::Viewer& viewer,
                                          const LoadedCompanion& companion) const;
    void broadcast_companion(const LoadedCompanion& companion, const Peer* sender);

    // GM commands (room_gm.cpp): a table of handlers, each run inside one commit.
    struct GmCall;
    // Seats (room_seats.cpp): invites, assignments, removals, password reset codes.
    void gm_invite(GmCall& call);
    void gm_invites(GmCall& call);
    void gm_revoke_invite(GmCall& call);
    void gm_remove(GmCall& call);
    // After the commit: the account's live connections leave the campaign (its seat changed).
    void unseat(std::int64_t account, const std::string& why);
    void gm_set_deadline(GmCall& call);
    void gm_pause_or_resume(GmCall& call);
    void gm_extend(GmCall& call);
    // force_advance, resolve, rollback name the open period they mean: period_closed otherwise.
    void refuse_unless_open_period(const protocol::GmCommand& m) const;
    void gm_force_advance(GmCall& call);
    void gm_rollback(GmCall& call);
    void gm_edit(GmCall& call);
    void gm_resolve(GmCall& call);
    void gm_answer_for(GmCall& call);
    // The end and the GMs (room_campaign_end.cpp).
    void gm_end(GmCall& call);
    // Forces and the world (room_world_edits.cpp).
    void gm_edit_world(GmCall& call);
    // Deleting an ended campaign, its archive kept (room_delete.cpp).
    void gm_delete(GmCall& call);
    void gm_add_gm(GmCall& call);
    void gm_archive(GmCall& call);
    bool ended() const;
    // Refuses (conflict) when the campaign has ended; `what` names what is no longer taken.
    void refuse_if_ended(std::string_view what) const;
    static bool allowed_after_end(const std::string& command);
    // Records a GM action with the GM who did it (`acting_gm_`) for the audit, and broadcasts
    // it to whoever may see it (protocol::project).
    void record_action(const std::string& kind, const std::string& reason, const Json& details);
    void reload();  // after an edit of the campaign record

    Services* services_;
    storage::Campaign campaign_;
    mutable std::shared_ptr<const protocol::DesignationFacts> designations_;
    mutable std::string designations_key_;
    std::vector<std::weak_ptr<Peer>> peers_;
    std::set<std::string> in_flight_;  // notifications posted, answer not back yet
    std::map<std::string, TimePoint> retry_at_;  // failed notifications: not before then
    bool pumping_ = false, pump_again_ = false;  // a result during a pump: pump once more
    bool committing_ = false;                      // a command's transaction is open
    bool deleted_ = false;              // its rows are gone: timers and webhook answers do nothing
    Shown shown_;
    const Actor* acting_gm_ = nullptr;  // the GM whose command is running (none otherwise)
    std::vector<std::function<void()>> after_commit_;  // its effects, in order (defer)
};

}  // namespace umpire::server
