// The messages that carry a view to a connection (snapshot, view_delta) and errors
// (docs/protocol.md, "Views" and "Errors"), made here so that the server only routes them.
#include "protocol/project.hpp"

namespace umpire::protocol {

using rules::Json;

Json project(const Viewer& viewer, const CampaignFacts& campaign, const HeldView& held) {
    (void)viewer;  // the view is already this viewer's
    Json message{{"type", "snapshot"},
                 {"campaign", campaign.id},
                 {"version", held.version},
                 {"view", held.view}};
    if (!held.viewing_as.empty()) message["viewing_as"] = held.viewing_as;
    return message;
}

std::optional<Json> project(const Viewer& viewer, const CampaignFacts& campaign,
                            const HeldView& held, const Json& next) {
    (void)viewer;  // both views are already this viewer's
    if (next == held.view) return std::nullopt;
    return Json{{"type", "view_delta"},
                {"campaign", campaign.id},
                {"version", held.version + 1},
                {"patch", Json::diff(held.view, next)}};
}

Json project(const ErrorFacts& facts) {
    const ProtocolError& e = facts.error;
    Json message{{"type", "error"}, {"code", code_name(e.code())}, {"message", facts.message}};
    if (!e.path().empty()) message["path"] = e.path();
    if (e.retry_after()) message["retry_after_seconds"] = *e.retry_after();
    if (!e.error_id().empty()) message["error_id"] = e.error_id();
    if (!facts.re.is_null()) message["re"] = facts.re;
    return message;
}

}  // namespace umpire::protocol
