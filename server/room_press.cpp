// Press (docs/protocol.md, "Press"): a player or a GM writes to everyone, to the GMs or to
// players; the message is kept with the open period and pushed, as protocol::project makes it,
// to each joined connection whose viewer may read it. Who may write to whom is checked here;
// who may read what is the projection's.
#include <set>

#include "server/errors.hpp"
#include "server/room.hpp"

namespace umpire::server {

using protocol::ErrorCode;

namespace {

// Messages one sender may write in one period: far more than a table's diplomacy needs, few
// enough that a flood cannot fill the disk.
constexpr int kPressPerSenderPeriod = 200;

protocol::PressFacts press_facts_of(const storage::PressRecord& r) {
    return {r.no,         r.period_index, r.channel_no, r.sender,
            r.recipients, r.gm_reads,     r.body,       r.sent_at};
}

}  // namespace

void Room::send_press(const Reply& reply, const Actor& actor, const protocol::SendPress& m) {
    const protocol::Viewer& viewer = actor.viewer;
    if (!viewer.is_gm() && !viewer.is_player())
        refuse(ErrorCode::forbidden, "observers read press; the players and the GMs write it");
    const std::string sender = viewer.is_gm() ? "gm" : viewer.player;
    const std::set<std::string> to(m.to.begin(), m.to.end());
    for (const auto& name : to)
        if (name != "all" && name != "gm" && !campaign_.state().find_player(name))
            refuse(ErrorCode::unknown_player, "the scenario has no player \"" + name + "\"");
    if (to.count(sender))
        refuse(ErrorCode::invalid_argument, "a message to yourself: name the others");
    const protocol::Visibility visibility = this->visibility();
    if (visibility.press == protocol::Visibility::Press::off && !viewer.is_gm() &&
        to != std::set<std::string>{"gm"})
        refuse(ErrorCode::forbidden,
               "the GM has turned press between players off: write to \"gm\" only");
    storage::PressRecord record;
    record.campaign_id = id();
    record.period_index = campaign_.period_index();
    record.sender = sender;
    record.recipients.assign(to.begin(), to.end());
    record.gm_reads = visibility.press == protocol::Visibility::Press::gm_reads;
    record.body = m.text;
    record.sent_at = services_->now_iso();
    // The message and its webhook and e-mail copies are one commit: a crash or a full disk
    // keeps both or neither. Pushes wait until it is kept.
    const auto readers = [&](const protocol::Viewer& v, const protocol::CampaignFacts& campaign) {
        return protocol::project(v, campaign, press_facts_of(record));
    };
    try {
        in_one_commit("send_press", [&] {
            record = services_->campaigns->add_press(record, kPressPerSenderPeriod);
            // Webhooks and e-mail: whoever may read it, but its writer.
            notify_members(
                "press:" + protocol::press_id(press_facts_of(record)), readers,
                [&](const storage::MembershipRecord& m) { return m.account_id != actor.account; });
        });
    } catch (const storage::StorageError& e) {
        throw to_protocol_error(e, ErrorCode::invalid_argument, services_->campaigns->location());
    }
    reply.send({{"type", "press_sent"}, {"campaign", id()}, {"period_index", record.period_index}});
    push_press(record);
}

void Room::push_press(const storage::PressRecord& record) {
    if (defer([this, record] { push_press(record); })) return;
    send_projected(
        [&](const protocol::Viewer& v, const protocol::CampaignFacts& campaign) {
            return protocol::project(v, campaign, press_facts_of(record));
        },
        [](const Peer&) { return true; }, true);
}

void Room::press(const Reply& reply, const Actor& actor, const protocol::GetPress& m) {
    std::vector<protocol::PressFacts> press;
    for (const auto& r : services_->campaigns->press(id())) press.push_back(press_facts_of(r));
    const auto which =
        m.period_index < 0 ? protocol::PressList::newest : protocol::PressList::of_period;
    reply.send(protocol::project(actor.viewer, facts(), press, which, m.period_index));
}

}  // namespace umpire::server
