#pragma once
// The one projection (DESIGN habit 6, RULEBOOK, docs/protocol.md "One projection").
// Everything the server tells a viewer about a campaign is made by an overload of `project`:
// the view of the campaign, decision requests, resolved periods and their reports, notices,
// battle companions, lobby entries, the history, and the turn report a webhook or an e-mail
// carries. Each takes the viewer and facts the server holds unprojected (read from storage as
// they are) and returns the whole message for that viewer, or nullopt when there is nothing
// for it. The server's rooms read the facts, call `project` and route what it returns; which
// viewer may see what is decided here and in the parts this file is made of (projection.hpp,
// notices.hpp, companion_projection.hpp, dice_proofs.hpp, report_text.hpp), which the server
// does not call (a test scans it).
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "protocol/companion_projection.hpp"
#include "protocol/designations.hpp"
#include "protocol/errors.hpp"
#include "protocol/notices.hpp"
#include "protocol/project_notification.hpp"
#include "protocol/viewer.hpp"
#include "umpire/rules/world.hpp"

namespace umpire::protocol {

// What every projection of one campaign reads. The references outlive the call.
struct CampaignFacts {
    const std::string& id;
    const rules::CampaignState& state;  // as of the last commit
    Visibility visibility;
    int period_index = 0;               // the open period
    std::vector<std::string> unplayed;  // players no account plays: the GM answers for them
    // What each viewer's designations of enemy forces are made of (designations.hpp); none:
    // real ids (tests of single messages).
    std::shared_ptr<const DesignationFacts> designations = nullptr;
};

// A decision request as the engine asked it, with the deadline it must be answered by.
struct DecisionFacts {
    std::string player;  // whom it is asked of ("gm" for the GM)
    rules::Json request;
};

// One player's orders for the open period, as stored.
struct OrdersFacts {
    std::string player, state, receipt, updated_at;
    std::string orders;  // JSON array
};

// What the view of the campaign is made of, beyond the state.
struct ViewFacts {
    std::string name = {}, status = {}, time_zone = {}, seed_hash = {};
    std::optional<std::string> deadline = {};  // the open period's, ISO UTC
    std::vector<OrdersFacts> orders = {};
    std::vector<DecisionFacts> pending = {};
    std::vector<GmAction> actions = {};  // the audit, oldest first
};

// A resolved period: its record and events as stored, and who missed its orders.
struct PeriodFacts {
    int index = 0, attempt = 0, day = 1;
    std::string kind = {}, seed_hash = {}, committed_at = {};  // kind, committed_at: reports'
    std::string seed = {}, dice_key = {};  // sealed: only what dice_proofs.hpp allows is shown
    int scheme = 2;
    const std::vector<rules::Json>& events;
    std::vector<std::string> missed = {};
};

enum class PeriodMessage {
    resolved,  // "period_resolved", pushed as the period commits
    report,    // "report", the answer to get_report
};

// The period_resolved notification of an account's webhook or e-mail: the turn's report as
// text, made of that account's own report and view.
struct TurnReportFacts {
    int period_index = 0;
    const PeriodFacts* period = nullptr;  // null when the period was rolled back meanwhile
    const ViewFacts& view;
};

// One period of the history list (public: its events go through get_report).
struct PeriodListing {
    int index = 0, attempt = 0, day = 1;
    std::string kind, seed_hash, committed_at;
    bool rolled_back = false;
};

// Who missed a live period attempt's orders, for the lobby's counts.
struct MissedAttempt {
    std::vector<std::string> players;
};

struct LobbyFacts {
    std::string name, status;
    std::vector<MissedAttempt> missed;
};

// A press message as stored (storage's PressRecord, without the campaign).
struct PressFacts {
    int no = 0, period_index = 0, channel_no = 0;
    std::string sender;                   // a scenario player, or "gm"
    std::vector<std::string> recipients;  // "all", "gm", players; sorted
    bool gm_reads = false;                // the GMs may read it (the setting when it was sent)
    std::string body, sent_at;
};

enum class PressList {
    newest,     // the newest the viewer may read (get_press without a period)
    of_period,  // those of one period
};

// The "view" of a snapshot (its deltas are diffs of two of these).
rules::Json project(const Viewer& viewer, const CampaignFacts& campaign, const ViewFacts& view);

// A view as one connection holds it: the projection above, and the number of snapshots and
// deltas it has been sent (1 for the snapshot).
struct HeldView {
    const rules::Json& view;
    int version = 1;
    std::string viewing_as = {};  // a GM previewing a player's view: that player
};

// "snapshot": the whole view, as a join answers it.
rules::Json project(const Viewer& viewer, const CampaignFacts& campaign, const HeldView& held);

// "view_delta": the JSON Patch from the view a connection holds (`held.version`) to `next`, the
// view projected for the same viewer now; nullopt when nothing the viewer sees changed.
std::optional<rules::Json> project(const Viewer& viewer, const CampaignFacts& campaign,
                                   const HeldView& held, const rules::Json& next);

// What a client is told of a request that failed: the code, the message (the server's own file
// paths already taken out), and the request's "id" (null when it had none or was not JSON).
struct ErrorFacts {
    const ProtocolError& error;
    std::string message;
    rules::Json re = nullptr;
};

// "error": to anyone, logged in or not. It tells of the request it answers and of nothing else:
// handlers give one code for "no such thing" and "not yours" (unknown_campaign, …).
rules::Json project(const ErrorFacts& error);

// "decision_request", for the viewer who answers it.
std::optional<rules::Json> project(const Viewer& viewer, const CampaignFacts& campaign,
                                   const DecisionFacts& decision);

// "period_resolved" or "report".
rules::Json project(const Viewer& viewer, const CampaignFacts& campaign, const PeriodFacts& period,
                    PeriodMessage kind);

// "period_resolved" for a webhook or e-mail, with "report_text".
rules::Json project(const Viewer& viewer, const CampaignFacts& campaign,
                    const TurnReportFacts& report);

// "notice", for a viewer who is told of the action, numbered among the notices of `audit` (the
// audit up to the action at least) this viewer is shown. A notice not kept in the audit (a seat
// changed, the campaign deleted) has `no` 0.
std::optional<rules::Json> project(const Viewer& viewer, const CampaignFacts& campaign,
                                   const GmAction& action, const std::vector<GmAction>& audit);

// "battle_companion", for a viewer with a seat at the battle.
std::optional<rules::Json> project(const Viewer& viewer, const CampaignFacts& campaign,
                                   const CompanionSnapshot& companion);

// "history": the periods and the notices the viewer may read.
rules::Json project(const Viewer& viewer, const CampaignFacts& campaign,
                    const std::vector<PeriodListing>& periods,
                    const std::vector<GmAction>& actions);

// "press": one message, pushed to a viewer who may read it (its sender, its recipients, the
// GMs when the campaign lets them read all press, observers when it is to all).
std::optional<rules::Json> project(const Viewer& viewer, const CampaignFacts& campaign,
                                   const PressFacts& message);

// A press message's id: its period, sender, recipients, whether the GMs read it, and its number
// among the messages of that one channel in that period. Whoever may read one message of a
// channel may read them all, so the id (and a notification key made of it) never counts a
// message its reader may not read.
std::string press_id(const PressFacts& message);

// "press_list": the messages of `press` (by number) the viewer may read, of period
// `period_index` or the newest ones.
rules::Json project(const Viewer& viewer, const CampaignFacts& campaign,
                    const std::vector<PressFacts>& press, PressList which, int period_index);

// A notification for the webhook or e-mail of an account that is `viewer` in the campaign:
// the payload it is told, or nullopt when it is not told (a decision not its to answer,
// another player's missed orders, a world edit of none of its forces, …).
std::optional<rules::Json> project(const Viewer& viewer, const CampaignFacts& campaign,
                                   const NotificationFacts& notification);

// A campaign list's entry.
rules::Json project(const Viewer& viewer, const CampaignFacts& campaign, const LobbyFacts& lobby);

}  // namespace umpire::protocol
