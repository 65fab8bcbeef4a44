// Seats (docs/protocol.md, "GM commands"): invites that expire and can be listed and revoked,
// assigning a player's seat to an account (replacing whoever held it), removing a member, and
// password reset codes for a campaign's members. Every one is audited with the GM who did it;
// players are not told of seats (protocol/notices.hpp). A connection whose seat changed leaves the
// campaign at once: it must not go on receiving the view of a side it no longer plays.
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

void Room::gm_assign(GmCall& call) {
    const auto& m = call.m;
    auto& server = *services_->server;
    const auto account = server.account_by_name(m.account);
    if (!account) refuse(ErrorCode::unknown_account, "no account \"" + m.account + "\"");
    if (!has_player(campaign_.state(), m.player))
        refuse(ErrorCode::unknown_player, "the scenario has no player \"" + m.player + "\"");
    const auto current = server.membership(account->id, id());
    if (current && current->role == "gm") refuse(ErrorCode::conflict, "the GM cannot also play");
    if (current && current->player == m.player) {
        call.done["account"] = m.account;
        call.done["player"] = m.player;
        return;  // already so: nothing to change or audit
    }
    // The seat's last holder gives it up; the new one inherits the side (its history, orders
    // and standing instructions are the side's, not the account's).
    Json details{{"account", m.account}, {"player", m.player}};
    if (const auto holder = server.player_account(id(), m.player)) {
        const auto replaced = server.account_by_id(*holder);
        server.remove_membership(*holder, id());
        unseat(*holder, "the GM gave your seat as " + m.player + " to another account");
        details["replaced"] = replaced ? replaced->name : "";
        call.done["replaced"] = details["replaced"];
    }
    server.put_membership({account->id, id(), "player", m.player});
    if (current) unseat(account->id, "the GM made you player " + m.player);
    call.done["account"] = m.account;
    call.done["player"] = m.player;
    record_action("assign", m.reason, details);
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

// A GM may reset the password of a member of their campaign, never of an administrator or of
// another GM: a reset code takes over an account, and a GM's reach ends at their campaign.
void Room::gm_reset_code(GmCall& call) {
    const auto& m = call.m;
    auto& server = *services_->server;
    const auto account = member_named(server, id(), m.account).account;
    bool gm_somewhere = account.admin;
    for (const auto& other : server.memberships_of_account(account.id))
        gm_somewhere = gm_somewhere || other.role == "gm";
    if (gm_somewhere)
        refuse(ErrorCode::forbidden,
               "\"" + m.account +
                   "\" is an administrator or a GM: only an administrator resets "
                   "that password (umpire-server admin reset-code)");
    const std::string code = new_code();
    const std::string expires_at = iso_utc(services_->scheduler->now() +
                                           std::chrono::hours(services_->config.reset_code_hours));
    server.add_password_reset({secret_hash(code), account.id,
                               "gm " + acting_gm_->account_name + " of " + id(),
                               services_->now_iso(), expires_at});
    call.done["code"] = code;  // shown once; only its hash is kept
    call.done["account"] = m.account;
    call.done["expires_at"] = expires_at;
    record_action("reset_code", m.reason, {{"account", m.account}, {"expires_at", expires_at}});
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
