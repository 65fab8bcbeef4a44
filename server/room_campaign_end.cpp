// The end of a campaign, its archive, and the GMs who run it (issue 30). `end` finishes the
// campaign: no more deadlines, orders, answers or battle actions; its history and reports stay
// readable by its members, and its GM may still rename it, manage seats and read invites. A co-GM
// joins by redeeming an invite for the role gm, with every right of the GM; a GM may remove another
// GM but never themselves, so a campaign is never left without one.
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
    for (const char* c : {"invites", "revoke_invite", "remove", "edit", "archive", "delete"})
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

}  // namespace umpire::server
