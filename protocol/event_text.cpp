#include "protocol/event_text.hpp"

namespace umpire::protocol {

namespace {
std::string hex_text(const rules::Json& h) {
    return "(" + std::to_string(h[0].get<int>()) + "," + std::to_string(h[1].get<int>()) + ")";
}
std::string join(const rules::Json& list) {
    std::string out;
    for (const auto& item : list) out += (out.empty() ? "" : ", ") + item.get<std::string>();
    return out;
}
std::string str(const rules::Json& e, const char* key) {
    return e.contains(key) ? (e[key].is_string() ? e[key].get<std::string>() : e[key].dump())
                           : std::string();
}
bool is_hex(const rules::Json& v) {
    return v.is_array() && v.size() == 2 && v[0].is_number_integer() && v[1].is_number_integer();
}
// A value in words: hexes as (x,y), text bare, objects as "key value, …", lists by commas.
std::string value_text(const rules::Json& v) {
    if (is_hex(v)) return hex_text(v);
    if (v.is_string()) return v.get<std::string>();
    if (v.is_array()) {
        std::string out;
        for (const auto& item : v) out += (out.empty() ? "" : ", ") + value_text(item);
        return "[" + out + "]";
    }
    if (v.is_object()) {
        std::string out;
        for (auto it = v.begin(); it != v.end(); ++it) {
            if (it.key() == "type" || it.key() == "audience" || it.key() == "private_to") continue;
            out += (out.empty() ? "" : ", ") + it.key() + " " + value_text(*it);
        }
        return out;
    }
    return v.dump();
}
}  // namespace

std::string fields_text(const rules::Json& value) { return value_text(value); }

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
        return "  " + str(e, "force") + " halts at " + hex_text(e["hex"]) + ": " + str(e, "reason");
    if (type == "contact")
        return "  CONTACT: " + e["forces"][0].get<std::string>() + " at " +
               hex_text(e["hexes"][0]) + " and " + e["forces"][1].get<std::string>() + " at " +
               hex_text(e["hexes"][1]) + ", " + str(e, "half_period") + " (t = " + str(e, "t") +
               ", hour " + str(e, "hour") + ")";
    if (type == "dice_roll" && str(e, "purpose").rfind("shuffle", 0) == 0) return "";
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
    if (type == "contact_procedure")
        return "  -- contact " + str(e, "contact") + " (" + str(e, "half_period") +
               "): " + join(e["forces"]);
    if (type == "decision")
        return "    " + str(e, "force") + " " + str(e, "kind") +
               (str(e, "window").empty() ? "" : " [" + str(e, "window") + "]") + ": " +
               value_text(e["answer"]) + " (" + str(e, "by") + ")";
    if (type == "contact_dice") {
        std::string line = "    contact dice:";
        for (const auto& s : e["scores"])
            line += " " + s["force"].get<std::string>() + " " +
                    std::to_string(s["die"].get<int>()) + "->" +
                    std::to_string(s["modified"].get<int>());
        return line;
    }
    if (type == "contact_hour") return "    contact hour " + str(e, "hour");
    if (type == "intelligence")
        return "    " + str(e, "receiver") + " learns of " + str(e["fact"], "force") + ": " +
               value_text(e["fact"]);
    if (type == "contact_rested")
        return "    everyone rests: the contact resumes next half period (Fight on the Morrow)";
    if (type == "contact_ended") return "    the contact ends (" + str(e, "step") + ")";
    if (type == "disengagement")
        return "    " + str(e, "force") + " disengages: total " + str(e, "total") + ", loses " +
               str(e, "loss_percent") + "% = " + str(e, "figures_lost") + " figures" +
               (e.value("displaced", false) ? ", displaced" : "");
    if (type == "battle")
        return "    BATTLE at hour " + str(e, "hour") + ": " + value_text(e["sides"]) +
               ", attacker " + str(e, "attacker");
    if (type == "battle_result")
        return "    battle settled by " + str(e, "settled_by") + ": " + str(e["attacker"], "side") +
               " " + str(e["attacker"], "outcome") + ", " + str(e["defender"], "side") + " " +
               str(e["defender"], "outcome") + " (" + str(e, "rule") + ")";
    if (type == "battle_losses")
        return "    " + str(e, "force") + " loses " + str(e, "figures") + " figures of " +
               str(e, "regiment") + " in the battle";
    if (type == "recovery_applied")
        return "    " + str(e, "force") + " recovers " + str(e, "recovered") + " figures" +
               (e.value("penalty", 0) > 0 ? ", loses " + str(e, "penalty") + " more" : "");
    if (type == "retreat_move" || type == "rout_move")
        return "    " + str(e, "force") + (type == "rout_move" ? " routs" : " retreats") + " to " +
               e["path"].back().dump();
    if (type == "morale_check")
        return "    " + str(e, "force") + " checks morale: " + str(e, "total") + " against " +
               str(e, "morale_value") + (e.value("passed", false) ? ", passes" : ", fails") + " (" +
               str(e, "state_after") + ")";
    if (type == "surrendered")
        return "    " + str(e, "force") + " surrenders to " + str(e, "captor");
    if (type == "card_placed")
        return "    " + str(e, "side") + " places " + str(e, "card") + " at column " +
               str(e, "column") + ", row " + str(e, "row");
    if (type == "scout_result") {
        std::string line = "  " + str(e, "force") + "'s scout to " + hex_text(e["target"]) + ": " +
                           str(e, "result");
        for (const auto& r : e.value("reports", rules::Json::array()))
            line += "; sees " + str(r, "force") + " at " + hex_text(r["hex"]) + ", about " +
                    str(r["size"], "estimate") + " figures (±" +
                    str(r["size"], "accuracy_percent") + "%)";
        return line;
    }
    if (type == "terrain_deck" || type == "reconnaissance_order" || type == "movement_resumed")
        return "";
    // Any other event: its type and fields in words, never raw JSON.
    const std::string rest = value_text(e);
    return "  " + type + (rest.empty() ? "" : ": " + rest);
}

}  // namespace umpire::protocol
