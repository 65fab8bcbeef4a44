#pragma once
// GM actions as each viewer is shown them (docs/protocol.md, "Notices"): which actions a viewer
// is told of at all, and which of their details it may read. Seats, invites and codes are the
// GM's alone; a world edit is told only to whom it concerns.
#include <optional>
#include <string>
#include <vector>

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
// `no` is `shown_no`: the action's place among the notices this viewer is shown (see
// notice_number), never the audit's campaign-wide number, which counts actions it is not told of.
std::optional<rules::Json> notice_for(const Viewer& viewer, const Visibility& visibility,
                                      const GmAction& action, int shown_no);

// The viewer's own number of the audit's action `audit_no`: 1, 2, … among the actions of `audit`
// (oldest first) up to it that the viewer is shown; 0 when `audit_no` is 0 (a notice not kept in
// the audit) or the viewer is not shown it.
int notice_number(const Viewer& viewer, const Visibility& visibility,
                  const std::vector<GmAction>& audit, int audit_no);

// Every notice of `audit` (oldest first) the viewer is shown, numbered 1, 2, … for it.
rules::Json notices_for(const Viewer& viewer, const Visibility& visibility,
                        const std::vector<GmAction>& audit);

}  // namespace umpire::protocol
