// Loaders for disengagement, battle, retreat and morale sections (RULEBOOK sections 7, 8, 10).
#include "documents/ruleset_loading.hpp"

namespace umpire::rules::ruleset_loading {

namespace {

// A nested object member, read with its own reader; nullopt (and a problem) when absent.
std::optional<ObjectReader> nested(const ObjectReader& parent, std::string_view key) {
    const Json* value = parent.object(key);
    if (!value) return std::nullopt;
    return ObjectReader(*value, parent.path_of(key), parent.problems());
}

void load_disengagement_modifiers(const ObjectReader& reader, DisengagementModifiers& out) {
    reader.reject_unknown({"order", "rearguard", "support", "terrain", "action"});
    constexpr auto lo = kModifierMin;
    constexpr auto hi = kModifierMax;
    if (auto order = nested(reader, "order")) {
        order->reject_unknown({"formed", "unformed", "in_retreat", "in_rout"});
        read_ints(*order, {{"formed", &out.order.formed, lo, hi},
                           {"unformed", &out.order.unformed, lo, hi},
                           {"in_retreat", &out.order.in_retreat, lo, hi},
                           {"in_rout", &out.order.in_rout, lo, hi}});
    }
    if (auto rearguard = nested(reader, "rearguard")) {
        rearguard->reject_unknown({"rearguard"});
        read_ints(*rearguard, {{"rearguard", &out.rearguard, lo, hi}});
    }
    if (auto support = nested(reader, "support")) {
        support->reject_unknown({"supported"});
        read_ints(*support, {{"supported", &out.supported, lo, hi}});
    }
    if (auto terrain = nested(reader, "terrain")) {
        terrain->reject_unknown({"favourable", "unfavourable"});
        read_ints(*terrain, {{"favourable", &out.favourable_terrain, lo, hi},
                             {"unfavourable", &out.unfavourable_terrain, lo, hi}});
    }
    if (auto action = nested(reader, "action")) {
        action->reject_unknown({"maneuver", "aggressive_pursuit"});
        read_ints(*action, {{"maneuver", &out.maneuver, lo, hi},
                            {"aggressive_pursuit", &out.aggressive_pursuit, lo, hi}});
    }
}

// rows one difference apart, descending, losses never shrinking as the difference falls.
void load_losses(const Json& rows, const std::string& path, DisengagementRules& out,
                 Problems& problems) {
    if (rows.size() < 2)
        problems.add(path, "needs at least two rows (the first is open upwards, the last "
                           "downwards)");
    bool follows_a_row = false;  // the row above was read whole: compare with it
    for (std::size_t i = 0; i < rows.size(); ++i) {
        ObjectReader row(rows[i], item_path(path, i), problems);
        if (!row.is_object()) {
            follows_a_row = false;
            continue;
        }
        row.reject_unknown({"difference", "loss_percent", "displaced"});
        const auto difference = row.integer("difference", -100, 100);
        const auto loss = row.integer("loss_percent", 0, 100);
        const auto displaced = row.boolean("displaced");
        if (!difference || !loss || !displaced) {
            follows_a_row = false;
            continue;
        }
        const DisengagementLoss here{static_cast<int>(*difference), static_cast<int>(*loss),
                                     *displaced};
        if (follows_a_row) {
            const DisengagementLoss& above = out.losses.back();
            if (here.difference != above.difference - 1)
                problems.add(row.path_of("difference"),
                             "expected " + std::to_string(above.difference - 1) +
                                 " (rows go down one difference at a time), found " +
                                 std::to_string(here.difference));
            if (here.loss_percent < above.loss_percent)
                problems.add(row.path_of("loss_percent"),
                             "smaller than the row above: losses may not fall as the "
                             "difference worsens");
        }
        follows_a_row = true;
        out.losses.push_back(here);
    }
}

}  // namespace

// The exhausted-cavalry modifier is in cavalry_readiness.
void load_disengagement(const Json& value, const std::string& path, DisengagementRules& out,
                        Problems& problems) {
    ObjectReader reader(value, path, problems);
    reader.reject_unknown({"modifiers", "rearguard_min_regiments", "losses",
                           "destroy_threshold_percent", "no_hex_displacement_percent",
                           "minimum_loss_figures", "withdrawal"});
    if (auto modifiers = nested(reader, "modifiers"))
        load_disengagement_modifiers(*modifiers, out.modifiers);
    read_ints(reader,
              {{"rearguard_min_regiments", &out.rearguard_min_regiments, 1, kCountMax},
               {"destroy_threshold_percent", &out.destroy_threshold_percent, 1, 100},
               {"no_hex_displacement_percent", &out.no_hex_displacement_percent, 0, 100},
               {"minimum_loss_figures", &out.minimum_loss_figures, 0, kCountMax}});
    if (const Json* losses = reader.array("losses"))
        load_losses(*losses, reader.path_of("losses"), out, problems);
    if (auto withdrawal = nested(reader, "withdrawal")) {
        withdrawal->reject_unknown({"formed_min_percent", "rout_min_percent"});
        read_ints(*withdrawal,
                  {{"formed_min_percent", &out.withdraw_formed_min_percent, 0, 100},
                   {"rout_min_percent", &out.withdraw_rout_min_percent, 0, 100}});
    }
}

//
void load_battle(const Json& value, const std::string& path, BattleRules& out,
                 Problems& problems) {
    ObjectReader reader(value, path, problems);
    reader.reject_unknown({"figures_per_element", "pips", "time_limit", "defeat"});
    read_ints(reader, {{"figures_per_element", &out.figures_per_element, 1, kCountMax}});
    if (auto pips = nested(reader, "pips")) {
        pips->reject_unknown({"withdrawal", "withdrawal_without_cinc", "camp_evacuation"});
        read_ints(*pips,
                  {{"withdrawal", &out.withdrawal_pips, 0, kCountMax},
                   {"withdrawal_without_cinc", &out.withdrawal_pips_without_cinc, 0, kCountMax},
                   {"camp_evacuation", &out.camp_evacuation_pips, 0, kCountMax}});
    }
    if (auto limit = nested(reader, "time_limit")) {
        limit->reject_unknown({"mode", "daylight_end_hour", "bounds_per_hour", "minimum_bounds",
                               "dba_bounds"});
        if (auto mode = limit->choice("mode", {"daylight", "dba"}))
            out.time_limit_mode = *mode == "dba" ? TimeLimitMode::dba : TimeLimitMode::daylight;
        read_ints(*limit, {{"daylight_end_hour", &out.daylight_end_hour, 1, 24},
                           {"bounds_per_hour", &out.bounds_per_hour, 0, kCountMax},
                           {"minimum_bounds", &out.minimum_bounds, 0, kCountMax},
                           {"dba_bounds", &out.dba_bounds, 1, kCountMax}});
    }
    if (auto defeat = nested(reader, "defeat")) {
        defeat->reject_unknown({"ratio", "camp_lost", "general_lost"});
        read_ints(*defeat, {{"ratio", &out.defeat_ratio, 1, kCountMax},
                            {"camp_lost", &out.camp_lost_counts, 0, kCountMax},
                            {"general_lost", &out.general_lost_counts, 0, kCountMax}});
    }
}

// A die threshold of 7 means "never recovers".
void load_recovery(const Json& value, const std::string& path, RecoveryRules& out,
                   Problems& problems) {
    ObjectReader reader(value, path, problems);
    reader.reject_unknown(
        {"die_needed", "penalty_elements", "fixed_shares", "fixed_share_percent"});
    if (auto die = nested(reader, "die_needed")) {
        die->reject_unknown({"won", "withdrew", "defeated", "after_withdrawal_declared"});
        read_ints(*die, {{"won", &out.die_needed.won, 1, 7},
                         {"withdrew", &out.die_needed.withdrew, 1, 7},
                         {"defeated", &out.die_needed.defeated, 1, 7},
                         {"after_withdrawal_declared", &out.after_withdrawal_declared, 1, 7}});
    }
    if (auto penalty = nested(reader, "penalty_elements")) {
        penalty->reject_unknown({"general_lost", "camp_lost"});
        read_ints(*penalty, {{"general_lost", &out.general_lost_penalty, 0, kCountMax},
                             {"camp_lost", &out.camp_lost_penalty, 0, kCountMax}});
    }
    if (auto fixed = reader.boolean("fixed_shares")) out.fixed_shares = *fixed;
    if (auto shares = nested(reader, "fixed_share_percent")) {
        shares->reject_unknown({"won", "withdrew", "defeated"});
        read_ints(*shares, {{"won", &out.fixed_share_percent.won, 0, 100},
                            {"withdrew", &out.fixed_share_percent.withdrew, 0, 100},
                            {"defeated", &out.fixed_share_percent.defeated, 0, 100}});
    }
}

// Ratios are integer percentages (150 = 1.5x), so no floating point enters the rules.
void load_quick_battle(const Json& value, const std::string& path, QuickBattleRules& out,
                       Problems& problems) {
    ObjectReader reader(value, path, problems);
    reader.reject_unknown({"ratio_bonuses", "formed_bonus", "favoured_terrain_bonus",
                           "support_bonus", "margins"});
    read_ints(reader,
              {{"formed_bonus", &out.formed_bonus, kModifierMin, kModifierMax},
               {"favoured_terrain_bonus", &out.favoured_terrain_bonus, kModifierMin,
                kModifierMax},
               {"support_bonus", &out.support_bonus, kModifierMin, kModifierMax}});

    if (const Json* bonuses = reader.array("ratio_bonuses")) {
        for (std::size_t i = 0; i < bonuses->size(); ++i) {
            ObjectReader row((*bonuses)[i], item_path(reader.path_of("ratio_bonuses"), i),
                             problems);
            if (!row.is_object()) continue;
            row.reject_unknown({"ratio_percent", "bonus"});
            const auto ratio = row.integer("ratio_percent", 101, 100000);
            const auto bonus = row.integer("bonus", kModifierMin, kModifierMax);
            if (!ratio || !bonus) continue;
            if (!out.ratio_bonuses.empty() && *ratio <= out.ratio_bonuses.back().ratio_percent)
                problems.add(row.path_of("ratio_percent"),
                             "must be greater than the row above (rows in ascending ratio)");
            out.ratio_bonuses.push_back({static_cast<int>(*ratio), static_cast<int>(*bonus)});
        }
    }

    const Json* margins = reader.array("margins");
    if (!margins) return;
    if (margins->empty()) problems.add(reader.path_of("margins"), "no rows");
    for (std::size_t i = 0; i < margins->size(); ++i) {
        ObjectReader row((*margins)[i], item_path(reader.path_of("margins"), i), problems);
        if (!row.is_object()) continue;
        row.reject_unknown({"min_margin", "loser", "loser_outcome", "loser_state",
                            "loser_loss_percent", "winner_loss_percent"});
        QuickBattleMargin m;
        if (auto min = row.integer("min_margin", 0, kCountMax)) {
            m.min_margin = static_cast<int>(*min);
            if (i == 0 && m.min_margin != 0)
                problems.add(row.path_of("min_margin"), "the first row must start at 0");
            if (i > 0 && !out.margins.empty() && m.min_margin <= out.margins.back().min_margin)
                problems.add(row.path_of("min_margin"),
                             "must be greater than the row above (rows in ascending margin)");
        }
        if (auto loser = row.choice("loser", {"attacker", "lower_total"}))
            m.loser = *loser == "attacker" ? QuickBattleLoser::attacker
                                           : QuickBattleLoser::lower_total;
        if (auto outcome = row.choice("loser_outcome", {"withdrew", "defeated"}))
            m.loser_outcome = *outcome == "withdrew" ? QuickBattleOutcome::withdrew
                                                     : QuickBattleOutcome::defeated;
        if (auto state = row.choice("loser_state", {"formed", "in_retreat", "in_rout"}))
            m.loser_state = *state == "formed"       ? WithdrawState::formed
                            : *state == "in_retreat" ? WithdrawState::in_retreat
                                                     : WithdrawState::in_rout;
        read_ints(row, {{"loser_loss_percent", &m.loser_loss_percent, 0, 100},
                        {"winner_loss_percent", &m.winner_loss_percent, 0, 100}});
        out.margins.push_back(m);
    }
}

//
void load_retreat(const Json& value, const std::string& path, RetreatRules& out,
                  Problems& problems) {
    ObjectReader reader(value, path, problems);
    reader.reject_unknown(
        {"retreat_move_points", "retreat_min_hexes", "rout_hexes", "behind_lines_radius"});
    read_ints(reader, {{"retreat_move_points", &out.retreat_move_points, 0, kCountMax},
                       {"retreat_min_hexes", &out.retreat_min_hexes, 0, kCountMax},
                       {"rout_hexes", &out.rout_hexes, 1, kCountMax},
                       {"behind_lines_radius", &out.behind_lines_radius, 0, kCountMax}});
}

// Morale values are on the scale of the dice: 2d6 totals or d66 readings.
void load_morale(const Json& value, const std::string& path, MoraleRules& out,
                 Problems& problems) {
    ObjectReader reader(value, path, problems);
    reader.reject_unknown({"dice", "modifiers", "far_from_enemy_hexes", "defaults"});
    const auto dice = reader.choice("dice", {"2d6", "d66"});
    if (dice) out.dice = *dice == "d66" ? MoraleDice::d66 : MoraleDice::two_d6;
    if (auto modifiers = nested(reader, "modifiers")) {
        modifiers->reject_unknown({"in_retreat", "in_rout"});
        read_ints(*modifiers, {{"in_retreat", &out.in_retreat, kModifierMin, kModifierMax},
                               {"in_rout", &out.in_rout, kModifierMin, kModifierMax}});
    }
    read_ints(reader, {{"far_from_enemy_hexes", &out.far_from_enemy_hexes, 0, kCountMax}});
    const Json* defaults = reader.object("defaults");
    if (!defaults) return;
    if (defaults->empty()) problems.add(reader.path_of("defaults"), "no morale grades");
    ObjectReader grades(*defaults, reader.path_of("defaults"), problems);
    // Without a valid dice choice, only the widest scale can be checked.
    const bool d66 = dice && out.dice == MoraleDice::d66;
    const long long lo = d66 ? 11 : 2;
    const long long hi = !dice || d66 ? 66 : 12;
    for (auto it = defaults->begin(); it != defaults->end(); ++it) {
        check_name(it.key(), grades.path_of(it.key()), problems);
        auto v = grades.integer(it.key(), lo, hi);
        if (!v) continue;
        // A d66 reading is two dice, tens and units: 11..16, 21..26, ... 61..66.
        if (d66 && (*v % 10 < 1 || *v % 10 > 6)) {
            problems.add(grades.path_of(it.key()),
                         std::to_string(*v) + " is not a d66 reading (both digits 1 to 6)");
            continue;
        }
        out.defaults[it.key()] = static_cast<int>(*v);
    }
}

//
void load_cavalry_readiness(const Json& value, const std::string& path,
                            CavalryReadinessRules& out, Problems& problems) {
    ObjectReader reader(value, path, problems);
    reader.reject_unknown(
        {"exhausted_disengagement_modifier", "recovery_steps_per_stationary_half_period"});
    read_ints(reader, {{"exhausted_disengagement_modifier",
                        &out.exhausted_disengagement_modifier, kModifierMin, kModifierMax},
                       {"recovery_steps_per_stationary_half_period",
                        &out.recovery_steps_per_stationary_half_period, 0, 2}});
}

}  // namespace umpire::rules::ruleset_loading
