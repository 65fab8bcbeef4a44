#pragma once
// Ruleset tables for disengagement, battle, retreat and morale (RULEBOOK sections 7, 8 and 10):
// the section types of Ruleset::disengagement, battle, recovery, quick_battle, retreat, morale and
// cavalry_readiness. Loaded by load_ruleset.
#include <map>
#include <string>
#include <vector>

namespace umpire::rules {

// each commander takes the best single value in each category that applies to it.
struct DisengagementModifiers {
    struct Order {
        int formed = 0;
        int unformed = 0;
        int in_retreat = 0;
        int in_rout = 0;
    } order;
    int rearguard = 0;  // disengager details a rearguard
    int supported = 0;  // support role
    int favourable_terrain = 0;
    int unfavourable_terrain = 0;
    int maneuver = 0;            // opponent declares the maneuver action
    int aggressive_pursuit = 0;  // opponent pursues an unformed, retreating or routed disengager
    // The exhausted-cavalry category lives in CavalryReadinessRules.
};

// one row of the losses table.
struct DisengagementLoss {
    int difference = 0;
    int loss_percent = 0;
    bool displaced = false;
};

struct DisengagementRules {
    DisengagementModifiers modifiers;
    int rearguard_min_regiments = 0;  // a rearguard needs two or more regiments
    // in descending difference one apart: the first row holds for that difference or
    // more, the last for that difference or less.
    std::vector<DisengagementLoss> losses;
    int destroy_threshold_percent = 0;    // a summed loss this high destroys the regiment
    int no_hex_displacement_percent = 0;  // displaced with no hex to go to
    int minimum_loss_figures = 0;
    int withdraw_formed_min_percent = 0;  // left behind the baseline in good order
    int withdraw_rout_min_percent = 0;    // routed off the table (takes precedence)

    // the row for a difference (disengager's total minus opponent's).
    const DisengagementLoss& loss_for(int difference) const;
};

enum class TimeLimitMode { daylight, dba };

struct BattleRules {
    int figures_per_element = 0;
    // PIP costs.
    int withdrawal_pips = 0;
    int withdrawal_pips_without_cinc = 0;
    int camp_evacuation_pips = 0;
    // time limit: daylight = max(minimum_bounds,
    // bounds_per_hour * max(0, daylight_end_hour - contact hour)); dba = dba_bounds.
    TimeLimitMode time_limit_mode = TimeLimitMode::daylight;
    int daylight_end_hour = 0;
    int bounds_per_hour = 0;
    int minimum_bounds = 0;
    int dba_bounds = 0;
    // defeated when defeat_ratio * lost >= starting elements.
    int defeat_ratio = 0;
    int camp_lost_counts = 0;
    int general_lost_counts = 0;
};

// per battle outcome.
struct RecoveryByOutcome {
    int won = 0;
    int withdrew = 0;
    int defeated = 0;
};

struct RecoveryRules {
    RecoveryByOutcome die_needed;        // d6 at least this recovers a lost element
    int after_withdrawal_declared = 0;   // die needed for elements lost after declaring
    int general_lost_penalty = 0;        // elements lost after the rolls
    int camp_lost_penalty = 0;
    bool fixed_shares = false;           // option: fixed shares instead of dice
    RecoveryByOutcome fixed_share_percent;  // rounded down
};

// +bonus when own elements >= ratio_percent% of the opponent's.
struct RatioBonus {
    int ratio_percent = 0;
    int bonus = 0;
};

enum class QuickBattleLoser { attacker, lower_total };
enum class QuickBattleOutcome { withdrew, defeated };
// the state a withdrawing force leaves in.
enum class WithdrawState { formed, in_retreat, in_rout };

struct QuickBattleMargin {
    int min_margin = 0;  // the row holds from here up to the next row's min_margin - 1
    QuickBattleLoser loser = QuickBattleLoser::lower_total;
    QuickBattleOutcome loser_outcome = QuickBattleOutcome::defeated;
    WithdrawState loser_state = WithdrawState::formed;
    int loser_loss_percent = 0;
    int winner_loss_percent = 0;
};

struct QuickBattleRules {
    std::vector<RatioBonus> ratio_bonuses;  // ascending ratio
    int formed_bonus = 0;
    int favoured_terrain_bonus = 0;
    int support_bonus = 0;
    std::vector<QuickBattleMargin> margins;  // ascending min_margin, the first at 0

    // The best ratio bonus for `own` elements against `opponent` elements (integers only).
    int ratio_bonus(long long own, long long opponent) const;
    const QuickBattleMargin& margin_row(int margin) const;
};

struct RetreatRules {
    int retreat_move_points = 0;
    int retreat_min_hexes = 0;    // at least one hex
    int rout_hexes = 0;           // a full rout move
    int behind_lines_radius = 0;  // enemies this close to a hex make it behind the lines
};

enum class MoraleDice { two_d6, d66 };

struct MoraleRules {
    MoraleDice dice = MoraleDice::two_d6;  // option: d66
    int in_retreat = 0;                    // modifiers
    int in_rout = 0;
    int far_from_enemy_hexes = 0;          // the 15 hexes
    std::map<std::string, int> defaults;   // grade -> morale value
};

struct CavalryReadinessRules {
    int exhausted_disengagement_modifier = 0;           // R-10.6 (the cavalry category)
    int recovery_steps_per_stationary_half_period = 0;
};

}  // namespace umpire::rules
