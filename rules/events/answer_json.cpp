#include "umpire/rules/answer_json.hpp"

#include "umpire/rules/battle_record_json.hpp"

namespace umpire::rules {

namespace {

constexpr long long kLargest = 1LL << 30;  // a count of figures, a hex coordinate

bool whole(const Json& v) {
    // An unsigned one first: 2^64 - 1 read as a long long would be -1.
    if (v.is_number_unsigned()) return v.get<unsigned long long>() <= kLargest;
    return v.is_number_integer() && v.get<long long>() >= -kLargest &&
           v.get<long long>() <= kLargest;
}

std::optional<std::vector<int>> numbers(const Json& v) {
    if (!v.is_array()) return std::nullopt;
    std::vector<int> out;
    out.reserve(v.size());
    for (const Json& n : v) {
        if (!whole(n)) return std::nullopt;
        out.push_back(n.get<int>());
    }
    return out;
}

bool has_exactly(const Json& object, std::initializer_list<const char*> keys) {
    if (object.size() != keys.size()) return false;
    for (const char* key : keys)
        if (!object.contains(key)) return false;
    return true;
}

Answer object_answer(const Json& v) {
    if (has_exactly(v, {"action", "hex"})) {
        const auto hex = numbers(v["hex"]);
        if (v["action"] != "avoid" || !hex || hex->size() != 2)
            return Unreadable{"an avoid answer is {\"action\": \"avoid\", \"hex\": [q, r]}"};
        return AvoidTo{{(*hex)[0], (*hex)[1]}};
    }
    if (has_exactly(v, {"column", "row", "rotation"})) {
        if (!whole(v["column"]) || !whole(v["row"]) || !whole(v["rotation"]))
            return Unreadable{"a card's column, row and rotation are whole numbers"};
        return CardCell{v["column"].get<int>(), v["row"].get<int>(), v["rotation"].get<int>()};
    }
    if (has_exactly(v, {"recovered", "penalty"})) {
        auto recovered = numbers(v["recovered"]);
        auto penalty = numbers(v["penalty"]);
        if (!recovered || !penalty)
            return Unreadable{"recovered and penalty are lists of whole numbers"};
        return RecoverySplit{std::move(*recovered), std::move(*penalty)};
    }
    std::string error;
    auto report = battle_report_from_json(v, error);
    if (!report) return Unreadable{std::move(error)};
    return ReportAnswer{std::move(*report), v.dump()};
}

}  // namespace

Answer answer_from_json(const Json& value) {
    if (value.is_boolean()) return value.get<bool>();
    if (value.is_string()) return Choice{value.get<std::string>()};
    if (value.is_array()) {
        if (auto list = numbers(value)) return Numbers{std::move(*list)};
        return Unreadable{"a list answer holds whole numbers"};
    }
    if (value.is_object()) return object_answer(value);
    return Unreadable{"not an answer"};
}

std::map<std::string, Answer> answers_from_json(const std::map<std::string, Json>& answers) {
    std::map<std::string, Answer> out;
    for (const auto& [id, answer] : answers) out.emplace(id, answer_from_json(answer));
    return out;
}

Json answer_json(const Answer& answer) {
    struct Writer {
        Json operator()(const Unreadable&) const { return Json(); }
        Json operator()(bool yes) const { return yes; }
        Json operator()(const Choice& c) const { return c.name; }
        Json operator()(const Numbers& n) const { return Json(n.values); }
        Json operator()(const AvoidTo& a) const {
            return Json{{"action", "avoid"}, {"hex", Json::array({a.hex.q, a.hex.r})}};
        }
        Json operator()(const CardCell& c) const {
            return Json{{"column", c.column}, {"row", c.row}, {"rotation", c.rotation}};
        }
        Json operator()(const RecoverySplit& s) const {
            return Json{{"recovered", Json(s.recovered)},
                        {"penalty", Json(s.penalty)}};
        }
        Json operator()(const ReportAnswer& r) const {
            return r.as_given.empty() ? to_json(r.report) : Json::parse(r.as_given);
        }
    };
    return std::visit(Writer{}, answer.value());
}

Json answer_list_json(const AnswerList& answers) {
    Json out = Json::array();
    if (answers)
        for (const Answer& a : *answers) out.push_back(answer_json(a));
    return out;
}

AnswerList answer_list_from_json(const Json& value) {
    std::vector<Answer> answers;
    if (value.is_array())
        for (const Json& a : value) answers.push_back(answer_from_json(a));
    return answer_list(std::move(answers));
}

void write_json(TextOut& out, const Answer& answer) {
    // Nearly every decision event's answer is a yes, a no or a name: written without a Json.
    if (const bool* yes = answer.as<bool>()) return out.put(*yes ? "true" : "false");
    if (const auto* choice = answer.as<Choice>()) return write_json_string(out, choice->name);
    if (const auto* report = answer.as<ReportAnswer>(); report && !report->as_given.empty())
        return out.put(report->as_given);
    FieldValue(answer_json(answer)).write(out);
}

}  // namespace umpire::rules
