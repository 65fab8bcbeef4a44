#include "storage/decision_codec.hpp"

#include "storage/error.hpp"
#include "umpire/rules/decision_json.hpp"

namespace umpire::storage {

using rules::Json;

namespace {

[[noreturn]] void corrupt(const std::string& what, const std::string& why) {
    throw StorageError(ErrorKind::corrupt, what + " does not read: " + why);
}

Json parse_json(const std::string& text, const std::string& what) {
    Json value = Json::parse(text, nullptr, false);
    if (value.is_discarded()) corrupt(what, "not JSON");
    return value;
}

}  // namespace

DecisionRecord decision_record(const std::string& campaign, int period_index,
                               const rules::DecisionRequest& request, const std::string& at) {
    DecisionRecord d;
    d.campaign_id = campaign;
    d.period_index = period_index;
    d.decision_id = request.id;
    d.player = request.player;
    d.force = request.force;
    d.kind = rules::to_string(request.kind);
    d.request = rules::to_json(request).dump();
    d.state = "pending";
    d.requested_at = at;
    return d;
}

rules::DecisionRequest parse_request(const std::string& text, const std::string& what) {
    const Json value = parse_json(text, what);
    if (!value.is_object()) corrupt(what, "not an object");
    for (const char* key : {"id", "player", "force", "kind", "window"})
        if (!value.contains(key) || !value[key].is_string())
            corrupt(what, std::string("no string \"") + key + "\"");
    rules::DecisionRequest r;
    r.id = value["id"];
    r.player = value["player"];
    r.force = value["force"];
    const auto kind = rules::decision_kind_from_string(value["kind"].get<std::string>());
    if (!kind) corrupt(what, "an unknown kind " + value["kind"].dump());
    const auto window = rules::decision_window_from_string(value["window"].get<std::string>());
    if (!window) corrupt(what, "an unknown window " + value["window"].dump());
    r.kind = *kind;
    r.window = *window;
    r.options = rules::answer_list_from_json(value.value("options", Json()));
    r.default_answer = rules::answer_from_json(value.value("default", Json()));
    r.context = rules::context_from_json(r.kind, value.value("context", Json()));
    return r;
}

std::vector<DecisionRecord> decisions_of(const std::vector<DecisionRecord>& all, int period_index,
                                         std::optional<int> rolled_back_by) {
    std::vector<DecisionRecord> out;
    for (const auto& d : all)
        if (!d.decision_id.empty() && d.period_index == period_index &&
            d.rolled_back_by == rolled_back_by)
            out.push_back(d);
    return out;
}

Answers answers_of(const std::vector<DecisionRecord>& decisions) {
    Answers out;
    for (const auto& d : decisions)
        if (d.state == "answered" && d.answer && !d.decision_id.empty())
            out[d.decision_id] = parse_json(*d.answer, "the answer to decision " + d.decision_id);
    return out;
}

std::string answers_text(const Answers& answers) {
    Json object = Json::object();
    for (const auto& [id, answer] : answers) object[id] = answer;
    return object.dump();
}

Answers parse_answers(const std::string& text, const std::string& what) {
    const Json value = parse_json(text, what);
    if (!value.is_object()) corrupt(what, "not an object");
    Answers out;
    for (const auto& [id, answer] : value.items()) out[id] = answer;
    return out;
}

}  // namespace umpire::storage
