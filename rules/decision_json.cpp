#include "rules/decision_json.hpp"

#include "rules/shapes_json.generated.hpp"

namespace umpire::rules {

Json context_json(const DecisionRequest::Context& context) {
    if (const Json* document = std::get_if<Json>(&context)) return *document;
    return Json::parse(shape::json_text_of(std::get<shape::DecisionContext>(context)));
}

Json to_json(const DecisionRequest& r) {
    return Json{{"id", r.id},
                {"player", r.player},
                {"force", r.force},
                {"kind", r.kind},
                {"window", r.window},
                {"options", r.options.get()},
                {"default", r.default_answer.get()},
                {"context", context_json(r.known())}};
}

DecisionRequest::Context context_from_json(const std::string& kind, const Json& value) {
    // A kind without a typed context is refused by the reader too: both keep the JSON.
    Problems problems;
    shape::DecisionContext typed;
    if (shape::read_decision_context(kind, value, "$.context", problems, typed)) return typed;
    return value;
}

}  // namespace umpire::rules
