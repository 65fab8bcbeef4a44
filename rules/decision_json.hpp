#pragma once
// A decision request as JSON (docs/decisions.md, "Request"): how storage keeps it and the server
// sends it. The edge of the decisions: the rules build requests as typed values, and only this
// writes them out and reads them back.
#include <string>

#include "rules/decisions.hpp"

namespace umpire::rules {

Json to_json(const DecisionRequest& request);

// The context as JSON: a typed one written by its shape's writer, a document as it is.
Json context_json(const DecisionRequest::Context& context);

// The context of a request of kind `kind` read back: typed for the kinds the catalogue lists;
// for the others (and for a request stored before its kind's context was typed, which does not
// fit the shape) the JSON as it is.
DecisionRequest::Context context_from_json(const std::string& kind, const Json& value);

}  // namespace umpire::rules
