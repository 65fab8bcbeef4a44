// A Room's identity and membership checks; its handlers are in room_play.cpp (orders,
// decisions, reports), room_gm.cpp (GM commands) and room_deadlines.cpp (timers, webhooks).
#include "server/room.hpp"

#include "server/errors.hpp"

namespace umpire::server {

using protocol::ErrorCode;
using protocol::Viewer;

Room::Room(Services& services, storage::Campaign campaign,
           std::optional<storage::CampaignMark> shown)
    : services_(&services), campaign_(std::move(campaign)) {
    if (shown) shown_ = {*shown, campaign_.period_index(), true};
}

protocol::Visibility Room::visibility() const {
    return protocol::visibility_from_settings(
        Json::parse(campaign_.record().settings, nullptr, false));
}

Actor Room::actor(std::int64_t account, const std::string& account_name) const {
    const auto m = services_->server->membership(account, id());
    // One answer for "no such campaign" and "not yours": nobody probes for campaigns.
    if (!m) refuse(ErrorCode::unknown_campaign, "no campaign \"" + id() + "\" for you");
    Actor a{account, account_name, Viewer::observer()};
    if (m->role == "gm") a.viewer = Viewer::gm();
    if (m->role == "player") a.viewer = Viewer::of_player(m->player.value_or(""));
    return a;
}

Json Room::summary(const Actor& actor) const {
    return protocol::project(actor.viewer, facts(),
                             protocol::LobbyFacts{campaign_.record().name,
                                                  campaign_.record().status, missed_attempts()});
}

}  // namespace umpire::server
