#pragma once
// The battle's decisions: a side's battle report, the GM's ruling on
// reports that disagree, and the owner's choice of which companies recovery brings back and the
// general/camp penalty removes. Each request carries what checking its answer needs.
#include <string>
#include <vector>

#include "umpire/rules/decisions.hpp"

namespace umpire::rules {

// Why `answer` is refused for a battle_report, battle_dispute or recovery_choice request ("" when
// allowed). A report is checked against the battle record in the request's context and by
// R-8.4/8.5, and the refusal names the rule it breaks.
std::string battle_answer_refusal(const DecisionRequest& request, const Answer& answer);

// One company of a regiment whose battle losses are being recovered: its type, name
// (none for an unnamed one), figures now (after the battle and the withdraw disengagement) and
// figures lost in the battle (recovery brings back at most this many). The recovery_choice
// request shows them as they are.
using RecoveryCompany = shape::RecoveryCompany;

struct RecoveryChoice {
    std::vector<int> recovered;  // per company
    std::vector<int> penalty;    // per company
};

// default: recovery goes to the largest companies first (up to what each lost), and the
// penalty comes off the largest companies first (after recovery); ties to the earlier company.
RecoveryChoice default_recovery_choice(const std::vector<RecoveryCompany>& companies,
                                       int recovered, int penalty);

// The choice an allowed answer ("largest_first" or {"recovered": [...], "penalty": [...]})
// stands for, given the companies, figures recovered and penalty of the request.
RecoveryChoice recovery_choice_from_answer(const std::vector<RecoveryCompany>& companies,
                                           int recovered, int penalty, const Answer& answer);

}  // namespace umpire::rules
