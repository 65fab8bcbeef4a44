#pragma once
// Answers as JSON (docs/decisions.md, "Kinds"): the edge of rules/knowledge/answer.hpp. A player's
// JSON is read into one of the answer forms without the request (the rules check it against the
// request); an answer is written back the same way, in a request's options and default and in the
// decision event.
#include <map>
#include <string>

#include "rules/knowledge/answer.hpp"
#include "umpire/rules/event_fields.hpp"
#include "umpire/rules/json_reader.hpp"

namespace umpire::rules {

// The form the JSON takes: true/false, a name, a list of whole numbers, {"action": "avoid",
// "hex": [q, r]}, {"column", "row", "rotation"}, {"recovered": [...], "penalty": [...]} or a
// battle report; Unreadable (saying why) for anything else.
Answer answer_from_json(const Json& value);
// Answers by decision id, as storage and the tools keep them.
std::map<std::string, Answer> answers_from_json(const std::map<std::string, Json>& answers);

Json answer_json(const Answer& answer);
Json answer_list_json(const AnswerList& answers);
// A request's options as storage keeps them (an array; anything else is no options).
AnswerList answer_list_from_json(const Json& value);
void write_json(TextOut& out, const Answer& answer);

}  // namespace umpire::rules
