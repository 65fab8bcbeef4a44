#pragma once
// The battle record and a battle report as JSON (docs/decisions.md, "Kinds"): the edge of
// include/umpire/rules/battle_record.hpp. The battle event carries the record; a battle_report
// request's context holds it; players send reports.
#include <optional>
#include <string>

#include "umpire/rules/battle_record.hpp"
#include "umpire/rules/event_fields.hpp"
#include "umpire/rules/json_reader.hpp"

namespace umpire::rules {

// The record as JSON text, written straight into an event (the battle event carries it);
// to_json reads that same text.
void write_json(TextOut& out, const BattleRecord& record);
Json to_json(const BattleRecord& record);
// nullopt with `error` set when `value` is not a record to_json wrote.
std::optional<BattleRecord> battle_record_from_json(const Json& value, std::string& error);

// {"side": ["force", ...], ...}, sides in key order.
void write_json(TextOut& out, const BattleSides& sides);

// ---- the report as JSON -----------------------------------------------------------------
// {"attacker": side, "defender": side, "bounds": n, "time_limit_reached": bool} where a side is
// {"losses": [{"regiment", "elements", "after_withdrawal"}], "figures_off_in_good_order",
//  "figures_routed_off", "camp_lost", "camp_evacuated", "general_lost", "withdrawal_bound"}; the
// side ids and starting elements come from the record. Unknown members are refused.
Json to_json(const BattleReport& report);
void write_json(TextOut& out, const BattleReport& report);
// Read without the record: the sides' ids and starting elements are left empty
// (completed_report in battle_record.hpp fills them in).
std::optional<BattleReport> battle_report_from_json(const Json& value, std::string& error);

}  // namespace umpire::rules
