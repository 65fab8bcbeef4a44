#pragma once
// GM actions as each viewer is shown them (docs/protocol.md, "Notices"): which actions a viewer
// is told of at all, and which of their details it may read. Seats, invites and codes are the
// GM's alone; a world edit is told only to whom it concerns.
#include <optional>
#include <string>

#include "protocol/viewer.hpp"

namespace umpire::protocol {

// A GM action as the audit keeps it.
struct GmAction {
    int no = 0;
    std::string kind;
    std::string reason;
    std::string details;  // JSON
    std::string at;
};

// {"no", "kind", "reason", "at", "details"?} for this viewer, or nullopt when the action is not
// the viewer's to know. Never an idempotency key or the GM's name, which are for the audit.
std::optional<rules::Json> notice_for(const Viewer& viewer, const Visibility& visibility,
                                      const GmAction& action);

}  // namespace umpire::protocol
