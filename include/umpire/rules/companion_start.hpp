#pragma once
// The battle companion's start from a battle record: each side's engaged
// regiments keyed by their regiment id — the key a battle report names them by — so the
// companion's report (companion_report) can be sent as the side's battle_report answer.
#include "umpire/rules/battle_companion.hpp"
#include "umpire/rules/battle_record.hpp"

namespace umpire::rules {

CompanionStart companion_start(const BattleRecord& record);

// The rules a companion of this record runs with: the ruleset's battle rules (PIP costs), with
// the judging values the record pinned, so the companion judges as the report will be judged.
BattleRules companion_rules(const Ruleset& ruleset, const BattleRecord& record);

}  // namespace umpire::rules
