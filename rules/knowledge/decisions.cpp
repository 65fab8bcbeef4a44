#include "umpire/rules/decisions.hpp"

#include <algorithm>

#include "rules/battle/battle_answers.hpp"
#include "rules/events/event_records.generated.hpp"
#include "rules/knowledge/standing_instructions.hpp"

namespace umpire::rules {

const DecisionRequest::Context& DecisionRequest::known() const {
    if (build_context) {
        context = build_context();
        build_context = nullptr;  // it refers to the resolution that asked, which moves on
    }
    return context;
}

AnswerList answer_list(std::vector<Answer> answers) {
    return std::make_shared<const std::vector<Answer>>(std::move(answers));
}

const AnswerList& yes_or_no() {
    static const AnswerList options = answer_list({true, false});
    return options;
}

std::string options_text(const DecisionRequest& request) {
    struct Text {
        std::string operator()(const Unreadable&) const { return "null"; }
        std::string operator()(bool yes) const { return yes ? "true" : "false"; }
        std::string operator()(const Choice& c) const { return "\"" + c.name + "\""; }
        std::string operator()(const Numbers& n) const {
            std::string out = "[";
            for (std::size_t i = 0; i < n.values.size(); ++i)
                out += (i ? "," : "") + std::to_string(n.values[i]);
            return out + "]";
        }
        std::string operator()(const AvoidTo&) const { return "avoid"; }
        std::string operator()(const CardCell&) const { return "a card cell"; }
        std::string operator()(const RecoverySplit&) const { return "a recovery split"; }
        std::string operator()(const ReportAnswer&) const { return "a battle report"; }
    };
    std::string out = "[";
    if (request.options)
        for (std::size_t i = 0; i < request.options->size(); ++i)
            out += (i ? "," : "") + std::visit(Text{}, (*request.options)[i].value());
    return out + "]";
}

namespace {

bool loss_split_allowed(const DecisionRequest& request, const Numbers& split) {
    const auto* c = request.known_as<shape::LossAllocationContext>();
    if (!c || split.values.size() != c->companies.size()) return false;
    long long sum = 0;
    for (std::size_t i = 0; i < split.values.size(); ++i) {
        if (split.values[i] < 0 || split.values[i] > c->companies[i]) return false;
        sum += split.values[i];
    }
    return sum == c->figures;
}

// Avoid to one of the offered target hexes.
bool avoid_to_allowed(const DecisionRequest& request, const AvoidTo& answer) {
    const auto* c = request.known_as<shape::ContactWindowContext>();
    return c && c->avoid_hexes &&
           std::find(c->avoid_hexes->begin(), c->avoid_hexes->end(), answer.hex) !=
               c->avoid_hexes->end();
}

}  // namespace

bool offered(const DecisionRequest& request, const Answer& option) {
    return request.options && std::find(request.options->begin(), request.options->end(), option) !=
                                  request.options->end();
}

std::string answer_refusal(const DecisionRequest& request, const Answer& answer) {
    if (offered(request, answer)) return "";
    switch (request.kind) {
        case DecisionKind::battle_report:
        case DecisionKind::battle_dispute:
        case DecisionKind::recovery_choice: return battle_answer_refusal(request, answer);
        default: break;
    }
    bool allowed = false;
    if (const auto* avoid = answer.as<AvoidTo>();
        avoid && request.kind == DecisionKind::contact_window) {
        allowed = avoid_to_allowed(request, *avoid);
    } else if (answer.as<CardCell>() && request.kind == DecisionKind::card_placement) {
        allowed = true;  // an illegal cell is placed by the server
    } else if (const auto* split = answer.as<Numbers>();
               split && request.kind == DecisionKind::loss_allocation) {
        allowed = loss_split_allowed(request, *split);
    }
    return allowed ? ""
                   : "not one of the options " + options_text(request) + " (docs/decisions.md)";
}

bool answer_allowed(const DecisionRequest& request, const Answer& answer) {
    return answer_refusal(request, answer).empty();
}

Decider::Decider(const std::map<std::string, Answer>& answers, bool settle_missing,
                 const std::set<std::string>& lapsed, const CampaignState& state, EventLog& log)
    : answers_(answers),
      settle_missing_(settle_missing),
      lapsed_(lapsed),
      state_(state),
      log_(log) {}

const Answer* Decider::given(const DecisionRequest& request) const {
    auto it = answers_.find(request.id);
    return it == answers_.end() ? nullptr : &it->second;
}

Answer Decider::settle(const DecisionRequest& request, std::string_view& by) const {
    const Force* force = state_.find_force(request.force);
    if (force && force->standing_instructions) {
        if (auto standing = standing_answer(request, *force->standing_instructions);
            standing && answer_allowed(request, *standing)) {
            by = "standing_instruction";
            return std::move(*standing);
        }
    }
    by = "default";
    return request.default_answer;
}

std::vector<Answer> Decider::ask_together(const std::vector<DecisionRequest>& requests) {
    std::vector<const DecisionRequest*> listed;
    listed.reserve(requests.size());
    for (const auto& r : requests) listed.push_back(&r);
    return answer(listed);
}

Answer Decider::ask(const DecisionRequest& request) {
    const DecisionRequest* listed[] = {&request};
    return std::move(answer(listed).front());
}

std::vector<Answer> Decider::answer(std::span<const DecisionRequest* const> requests) {
    std::vector<Answer> answers(requests.size());
    std::vector<std::string_view> by(requests.size());  // who answered, for the event
    std::vector<DecisionRequest> open;
    for (std::size_t i = 0; i < requests.size(); ++i) {
        const DecisionRequest& request = *requests[i];
        const Answer* answer = given(request);
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
                        .kind = to_string(requests[i]->kind),
                        .window = to_string(requests[i]->window)}
            .write(log_, audience);
    }
    return answers;
}

}  // namespace umpire::rules
