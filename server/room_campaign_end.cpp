// The end of a campaign, its archive, and the GMs who run it (issue 30). `end` finishes the
// campaign: no more deadlines, orders, answers or battle actions; its history and reports stay
// readable by its members, and its GM may still rename it, manage seats and read invites. `add_gm`
// makes an observer of the campaign (who joined by their own invite) a co-GM, with every right of
// the GM; a GM may remove another GM but never themselves, so a campaign always has one.
#include "server/errors.hpp"
#include "server/room.hpp"
#include "server/room_gm_call.hpp"
#include "storage/archive.hpp"

namespace umpire::server {

using protocol::ErrorCode;

// The whole campaign as an umpire-archive/1 document (storage/archive.hpp): every secret of
// every side, which a GM sees anyway. Audited: who took a copy, and why.
void Room::gm_archive(GmCall& call) {
    call.done["archive"] = storage::archive_to_json(services_->campaigns->read_archive(id()));
    record_action("archive", call.m.reason, {{"period_index", campaign_.period_index()}});
}

bool Room::ended() const { return campaign_.record().status == "finished"; }

void Room::refuse_if_ended(std::string_view what) const {
    if (ended())
        refuse(ErrorCode::conflict,
               "the campaign has ended: no more " + std::string(what) + " (its history stays)");
}

bool Room::allowed_after_end(const std::string& command) {
    for (const char* c : {"invites", "revoke_invite", "remove", "edit", "add_gm", "archive", "delete"})
        if (command == c) return true;
    return false;
}

void Room::gm_end(GmCall& call) {
    const auto& record = campaign_.record();
    services_->server->update_campaign(id(), record.name, record.settings, record.deadline_policy,
                                       "finished");
    if (auto d = current_deadline()) {  // an ended campaign has no deadline to wait for
        d->due_at.reset();
        d->paused_remaining_ms.reset();
        services_->server->put_deadline(*d);
    }
    reload();
    record_action("end", call.m.reason, {{"period_index", campaign_.period_index()}});
    notify_members("ended:" + id(), protocol::notification::CampaignEnded{call.m.reason});
    schedule_timers();  // cancels them: the campaign is no longer active
}

// Seats by consent (issue 53): only an account that joined this campaign by its own invite, as
// an observer, is made a co-GM; add_gm joins nobody to a campaign.
void Room::gm_add_gm(GmCall& call) {
    const auto& m = call.m;
    auto& server = *services_->server;
    const auto account = server.account_by_name(m.account);
    const auto current = account ? server.membership(account->id, id()) : std::nullopt;
    if (!current)
        refuse(ErrorCode::unknown_account,
               "\"" + m.account + "\" is not a member of this campaign: invite them as an observer; "
               "once they have redeemed it, add_gm makes them a co-GM");
    if (current->role == "gm") {
        call.done["account"] = m.account;
        return;  // already a GM: nothing to change or audit
    }
    // A GM sees every side: a player who became one would keep playing with the enemy's secrets.
    if (current->role == "player")
        refuse(ErrorCode::conflict, "\"" + m.account + "\" plays " + current->player.value_or("") +
                                        " here; remove them from the seat first");
    server.put_membership({account->id, id(), "gm", std::nullopt});
    unseat(account->id, "the GM made you a GM of this campaign");
    call.done["account"] = m.account;
    record_action("add_gm", m.reason, {{"account", m.account}});
}

}  // namespace umpire::server
