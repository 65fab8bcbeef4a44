#include "umpire/rules/battle_record_json.hpp"

namespace umpire::rules {

namespace {

void write_side(TextOut& out, const BattleSideRecord& s) {
    auto regiments = [&](TextOut& o) {
        write_list(o, s.regiments, [](TextOut& out, const EngagedRegimentRecord& r) {
            write_object(out, Fields{{"force", r.force},
                                     {"regiment", r.regiment},
                                     {"figures", r.figures},
                                     {"elements", r.elements}});
        });
    };
    write_object(out, Fields{{"side", s.side},
                             {"player", s.player},
                             {"forces", s.forces},
                             {"regiments", FieldValue::written(regiments)},
                             {"starting_elements", s.starting_elements},
                             {"starting_figures", s.starting_figures},
                             {"cinc_present", s.cinc_present},
                             {"camp", s.camp}});
}

std::optional<BattleSideRecord> side_from_json(const Json& v, const std::string& path,
                                               Problems& problems) {
    ObjectReader reader(v, path, problems);
    if (!reader.is_object()) return std::nullopt;
    BattleSideRecord s;
    s.side = reader.string("side").value_or("");
    s.player = reader.string("player").value_or("");
    s.starting_elements =
        static_cast<int>(reader.integer("starting_elements", 0, 1 << 30).value_or(0));
    s.starting_figures =
        static_cast<int>(reader.integer("starting_figures", 0, 1 << 30).value_or(0));
    s.cinc_present = reader.boolean("cinc_present").value_or(true);
    s.camp = reader.boolean("camp").value_or(true);
    if (const Json* forces = reader.array("forces"))
        for (const auto& f : *forces)
            if (f.is_string()) s.forces.push_back(f.get<std::string>());
    if (const Json* regiments = reader.array("regiments"))
        for (std::size_t i = 0; i < regiments->size(); ++i) {
            ObjectReader r((*regiments)[i], item_path(reader.path_of("regiments"), i), problems);
            if (!r.is_object()) continue;
            s.regiments.push_back(
                {r.string("force").value_or(""), r.string("regiment").value_or(""),
                 static_cast<int>(r.integer("figures", 0, 1 << 30).value_or(0)),
                 static_cast<int>(r.integer("elements", 0, 1 << 30).value_or(0))});
        }
    return s;
}

}  // namespace

void write_json(TextOut& out, const BattleRecord& r) {
    auto attacker = [&](TextOut& o) { write_side(o, r.attacker); };
    auto defender = [&](TextOut& o) { write_side(o, r.defender); };
    auto judging = [&](TextOut& o) {
        write_object(o, Fields{{"figures_per_element", r.figures_per_element},
                               {"defeat_ratio", r.defeat_ratio},
                               {"camp_lost_counts", r.camp_lost_counts},
                               {"general_lost_counts", r.general_lost_counts}});
    };
    write_object(out, Fields{{"id", r.id},
                             {"state_version", r.state_version},
                             {"half_period", r.half_period},
                             {"hour", r.hour},
                             {"time_limit", r.time_limit},
                             {"attacker", FieldValue::written(attacker)},
                             {"defender", FieldValue::written(defender)},
                             {"judging", FieldValue::written(judging)}});
}

void write_json(TextOut& out, const BattleSides& sides) {
    out.put('{');
    bool first = true;
    for (const auto& [side, forces] : sides.forces) {  // std::map: keys in JSON's order
        if (!first) out.put(',');
        first = false;
        write_json_string(out, side);
        out.put(':');
        FieldValue(forces).write(out);
    }
    out.put('}');
}

Json to_json(const BattleRecord& r) {
    TextOut out;
    write_json(out, r);
    return Json::parse(out.text());
}

std::optional<BattleRecord> battle_record_from_json(const Json& value, std::string& error) {
    Problems problems;
    ObjectReader reader(value, "$", problems);
    BattleRecord r;
    if (reader.is_object()) {
        r.id = reader.string("id").value_or("");
        r.state_version = reader.string("state_version").value_or("");
        r.half_period = reader.string("half_period").value_or("");
        r.hour = static_cast<int>(reader.integer("hour", 0, 24).value_or(0));
        r.time_limit = static_cast<int>(reader.integer("time_limit", 1, 1000).value_or(1));
        if (const Json* a = reader.object("attacker"))
            if (auto s = side_from_json(*a, reader.path_of("attacker"), problems)) r.attacker = *s;
        if (const Json* d = reader.object("defender"))
            if (auto s = side_from_json(*d, reader.path_of("defender"), problems)) r.defender = *s;
        if (const Json* j = reader.object("judging")) {
            ObjectReader judging(*j, reader.path_of("judging"), problems);
            r.figures_per_element =
                static_cast<int>(judging.integer("figures_per_element", 1, 1000).value_or(1));
            r.defeat_ratio = static_cast<int>(judging.integer("defeat_ratio", 1, 100).value_or(3));
            r.camp_lost_counts =
                static_cast<int>(judging.integer("camp_lost_counts", 0, 100).value_or(0));
            r.general_lost_counts =
                static_cast<int>(judging.integer("general_lost_counts", 0, 100).value_or(0));
        }
    }
    if (!problems.empty()) {
        error = "not a battle record: " + problems.to_text();
        return std::nullopt;
    }
    return r;
}

// ---- the report --------------------------------------------------------------------------------

namespace {

Json side_report_json(const SideReport& s) {
    Json losses = Json::array();
    for (const auto& l : s.losses)
        losses.push_back({{"regiment", l.regiment},
                          {"elements", l.elements},
                          {"after_withdrawal", l.after_withdrawal}});
    Json out{{"losses", losses},
             {"figures_off_in_good_order", s.figures_off_in_good_order},
             {"figures_routed_off", s.figures_routed_off},
             {"camp_lost", s.camp_lost},
             {"camp_evacuated", s.camp_evacuated},
             {"general_lost", s.general_lost}};
    if (s.withdrawal_bound) out["withdrawal_bound"] = *s.withdrawal_bound;
    if (s.claimed) out["claimed"] = to_string(*s.claimed);
    return out;
}

SideReport side_report_from_json(const Json& v, const std::string& path, Problems& problems) {
    SideReport s;
    ObjectReader reader(v, path, problems);
    if (!reader.is_object()) return s;
    reader.reject_unknown({"losses", "figures_off_in_good_order", "figures_routed_off", "camp_lost",
                           "camp_evacuated", "general_lost", "withdrawal_bound", "claimed"});
    constexpr long long kMax = 1 << 30;
    if (const Json* losses = reader.array("losses"))
        for (std::size_t i = 0; i < losses->size(); ++i) {
            ObjectReader l((*losses)[i], item_path(reader.path_of("losses"), i), problems);
            if (!l.is_object()) continue;
            l.reject_unknown({"regiment", "elements", "after_withdrawal"});
            RegimentLoss loss;
            loss.regiment = l.string("regiment").value_or("");
            loss.elements = static_cast<int>(l.integer("elements", 0, kMax).value_or(0));
            loss.after_withdrawal =
                static_cast<int>(l.integer("after_withdrawal", 0, kMax, false).value_or(0));
            s.losses.push_back(loss);
        }
    s.figures_off_in_good_order =
        static_cast<int>(reader.integer("figures_off_in_good_order", 0, kMax).value_or(0));
    s.figures_routed_off =
        static_cast<int>(reader.integer("figures_routed_off", 0, kMax).value_or(0));
    s.camp_lost = reader.boolean("camp_lost").value_or(false);
    s.camp_evacuated = reader.boolean("camp_evacuated", false).value_or(false);
    s.general_lost = reader.boolean("general_lost").value_or(false);
    if (reader.has("withdrawal_bound") && !reader.member("withdrawal_bound")->is_null())
        if (auto b = reader.integer("withdrawal_bound", 1, 1000))
            s.withdrawal_bound = static_cast<int>(*b);
    // What the side says its outcome was; judge_battle checks it against the derived one.
    if (auto claimed = reader.choice("claimed", {"won", "defeated", "withdrew"}, false))
        s.claimed = *claimed == "won"        ? BattleOutcome::won
                    : *claimed == "defeated" ? BattleOutcome::defeated
                                             : BattleOutcome::withdrew;
    return s;
}

}  // namespace

Json to_json(const BattleReport& report) {
    return Json{{"attacker", side_report_json(report.attacker)},
                {"defender", side_report_json(report.defender)},
                {"bounds", report.bounds},
                {"time_limit_reached", report.time_limit_reached}};
}

std::optional<BattleReport> battle_report_from_json(const Json& value, std::string& error) {
    Problems problems;
    ObjectReader reader(value, "$", problems);
    BattleReport report;
    if (reader.is_object()) {
        reader.reject_unknown({"attacker", "defender", "bounds", "time_limit_reached"});
        if (const Json* a = reader.object("attacker"))
            report.attacker = side_report_from_json(*a, reader.path_of("attacker"), problems);
        if (const Json* d = reader.object("defender"))
            report.defender = side_report_from_json(*d, reader.path_of("defender"), problems);
        report.bounds = static_cast<int>(reader.integer("bounds", 1, 1000).value_or(0));
        report.time_limit_reached = reader.boolean("time_limit_reached").value_or(false);
    }
    if (!problems.empty()) {
        error = "not a battle report: " + problems.to_text();
        return std::nullopt;
    }
    return report;
}

void write_json(TextOut& out, const BattleReport& report) {
    FieldValue(to_json(report)).write(out);
}

}  // namespace umpire::rules
