#pragma once
// A decision request as JSON (docs/decisions.md, "Request"): how storage keeps it and the server
// sends it. The edge of the decisions: the rules build requests and read answers as typed
// values, and only this writes requests out and reads them back (answers: answer_json.hpp).
#include <string>

#include "umpire/rules/answer_json.hpp"
#include "umpire/rules/decisions.hpp"

namespace umpire::rules {

Json to_json(const DecisionRequest& request);

// The context as JSON: a typed one written by its shape's writer, a battle's with its record,
// a stored one as it was.
Json context_json(const DecisionRequest::Context& context);

// The context of a request of kind `kind` read back: typed when it fits its kind's shape; a
// request stored before its kind's context was typed, which does not, keeps its text
// (StoredContext).
DecisionRequest::Context context_from_json(DecisionKind kind, const Json& value);

// Why a player's JSON answer is not allowed for `request` ("" when it is): read into its form
// (answer_json.hpp), then checked by the rules (answer_refusal in decisions.hpp).
std::string answer_refusal(const DecisionRequest& request, const Json& answer);
bool answer_allowed(const DecisionRequest& request, const Json& answer);

}  // namespace umpire::rules
