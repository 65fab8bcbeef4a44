#include "protocol/notices.hpp"

#include <map>
#include <vector>

namespace umpire::protocol {

namespace {

using rules::Json;

// The details everyone may read, per kind of action everyone is told of.
const std::map<std::string, std::vector<std::string>>& public_details() {
    static const std::map<std::string, std::vector<std::string>> shown{
        {"set_deadline", {"deadline", "due_at"}},
        {"extend", {"minutes", "due_at"}},
        {"resume", {"due_at"}},
        {"pause", {"remaining_minutes"}},
        {"rollback", {"to_period", "from_period"}},
        {"force_advance", {"period_index"}},
        {"edit", {"changes"}},
        {"downtime_extension", {"period_index", "due_at"}},
        {"reopen_orders", {"period_index"}},
        {"end", {"period_index"}},
        // Told at once to whom they concern, never kept in the audit (no 0).
        {"seat_changed", {}},
        {"campaign_deleted", {}}};
    return shown;
}

// A world edit: the GM reads it all; a player learns which of its own forces changed and
// whether the map or the sides did; an observer what its setting lets it see of forces. The
// operations themselves may name any force, so only the GM reads them.
std::optional<Json> world_edit_details(const Viewer& viewer, const Visibility& visibility,
                                       const Json& details) {
    const bool map_or_sides = details.value("map_or_sides", false);
    Json forces = Json::array();
    const Json owners = details.value("forces", Json::object());
    for (auto it = owners.begin(); it != owners.end(); ++it) {
        bool shown = viewer.is_gm() || (viewer.role == Viewer::Role::observer &&
                                        visibility.observers == Visibility::Observers::everything);
        if (viewer.is_player() && it->is_array())
            for (const auto& owner : *it) shown = shown || owner == viewer.player;
        if (shown) forces.push_back(it.key());
    }
    if (forces.empty() && !map_or_sides) return std::nullopt;
    Json out{{"forces", forces}, {"map_or_sides", map_or_sides}};
    if (viewer.is_gm()) out["edits"] = details.value("edits", Json::array());
    return out;
}

}  // namespace

std::optional<Json> notice_for(const Viewer& viewer, const Visibility& visibility,
                               const GmAction& action, int shown_no) {
    const Json details = Json::parse(action.details, nullptr, false);
    Json notice{
        {"no", shown_no}, {"kind", action.kind}, {"reason", action.reason}, {"at", action.at}};
    if (action.kind == "world_edit") {
        auto shown =
            details.is_object() ? world_edit_details(viewer, visibility, details) : std::nullopt;
        if (!shown) return std::nullopt;
        notice["details"] = std::move(*shown);
        return notice;
    }
    const auto kind = public_details().find(action.kind);
    if (kind == public_details().end()) return std::nullopt;
    Json out = Json::object();
    if (details.is_object())
        for (const auto& key : kind->second)
            if (details.contains(key)) out[key] = details[key];
    if (!out.empty()) notice["details"] = std::move(out);
    return notice;
}

int notice_number(const Viewer& viewer, const Visibility& visibility,
                  const std::vector<GmAction>& audit, int audit_no) {
    if (audit_no == 0) return 0;
    int shown = 0;
    for (const auto& a : audit) {
        if (a.no > audit_no) break;
        if (notice_for(viewer, visibility, a, 0)) {
            ++shown;
            if (a.no == audit_no) return shown;
        }
    }
    return 0;
}

Json notices_for(const Viewer& viewer, const Visibility& visibility,
                 const std::vector<GmAction>& audit) {
    Json out = Json::array();
    for (const auto& a : audit)
        if (auto notice = notice_for(viewer, visibility, a, static_cast<int>(out.size()) + 1))
            out.push_back(std::move(*notice));
    return out;
}

}  // namespace umpire::protocol
