#include "umpire/rules/decision_json.hpp"

#include "umpire/rules/battle_record_json.hpp"
#include "umpire/rules/shapes_json.generated.hpp"

namespace umpire::rules {

namespace {

Json shape_json(const auto& shape) { return Json::parse(shape::json_text_of(shape)); }

struct ContextWriter {
    Json operator()(const shape::DecisionContext& c) const { return shape_json(c); }
    Json operator()(const BattleReportContext& c) const {
        Json out = shape_json(static_cast<const shape::ContactContext&>(c));
        out["battle"] = to_json(c.battle);
        out["role"] = to_string(c.role);
        out["battlefield"] = shape_json(c.battlefield);
        return out;
    }
    Json operator()(const BattleDisputeContext& c) const {
        return Json{
            {"contact", c.contact},
            {"battle", to_json(c.battle)},
            {"reports",
             {{"attacker", answer_json(c.attacker)}, {"defender", answer_json(c.defender)}}}};
    }
    Json operator()(const StoredContext& c) const { return Json::parse(c.text); }
};

// The battle's contexts read back; nullopt when the value does not fit.
std::optional<BattleReportContext> report_context(const Json& value) {
    if (!value.is_object() || !value.contains("battle") || !value.contains("role") ||
        !value.contains("battlefield") || !value["role"].is_string())
        return std::nullopt;
    Json contact = value;
    for (const char* own : {"battle", "role", "battlefield"}) contact.erase(own);
    Problems problems;
    BattleReportContext c;
    std::string error;
    auto record = battle_record_from_json(value["battle"], error);
    if (!record || !shape::read_json(contact, "$.context", problems, c) ||
        !value["battlefield"].is_array())
        return std::nullopt;
    for (const Json& card : value["battlefield"]) {
        shape::CardPlacement placed;
        if (!shape::read_json(card, "$.context.battlefield", problems, placed)) return std::nullopt;
        c.battlefield.push_back(std::move(placed));
    }
    const auto role = battle_role_from_string(value["role"].get<std::string>());
    if (!role) return std::nullopt;
    c.battle = std::move(*record);
    c.role = *role;
    return c;
}

std::optional<BattleDisputeContext> dispute_context(const Json& value) {
    if (!value.is_object() || value.size() != 3 || !value.contains("contact") ||
        !value["contact"].is_string() || !value.contains("battle") || !value.contains("reports"))
        return std::nullopt;
    const Json& reports = value["reports"];
    if (!reports.is_object() || !reports.contains("attacker") || !reports.contains("defender"))
        return std::nullopt;
    std::string error;
    auto record = battle_record_from_json(value["battle"], error);
    if (!record) return std::nullopt;
    return BattleDisputeContext{value["contact"].get<std::string>(), std::move(*record),
                                answer_from_json(reports["attacker"]),
                                answer_from_json(reports["defender"])};
}

}  // namespace

Json context_json(const DecisionRequest::Context& context) {
    return std::visit(ContextWriter{}, context);
}

Json to_json(const DecisionRequest& r) {
    return Json{{"id", r.id},
                {"player", r.player},
                {"force", r.force},
                {"kind", to_string(r.kind)},
                {"window", to_string(r.window)},
                {"options", answer_list_json(r.options)},
                {"default", answer_json(r.default_answer)},
                {"context", context_json(r.known())}};
}

DecisionRequest::Context context_from_json(DecisionKind kind, const Json& value) {
    if (kind == DecisionKind::battle_report) {
        if (auto c = report_context(value)) return std::move(*c);
    } else if (kind == DecisionKind::battle_dispute) {
        if (auto c = dispute_context(value)) return std::move(*c);
    } else {
        Problems problems;
        shape::DecisionContext typed;
        if (shape::read_decision_context(std::string(to_string(kind)), value, "$.context",
                                         problems, typed))
            return typed;
    }
    return StoredContext{value.dump()};
}

std::string answer_refusal(const DecisionRequest& request, const Json& answer) {
    return answer_refusal(request, answer_from_json(answer));
}

bool answer_allowed(const DecisionRequest& request, const Json& answer) {
    return answer_refusal(request, answer).empty();
}

}  // namespace umpire::rules
