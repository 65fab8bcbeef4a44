// Seats (docs/protocol.md, "GM commands"): invites that expire and can be listed and revoked, and
// removing a member. Every one is audited with the GM who did it; players are not told of seats
// (protocol/notices.hpp). A connection whose seat changed leaves the campaign at once: it must not
// go on receiving the view of a side it no longer plays.
//
// Seats by consent (docs/security.md): an account joins a campaign only by redeeming an invite it
// was given, as a player or an observer (add_gm then makes an observer a co-GM); no GM command
// names an account to seat, and none touches an account's credentials (password resets are the
// administrator's).
#include "server/credentials.hpp"
#include "server/errors.hpp"
#include "server/room.hpp"
#include "server/room_gm_call.hpp"

namespace umpire::server {

using protocol::ErrorCode;

namespace {

bool has_player(const rules::CampaignState& state, const std::string& player) {
    return state.find_player(player) != nullptr;
}

struct Member {
    storage::AccountAuth account;
    storage::MembershipRecord membership;
};

// The named account and its membership here; unknown_account when it has none.
Member member_named(storage::ServerStore& server, const std::string& campaign,
                    const std::string& name) {
    const auto account = server.account_by_name(name);
    const auto membership = account ? server.membership(account->id, campaign) : std::nullopt;
    if (!membership)
        refuse(ErrorCode::unknown_account, "\"" + name + "\" is not a member of this campaign");
    return {*account, *membership};
}

std::string invite_state(const storage::InviteListing& i, const std::string& now) {
    if (i.revoked_at) return "revoked";
    if (i.used_by) return "used";
    if (i.expires_at && *i.expires_at <= now) return "expired";
    return "open";
}

}  // namespace

void Room::gm_invite(GmCall& call) {
    const auto& m = call.m;
    if (m.role != "player" && m.role != "observer")
        refuse(ErrorCode::invalid_argument, "invites are for the role player or observer");
    if (m.role == "player" && !has_player(campaign_.state(), m.player))
        refuse(ErrorCode::unknown_player, "the scenario has no player \"" + m.player + "\"");
    if (m.role == "player")
        if (const auto holder = services_->server->player_account(id(), m.player)) {
            const auto account = services_->server->account_by_id(*holder);
            refuse(ErrorCode::conflict,
                   "\"" + (account ? account->name : std::string("an account")) + "\" plays " +
                       m.player + ": remove them first (a seat is never taken from its holder "
                       "by an invite)");
        }
    const int hours = m.hours > 0 ? m.hours : services_->config.invite_hours;
    const std::string expires_at = iso_utc(services_->scheduler->now() + std::chrono::hours(hours));
    const std::string code = new_code();
    const std::string hash = secret_hash(code);
    services_->server->add_invite({hash, id(), m.role,
                                   m.role == "player" ? std::optional(m.player) : std::nullopt,
                                   services_->now_iso(), expires_at, acting_gm_->account});
    call.done["code"] = code;  // shown once; only its hash is kept
    call.done["invite"] = hash.substr(0, 12);
    call.done["role"] = m.role;
    call.done["player"] = m.player;
    call.done["expires_at"] = expires_at;
    record_action("invite", m.reason,
                  {{"invite", hash.substr(0, 12)},
                   {"role", m.role},
                   {"player", m.player},
                   {"expires_at", expires_at}});
}

void Room::gm_invites(GmCall& call) {
    const std::string now = services_->now_iso();
    Json list = Json::array();
    for (const auto& i : services_->server->invites(id())) {
        Json entry{{"id", i.id},
                   {"role", i.role},
                   {"created_at", i.created_at},
                   {"state", invite_state(i, now)}};
        if (i.player) entry["player"] = *i.player;
        if (i.expires_at) entry["expires_at"] = *i.expires_at;
        if (i.used_by) entry["used_by"] = *i.used_by;
        if (i.used_at) entry["used_at"] = *i.used_at;
        if (i.revoked_at) entry["revoked_at"] = *i.revoked_at;
        list.push_back(std::move(entry));
    }
    call.done["invites"] = std::move(list);
}

void Room::gm_revoke_invite(GmCall& call) {
    const auto& m = call.m;
    if (!services_->server->revoke_invite(id(), m.invite, services_->now_iso()))
        refuse(ErrorCode::invalid_argument,
               "no open invite \"" + m.invite + "\" in this campaign (see the command invites)");
    call.done["invite"] = m.invite;
    record_action("revoke_invite", m.reason, {{"invite", m.invite}});
}

void Room::gm_remove(GmCall& call) {
    const auto& m = call.m;
    auto& server = *services_->server;
    const auto [account, membership] = member_named(server, id(), m.account);
    // Another GM may go (co-GMs); the one giving the command stays, so one always remains.
    if (membership.role == "gm" && account.id == acting_gm_->account)
        refuse(ErrorCode::conflict, "a GM cannot remove themselves");
    server.remove_membership(account.id, id());
    unseat(account.id, "the GM removed you from this campaign");
    call.done["account"] = m.account;
    record_action("remove", m.reason,
                  {{"account", m.account}, {"player", membership.player.value_or("")}});
}

void Room::unseat(std::int64_t account, const std::string& why) {
    auto leave_now = [this, account, why] {
        auto is_theirs = [account](const Peer& peer) { return peer.account == account; };
        send_notice({0, "seat_changed", why, "", services_->now_iso()}, is_theirs);
        for (const auto& peer : live_peers())
            if (is_theirs(*peer)) peer->joined.erase(id());
    };
    if (!defer(leave_now)) leave_now();
}

}  // namespace umpire::server
