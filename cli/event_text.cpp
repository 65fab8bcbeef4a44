#include "cli/event_text.hpp"

namespace umpire::cli {

namespace {
std::string hex_text(const rules::Json& h) {
    return "(" + std::to_string(h[0].get<int>()) + "," + std::to_string(h[1].get<int>()) + ")";
}
std::string str(const rules::Json& e, const char* key) {
    return e.contains(key) ? (e[key].is_string() ? e[key].get<std::string>() : e[key].dump())
                           : std::string();
}
}  // namespace

std::string describe_event(const rules::Json& e) {
    const std::string type = str(e, "type");
    if (type == "period_started")
        return "== Day " + str(e, "day") + ", " + str(e, "period") + " period (" + str(e, "date") +
               ") ==";
    if (type == "period_ended") return "";
    if (type == "dice_source")
        return "dice: " + str(e, "kind") + (e.contains("seed") ? " seed " + str(e, "seed") : "");
    if (type == "order_result")
        return "  order for " + str(e, "force") + ": " + str(e, "status") +
               (e.contains("reason") ? " (" + str(e, "reason") + ")" : "");
    if (type == "force_moved")
        return "  " + str(e, "force") + " moves " + hex_text(e["from"]) + " -> " +
               hex_text(e["to"]) + ", cost " + str(e, "cost") + ", " + str(e, "spent") + "/" +
               str(e, "available") + " points, " + str(e, "half_period");
    if (type == "force_halted")
        return "  " + str(e, "force") + " halts at " + hex_text(e["hex"]) + ": " +
               str(e, "reason");
    if (type == "contact")
        return "  CONTACT: " + e["forces"][0].get<std::string>() + " at " + hex_text(e["hexes"][0]) + " and " +
               e["forces"][1].get<std::string>() + " at " + hex_text(e["hexes"][1]) + ", " +
               str(e, "half_period") + " (t = " + str(e, "t") + ", hour " + str(e, "hour") + ")";
    if (type == "dice_roll")
        return "  roll " + str(e, "die") + " = " + str(e, "value") + " for " + str(e, "purpose") +
               (e.contains("force") ? " (" + str(e, "force") + ")" : "");
    if (type == "rolloff") return "  " + str(e, "winner") + " wins the " + str(e, "purpose");
    if (type == "became_unformed")
        return "  " + str(e, "force") + " is unformed: " + str(e, "reason");
    if (type == "saved_points")
        return "  " + str(e, "force") + " saves " + str(e, "points") + " move points";
    if (type == "saved_points_lost")
        return "  " + str(e, "force") + " loses " + str(e, "points") + " saved points (" +
               str(e, "reason") + ")";
    if (type == "forced_march_ended")
        return "  " + str(e, "force") + " ends its forced march " + str(e, "order_state");
    if (type == "reformed") return "  " + str(e, "force") + " re-forms";
    if (type == "stepped_back")
        return "  " + str(e, "force") + " steps back to " + hex_text(e["to"]) +
               " (no ending in an allied hex)";
    std::string rest = e.dump();
    return "  " + type + " " + rest;
}

}  // namespace umpire::cli
