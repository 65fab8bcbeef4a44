#pragma once
// What a webhook or e-mail notification is made of, unprojected (docs/protocol.md,
// "Notifications"): the server says what happened; protocol::project says who is told what of
// it. The period's turn report (TurnReportFacts) and press (PressFacts) have their own
// overloads in project.hpp.
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "umpire/rules/json_reader.hpp"

namespace umpire::protocol {

// What a player who missed its orders is told was done for it.
inline constexpr const char* kWhatWasDoneForMissedOrders =
    "no orders came from you before the period resolved: your forces held where they were, and "
    "your decisions took your standing instructions (those of your draft, if it gave any) or "
    "the rules' defaults";

}  // namespace umpire::protocol

namespace umpire::protocol::notification {

// A decision request was asked of `asked_of` (a player, or "gm").
struct DecisionNeeded {
    int period_index = 0;
    std::string decision, asked_of;
    std::optional<std::string> due_at;  // ISO UTC; none without a deadline
};
// Its own deadline ran out unanswered.
struct DecisionLapsed {
    int period_index = 0;
    std::string decision, asked_of;
};
// A GM answered it for its player, saying why.
struct DecisionAnsweredFor {
    int period_index = 0;
    std::string decision, asked_of;
    rules::Json answer;
    std::string reason;
};
// The open period's deadline is near.
struct DeadlineNear {
    int period_index = 0;
    std::string due_at;
};
// A rollback reopened the orders of period `period_index`.
struct OrdersReopened {
    int period_index = 0;
};
// `players` gave no orders for period `period_index`.
struct MissedOrders {
    int period_index = 0;
    std::vector<std::string> players;
};
struct CampaignEnded {
    std::string reason;
};
// A GM edited forces (their ids, by the players who hold them) or the map and sides.
struct WorldEdited {
    std::string reason;
    std::map<std::string, std::vector<std::string>> forces_by_player;
    bool map_or_sides = false;
};

}  // namespace umpire::protocol::notification

namespace umpire::protocol {

using NotificationFacts =
    std::variant<notification::DecisionNeeded, notification::DecisionLapsed,
                 notification::DecisionAnsweredFor, notification::DeadlineNear,
                 notification::OrdersReopened, notification::MissedOrders,
                 notification::CampaignEnded, notification::WorldEdited>;

}  // namespace umpire::protocol
