#pragma once
// Decisions as storage keeps them: the engine's requests as rows and back, and the answers a
// period is resolved with as stored text ({"<decision id>": answer}, compact, sorted keys).
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "storage/records.hpp"
#include "umpire/rules/decisions.hpp"

namespace umpire::storage {

using Answers = std::map<std::string, rules::Json>;  // decision id -> answer

DecisionRecord decision_record(const std::string& campaign, int period_index,
                               const rules::DecisionRequest& request, const std::string& at);

// The engine's request from its stored JSON; ErrorKind::corrupt if it does not read as one.
rules::DecisionRequest parse_request(const std::string& text, const std::string& what);

// The engine's requests of one attempt of a period: `rolled_back_by` is that of the attempt
// (nullopt: the live one). Notes of schema 1 and 2 (no decision id) are left out.
std::vector<DecisionRecord> decisions_of(const std::vector<DecisionRecord>& all, int period_index,
                                         std::optional<int> rolled_back_by = std::nullopt);
// The answered ones among `decisions`, by id.
Answers answers_of(const std::vector<DecisionRecord>& decisions);

std::string answers_text(const Answers& answers);
Answers parse_answers(const std::string& text, const std::string& what);

}  // namespace umpire::storage
