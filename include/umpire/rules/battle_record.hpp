#pragma once
// The battle record: what the server keeps of a battle between its opening and
// its report — the contact it came from, the campaign state version it started from, attacker
// and defender with their engaged regiments and elements, the hour and the time limit — and the
// battle report as players send it, checked against that record.
//
// A decision request for a battle report carries the record in its context, so an answer can be
// checked from the request alone (answer_refusal in decisions.hpp). Their JSON:
// include/umpire/rules/battle_record_json.hpp.
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/battle/battle_outcome.hpp"
#include "umpire/rules/ruleset.hpp"
#include "umpire/rules/world.hpp"

namespace umpire::rules {

// The two sides of a battle: the battle companion's seats, a battle report's role.
enum class BattleRole { attacker, defender };
std::string to_string(BattleRole role);  // "attacker", "defender"
std::optional<BattleRole> battle_role_from_string(std::string_view name);

// one engaged regiment — the assault regiment of an engaged force.
struct EngagedRegimentRecord {
    std::string force;
    std::string regiment;
    int figures = 0;   // at the start of the battle
    int elements = 0;  // regiment_elements(figures)
};

struct BattleSideRecord {
    std::string side;
    std::string player;               // answers the side's report: its first force's player
    std::vector<std::string> forces;  // ascending id; the first one's general is the CinC
    std::vector<EngagedRegimentRecord> regiments;
    int starting_elements = 0;
    int starting_figures = 0;  // the "original force" of
    bool cinc_present = true;
    bool camp = true;

    const EngagedRegimentRecord* regiment(const std::string& id) const;
};

struct BattleRecord {
    std::string id;             // the contact's id: one battle per contact procedure
    std::string state_version;  // SHA-256 of the period's start state
    std::string half_period;    // morning, afternoon, evening, night
    int hour = 0;               // contact hour
    int time_limit = 0;         // in defender bounds
    BattleSideRecord attacker;
    BattleSideRecord defender;
    // The values judging a report needs, so the record checks reports on its own.
    int figures_per_element = 1;
    int defeat_ratio = 3;
    int camp_lost_counts = 2;
    int general_lost_counts = 2;

    BattleRules judging_rules() const;
};

// The engaging forces of each side, side -> its forces in ascending id: the battle
// event's `sides` (a third side, which defends, keeps its own entry).
struct BattleSides {
    std::map<std::string, std::vector<std::string>> forces;
};

// The side record of these forces (ascending id), from the state at the battle's opening.
BattleSideRecord battle_side_record(const CampaignState& state, const Ruleset& ruleset,
                                    const std::string& side, std::vector<std::string> forces);

// time limit and the judging values filled in from the ruleset.
BattleRecord make_battle_record(const Ruleset& ruleset, std::string id, std::string state_version,
                                std::string half_period, int hour, BattleSideRecord attacker,
                                BattleSideRecord defender);

// The report as a side sent it (sides' ids and starting elements left empty) with those filled
// in from this record.
BattleReport completed_report(BattleReport report, const BattleRecord& record);

// Why `report` cannot stand for this battle ("" when it can): regiments that did not fight,
// more elements lost than a regiment fielded, figures off the table beyond the engaged ones,
// or anything judge_battle refuses (R-8.4/8.5).
std::string battle_report_refusal(const BattleRecord& record, const BattleReport& report);

// the state a withdrawing side leaves in, from how its figures left the table: in rout
// when rout_min_percent of the original figures routed off (first), formed when
// formed_min_percent left in good order, otherwise in retreat.
WithdrawState classify_withdrawal(const Ruleset& ruleset, const BattleSideRecord& side,
                                  const SideReport& report);

}  // namespace umpire::rules
