#pragma once
// An answer to a decision as the rules read it: one of the few forms the kinds take
// (docs/decisions.md, "Kinds"). The edge reads a player's JSON into one
// (include/umpire/rules/answer_json.hpp) without knowing the request; the rules check it against
// the request (answer_refusal in decisions.hpp) and act on it.
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

#include "rules/battle/battle_outcome.hpp"
#include "umpire/rules/hex.hpp"

namespace umpire::rules {

// A named option: "engage", "separate", "proportional", "quick_battle", ...
struct Choice {
    std::string name;
    friend bool operator==(const Choice&, const Choice&) = default;
};

// Whole numbers: the hex [q, r] of a maneuver move, or figures per company of a loss split.
struct Numbers {
    std::vector<int> values;
    friend bool operator==(const Numbers&, const Numbers&) = default;
};

// {"action": "avoid", "hex": [q, r]}: avoid, to this one of the offered hexes.
struct AvoidTo {
    Hex hex;
    friend bool operator==(const AvoidTo&, const AvoidTo&) = default;
};

// {"column", "row", "rotation"}: where to place a terrain card.
struct CardCell {
    int column = 0;
    int row = 0;
    int rotation = 0;
    friend bool operator==(const CardCell&, const CardCell&) = default;
};

// {"recovered": [...], "penalty": [...]}: figures per company.
struct RecoverySplit {
    std::vector<int> recovered;
    std::vector<int> penalty;
    friend bool operator==(const RecoverySplit&, const RecoverySplit&) = default;
};

// A battle report as a side sends it: its sides' ids and starting elements come from
// the battle record (completed_report in battle_record.hpp). `as_given` is the edge's text of
// the report as the player wrote it, kept so that the decision event echoes it to that player
// exactly as before (a replay of an older period writes the same bytes); the rules never read it.
struct ReportAnswer {
    BattleReport report;
    std::string as_given;
    friend bool operator==(const ReportAnswer& a, const ReportAnswer& b) {
        return a.report == b.report;
    }
};

// JSON that is none of the forms: never allowed; `why` says what is wrong with it.
struct Unreadable {
    std::string why;
    friend bool operator==(const Unreadable&, const Unreadable&) { return false; }
};

class Answer {
public:
    using Value = std::variant<Unreadable, bool, Choice, Numbers, AvoidTo, CardCell, RecoverySplit,
                               ReportAnswer>;

    Answer() = default;
    // Only a bool is a yes or no: no pointer or number turns into one.
    template <typename B>
        requires std::is_same_v<B, bool>
    Answer(B yes) : value_(yes) {}  // NOLINT(google-explicit-constructor)
    // Implicit, as the JSON forms are: a request lists "engage", false, Numbers{{q, r}}.
    Answer(const char* choice) : value_(Choice{choice}) {}             // NOLINT
    Answer(std::string choice) : value_(Choice{std::move(choice)}) {}  // NOLINT
    Answer(Choice v) : value_(std::move(v)) {}                         // NOLINT
    Answer(Numbers v) : value_(std::move(v)) {}                        // NOLINT
    Answer(AvoidTo v) : value_(v) {}                                   // NOLINT
    Answer(CardCell v) : value_(v) {}                                  // NOLINT
    Answer(RecoverySplit v) : value_(std::move(v)) {}                  // NOLINT
    Answer(ReportAnswer v) : value_(std::move(v)) {}                   // NOLINT
    Answer(Unreadable v) : value_(std::move(v)) {}                     // NOLINT

    const Value& value() const { return value_; }
    template <typename T>
    const T* as() const {
        return std::get_if<T>(&value_);
    }
    // Whether it is the named option `choice`.
    bool is(std::string_view choice) const {
        const auto* c = as<Choice>();
        return c && c->name == choice;
    }
    // Whether it is `true`.
    bool yes() const {
        const auto* b = as<bool>();
        return b && *b;
    }
    friend bool operator==(const Answer&, const Answer&) = default;

private:
    Value value_;
};

// A request's options: a few fixed lists asked thousands of times a period, shared.
using AnswerList = std::shared_ptr<const std::vector<Answer>>;
AnswerList answer_list(std::vector<Answer> answers);

}  // namespace umpire::rules
