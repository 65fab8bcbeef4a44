// Press as one viewer may read it (project.hpp). A message is read by its sender and its
// recipients; "all" is every player, the GMs and the observers; the GMs read the rest only when
// the campaign said so when it was sent (setting "press": "gm_reads"), and observers who see
// everything read what the GMs read.
//
// A message's id names its period, sender, recipients, whether the GMs read it, and its number
// among the messages of that one channel in that period. Whoever may read one message of a
// channel may read them all, so an id never counts a message its viewer may not read
// (docs/protocol.md, "Press").
#include <algorithm>

#include "protocol/project.hpp"

namespace umpire::protocol {

using rules::Json;

namespace {

// How many messages a press_list of the newest gives at most.
constexpr std::size_t kNewestShown = 200;

bool addressed_to(const PressFacts& m, std::string_view who) {
    return std::find(m.recipients.begin(), m.recipients.end(), who) != m.recipients.end();
}

bool gm_reads(const PressFacts& m) {
    return m.sender == "gm" || addressed_to(m, "all") || addressed_to(m, "gm") || m.gm_reads;
}

bool may_read(const Viewer& viewer, const Visibility& visibility, const PressFacts& m) {
    switch (viewer.role) {
        case Viewer::Role::gm:
            return gm_reads(m);
        case Viewer::Role::player:
            return m.sender == viewer.player || addressed_to(m, "all") ||
                   addressed_to(m, viewer.player);
        case Viewer::Role::observer:
            return addressed_to(m, "all") ||
                   (visibility.observers == Visibility::Observers::everything && gm_reads(m));
    }
    return false;
}

}  // namespace

std::string press_id(const PressFacts& m) {
    std::string to;
    for (const auto& r : m.recipients) to += (to.empty() ? "" : "+") + r;
    return std::to_string(m.period_index) + "." + m.sender + ">" + to + "." +
           (m.gm_reads ? "g" : "p") + std::to_string(m.channel_no);
}

namespace {

Json message_json(const PressFacts& m) {
    return {{"id", press_id(m)},      {"period_index", m.period_index}, {"from", m.sender},
            {"to", m.recipients},  {"gm_reads", m.gm_reads},         {"text", m.body},
            {"sent_at", m.sent_at}};
}

}  // namespace

std::optional<Json> project(const Viewer& viewer, const CampaignFacts& campaign,
                            const PressFacts& message) {
    if (!may_read(viewer, campaign.visibility, message)) return std::nullopt;
    return Json{{"type", "press"}, {"campaign", campaign.id}, {"message", message_json(message)}};
}

Json project(const Viewer& viewer, const CampaignFacts& campaign,
             const std::vector<PressFacts>& press, PressList which, int period_index) {
    std::vector<const PressFacts*> readable;
    for (const auto& m : press)
        if ((which == PressList::newest || m.period_index == period_index) &&
            may_read(viewer, campaign.visibility, m))
            readable.push_back(&m);
    bool earlier = false;
    if (which == PressList::newest && readable.size() > kNewestShown) {
        readable.erase(readable.begin(), readable.end() - kNewestShown);
        earlier = true;
    }
    Json messages = Json::array();
    for (const auto* m : readable) messages.push_back(message_json(*m));
    Json out{{"type", "press_list"},
             {"campaign", campaign.id},
             {"policy", press_policy_name(campaign.visibility.press)},
             {"messages", std::move(messages)},
             {"earlier", earlier}};
    if (which == PressList::of_period) out["period_index"] = period_index;
    return out;
}

}  // namespace umpire::protocol
