#include "rules/battle_record.hpp"

#include <algorithm>

#include "rules/assault_regiment.hpp"

namespace umpire::rules {

const EngagedRegimentRecord* BattleSideRecord::regiment(const std::string& id) const {
    for (const auto& r : regiments)
        if (r.regiment == id) return &r;
    return nullptr;
}

BattleRules BattleRecord::judging_rules() const {
    BattleRules rules;
    rules.figures_per_element = figures_per_element;
    rules.defeat_ratio = defeat_ratio;
    rules.camp_lost_counts = camp_lost_counts;
    rules.general_lost_counts = general_lost_counts;
    return rules;
}

BattleSideRecord battle_side_record(const CampaignState& state, const Ruleset& ruleset,
                                    const std::string& side, std::vector<std::string> forces) {
    std::sort(forces.begin(), forces.end());
    BattleSideRecord out;
    out.side = side;
    out.forces = forces;
    for (const auto& id : forces) {
        const Force& f = *state.find_force(id);
        if (out.player.empty()) {
            out.player = f.player;
            // The first force's general commands the army and its camp is the army's.
            out.cinc_present = !f.general.name.empty();
            out.camp = f.has_camp;
        }
        const Regiment* assault = assault_regiment(f);
        if (!assault) continue;
        const int figures = assault->figures();
        const int elements = regiment_elements(ruleset.battle, figures);
        out.regiments.push_back({id, assault->id, figures, elements});
        out.starting_elements += elements;
        out.starting_figures += figures;
    }
    return out;
}

BattleRecord make_battle_record(const Ruleset& ruleset, std::string id, std::string state_version,
                                std::string half_period, int hour, BattleSideRecord attacker,
                                BattleSideRecord defender) {
    BattleRecord r;
    r.id = std::move(id);
    r.state_version = std::move(state_version);
    r.half_period = std::move(half_period);
    r.hour = hour;
    r.time_limit = battle_time_limit(ruleset.battle, hour);
    r.attacker = std::move(attacker);
    r.defender = std::move(defender);
    r.figures_per_element = ruleset.battle.figures_per_element;
    r.defeat_ratio = ruleset.battle.defeat_ratio;
    r.camp_lost_counts = ruleset.battle.camp_lost_counts;
    r.general_lost_counts = ruleset.battle.general_lost_counts;
    return r;
}

namespace {

void write_side(TextOut& out, const BattleSideRecord& s) {
    auto regiments = [&](TextOut& o) {
        write_list(o, s.regiments, [](TextOut& out, const EngagedRegimentRecord& r) {
            write_object(out, Fields{{"force", r.force}, {"regiment", r.regiment},
                                     {"figures", r.figures}, {"elements", r.elements}});
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
    s.starting_elements = static_cast<int>(reader.integer("starting_elements", 0, 1 << 30).value_or(0));
    s.starting_figures = static_cast<int>(reader.integer("starting_figures", 0, 1 << 30).value_or(0));
    s.cinc_present = reader.boolean("cinc_present").value_or(true);
    s.camp = reader.boolean("camp").value_or(true);
    if (const Json* forces = reader.array("forces"))
        for (const auto& f : *forces)
            if (f.is_string()) s.forces.push_back(f.get<std::string>());
    if (const Json* regiments = reader.array("regiments"))
        for (std::size_t i = 0; i < regiments->size(); ++i) {
            ObjectReader r((*regiments)[i], item_path(reader.path_of("regiments"), i), problems);
            if (!r.is_object()) continue;
            s.regiments.push_back({r.string("force").value_or(""), r.string("regiment").value_or(""),
                                   static_cast<int>(r.integer("figures", 0, 1 << 30).value_or(0)),
                                   static_cast<int>(r.integer("elements", 0, 1 << 30).value_or(0))});
        }
    return s;
}

}  // namespace

void write_battle_record(TextOut& out, const BattleRecord& r) {
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

Json to_json(const BattleRecord& r) {
    TextOut out;
    write_battle_record(out, r);
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
            r.figures_per_element = static_cast<int>(judging.integer("figures_per_element", 1, 1000).value_or(1));
            r.defeat_ratio = static_cast<int>(judging.integer("defeat_ratio", 1, 100).value_or(3));
            r.camp_lost_counts = static_cast<int>(judging.integer("camp_lost_counts", 0, 100).value_or(0));
            r.general_lost_counts = static_cast<int>(judging.integer("general_lost_counts", 0, 100).value_or(0));
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
        losses.push_back({{"regiment", l.regiment}, {"elements", l.elements},
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

SideReport side_report_from_json(const Json& v, const std::string& path,
                                 const BattleSideRecord& record, Problems& problems) {
    SideReport s;
    s.side = record.side;
    s.starting_elements = record.starting_elements;
    ObjectReader reader(v, path, problems);
    if (!reader.is_object()) return s;
    reader.reject_unknown({"losses", "figures_off_in_good_order", "figures_routed_off",
                           "camp_lost", "camp_evacuated", "general_lost", "withdrawal_bound", "claimed"});
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
    s.figures_routed_off = static_cast<int>(reader.integer("figures_routed_off", 0, kMax).value_or(0));
    s.camp_lost = reader.boolean("camp_lost").value_or(false);
    s.camp_evacuated = reader.boolean("camp_evacuated", false).value_or(false);
    s.general_lost = reader.boolean("general_lost").value_or(false);
    if (reader.has("withdrawal_bound") && !reader.member("withdrawal_bound")->is_null())
        if (auto b = reader.integer("withdrawal_bound", 1, 1000)) s.withdrawal_bound = static_cast<int>(*b);
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

std::optional<BattleReport> battle_report_from_json(const Json& value, const BattleRecord& record,
                                                    std::string& error) {
    Problems problems;
    ObjectReader reader(value, "$", problems);
    BattleReport report;
    if (reader.is_object()) {
        reader.reject_unknown({"attacker", "defender", "bounds", "time_limit_reached"});
        if (const Json* a = reader.object("attacker"))
            report.attacker = side_report_from_json(*a, reader.path_of("attacker"), record.attacker, problems);
        if (const Json* d = reader.object("defender"))
            report.defender = side_report_from_json(*d, reader.path_of("defender"), record.defender, problems);
        report.bounds = static_cast<int>(reader.integer("bounds", 1, 1000).value_or(0));
        report.time_limit_reached = reader.boolean("time_limit_reached").value_or(false);
    }
    if (!problems.empty()) {
        error = "not a battle report (R-8.6): " + problems.to_text();
        return std::nullopt;
    }
    return report;
}

namespace {

std::string side_refusal(const BattleSideRecord& record, const SideReport& report,
                         const std::string& who) {
    std::vector<std::string> seen;
    for (const auto& l : report.losses) {
        const EngagedRegimentRecord* r = record.regiment(l.regiment);
        if (!r)
            return "R-8.2: regiment \"" + l.regiment + "\" did not fight for the " + who;
        if (std::find(seen.begin(), seen.end(), l.regiment) != seen.end())
            return "R-8.6: the " + who + " reports regiment \"" + l.regiment + "\" twice";
        seen.push_back(l.regiment);
        if (l.elements > r->elements)
            return "R-8.2: regiment \"" + l.regiment + "\" fielded " + std::to_string(r->elements) +
                   " elements but the " + who + " reports " + std::to_string(l.elements) + " lost";
    }
    const long long off = static_cast<long long>(report.figures_off_in_good_order) +
                          report.figures_routed_off;
    if (off > record.starting_figures)
        return "R-7.2: the " + who + " reports " + std::to_string(off) +
               " figures off the table of " + std::to_string(record.starting_figures) + " engaged";
    if ((report.camp_lost || report.camp_evacuated) && !record.camp)
        return "R-8.3: the " + who + " had no camp to lose or evacuate";
    return "";
}

}  // namespace

std::string battle_report_refusal(const BattleRecord& record, const BattleReport& report) {
    if (auto why = side_refusal(record.attacker, report.attacker, "attacker"); !why.empty())
        return why;
    if (auto why = side_refusal(record.defender, report.defender, "defender"); !why.empty())
        return why;
    const BattleJudgement j = judge_battle(record.judging_rules(), report, record.time_limit);
    return j.accepted() ? "" : j.refusal;
}

WithdrawState classify_withdrawal(const Ruleset& ruleset, const BattleSideRecord& side,
                                  const SideReport& report) {
    const long long original = side.starting_figures;
    auto at_least = [&](int figures, int percent) {
        return original > 0 && 100LL * figures >= static_cast<long long>(percent) * original;
    };
    if (at_least(report.figures_routed_off, ruleset.disengagement.withdraw_rout_min_percent))
        return WithdrawState::in_rout;
    if (at_least(report.figures_off_in_good_order, ruleset.disengagement.withdraw_formed_min_percent))
        return WithdrawState::formed;
    return WithdrawState::in_retreat;
}

}  // namespace umpire::rules
