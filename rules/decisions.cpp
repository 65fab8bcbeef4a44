#include "rules/decisions.hpp"

#include <algorithm>

#include "rules/battle_answers.hpp"
#include "rules/event_records.generated.hpp"
#include "rules/standing_instructions.hpp"

namespace umpire::rules {

const DecisionRequest::Context& DecisionRequest::known() const {
    if (build_context) {
        context = build_context();
        build_context = nullptr;  // it refers to the resolution that asked, which moves on
    }
    return context;
}

const SharedJson& yes_or_no() {
    static const SharedJson options = Json::array({true, false});
    return options;
}

const SharedJson& answer_no() {
    static const SharedJson no = false;
    return no;
}

namespace {

bool is_int(const Json& v) { return v.is_number_integer(); }

bool loss_split_allowed(const DecisionRequest& request, const Json& answer) {
    const auto* c = request.known_as<shape::LossAllocationContext>();
    if (!c || !answer.is_array() || answer.size() != c->companies.size()) return false;
    long long sum = 0;
    for (std::size_t i = 0; i < answer.size(); ++i) {
        if (!is_int(answer[i]) || answer[i].get<long long>() < 0 ||
            answer[i].get<long long>() > c->companies[i])
            return false;
        sum += answer[i].get<long long>();
    }
    return sum == c->figures;
}

// {"action": "avoid", "hex": [q, r]} with one of the offered target hexes.
bool avoid_to_allowed(const DecisionRequest& request, const Json& answer) {
    const auto* c = request.known_as<shape::ContactWindowContext>();
    if (!c || !c->avoid_hexes || answer.size() != 2 || answer.value("action", "") != "avoid")
        return false;
    const Json hex = answer.value("hex", Json());
    if (!hex.is_array() || hex.size() != 2 || !is_int(hex[0]) || !is_int(hex[1])) return false;
    const Hex to{hex[0].get<int>(), hex[1].get<int>()};
    return std::find(c->avoid_hexes->begin(), c->avoid_hexes->end(), to) != c->avoid_hexes->end();
}

}  // namespace

std::string answer_refusal(const DecisionRequest& request, const Json& answer) {
    const Json& options = request.options;
    if (options.is_array() && std::find(options.begin(), options.end(), answer) != options.end())
        return "";
    if (request.kind == "battle_report" || request.kind == "battle_dispute" ||
        request.kind == "recovery_choice")
        return battle_answer_refusal(request, answer);
    bool allowed = false;
    if (request.kind == "contact_window" && answer.is_object()) {
        allowed = avoid_to_allowed(request, answer);
    } else if (request.kind == "card_placement" && answer.is_object()) {
        allowed = answer.size() == 3 && is_int(answer.value("column", Json())) &&
                  is_int(answer.value("row", Json())) && is_int(answer.value("rotation", Json()));
    } else if (request.kind == "loss_allocation") {
        allowed = loss_split_allowed(request, answer);
    }
    return allowed ? "" : "not one of the options " + options.dump() + " (docs/decisions.md)";
}

bool answer_is(const Json& answer, std::string_view choice) {
    return answer.is_string() && answer.get_ref<const std::string&>() == choice;
}

bool answer_allowed(const DecisionRequest& request, const Json& answer) {
    return answer_refusal(request, answer).empty();
}

Decider::Decider(const std::map<std::string, Json>& answers, bool settle_missing,
                 const std::set<std::string>& lapsed, const CampaignState& state, EventLog& log)
    : answers_(answers),
      settle_missing_(settle_missing),
      lapsed_(lapsed),
      state_(state),
      log_(log) {}

std::optional<Json> Decider::given(const DecisionRequest& request) const {
    auto it = answers_.find(request.id);
    if (it == answers_.end()) return std::nullopt;
    return it->second;
}

Json Decider::settle(const DecisionRequest& request, std::string_view& by) const {
    const Force* force = state_.find_force(request.force);
    if (force) {
        if (auto standing = standing_answer(request, force->standing_instructions);
            standing && answer_allowed(request, *standing)) {
            by = "standing_instruction";
            return std::move(*standing);
        }
    }
    by = "default";
    return request.default_answer.get();
}

std::vector<Json> Decider::ask_together(const std::vector<DecisionRequest>& requests) {
    std::vector<const DecisionRequest*> listed;
    listed.reserve(requests.size());
    for (const auto& r : requests) listed.push_back(&r);
    return answer(listed);
}

Json Decider::ask(const DecisionRequest& request) {
    const DecisionRequest* listed[] = {&request};
    return std::move(answer(listed).front());
}

std::vector<Json> Decider::answer(std::span<const DecisionRequest* const> requests) {
    std::vector<Json> answers(requests.size());
    std::vector<std::string_view> by(requests.size());  // who answered, for the event
    std::vector<DecisionRequest> open;
    for (std::size_t i = 0; i < requests.size(); ++i) {
        const DecisionRequest& request = *requests[i];
        auto answer = given(request);
        if (answer && answer_allowed(request, *answer)) {
            answers[i] = *answer;
            by[i] = "player";
        } else if (settle_missing_ || answer || lapsed_.count(request.id)) {
            // An answer that is not allowed is settled like a missing one, and says so.
            answers[i] = settle(request, by[i]);
            if (answer)
                by[i] = by[i] == "default" ? "default (answer not allowed)"
                                           : "standing_instruction (answer not allowed)";
        } else {
            request.known();  // a waiting request carries its context, not a way to build it
            open.push_back(request);
        }
    }
    if (!open.empty()) throw AwaitingDecisions{std::move(open)};
    // Answers are secret until the window resolves; each is shown to its own player.
    for (std::size_t i = 0; i < requests.size(); ++i) {
        const std::string_view player = requests[i]->player;
        const std::span<const std::string_view> audience(&player, 1);
        event::Decision{.answer = answers[i],
                        .by = by[i],
                        .force = requests[i]->force,
                        .id = requests[i]->id,
                        .kind = requests[i]->kind,
                        .window = requests[i]->window}
            .write(log_, audience);
    }
    return answers;
}

}  // namespace umpire::rules
