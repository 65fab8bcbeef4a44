#pragma once
// Decisions: the questions a period's resolution asks players, and how they are
// answered — by the player, by the force's standing instructions or by the default.
//
// Resolution is resumable by replay: a period is resolved from its start state with the orders,
// the dice (re-created from the same seed) and every answer given so far. When it reaches a
// window whose answers are not all in, it stops and returns the open requests; given the
// answers, the next run reaches the same point with the same ids and goes on.
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "rules/events/shapes.generated.hpp"
#include "rules/knowledge/answer.hpp"
#include "umpire/rules/battle_record.hpp"
#include "umpire/rules/events.hpp"
#include "umpire/rules/world.hpp"

namespace umpire::rules {

// The player id of requests the game master answers (R-11.2: disputed battle reports).
inline constexpr const char* kGameMaster = "gm";

// A battle_report request's context: the contact as the side knows it, the battle record
// the report is checked against, the side's role and every card placed.
struct BattleReportContext : shape::ContactContext {
    BattleRecord battle;
    BattleRole role = BattleRole::attacker;
    std::vector<shape::CardPlacement> battlefield;
};

// A battle_dispute request's context: the record and the two answers the GM rules on.
struct BattleDisputeContext {
    std::string contact;
    BattleRecord battle;
    Answer attacker;
    Answer defender;
};

// A request read back from storage whose context does not fit its kind's shape (stored before
// the kind was typed): kept as the text it was, for the edge to pass on; answers that need a
// context are refused for it.
struct StoredContext {
    std::string text = "null";
};

// What a request asks (docs/decisions.md has each kind's options and answers).
enum class DecisionKind : std::uint8_t {
    contact_window,        // ▶: rest, engage, evade, avoid or delay
    separate_engagements,  // one battle or separate engagements
    support_role,
    relief,
    reinforce,
    maneuver,              // declare a maneuver against a disengaging force
    maneuver_move,         // where the maneuvering force moves
    pursuit,               // aggressive pursuit of the disengaging force
    rearguard,             // the disengaging force details a rearguard
    loss_allocation,       // which companies take the disengagement losses
    card_placement,
    battle_report,
    battle_dispute,        // answered by the game master
    recovery_choice,
};
// The window a request is asked in, where that names it (contact windows, relief).
enum class DecisionWindow : std::uint8_t {
    none,
    before_contact,
    before_dice,
    after_contact_dice,
    after_terrain,
};
// Their names in documents and messages ("contact_window", "after_terrain"; none is "").
std::string_view to_string(DecisionKind kind);
std::optional<DecisionKind> decision_kind_from_string(std::string_view name);
std::string_view to_string(DecisionWindow window);
std::optional<DecisionWindow> decision_window_from_string(std::string_view name);

struct DecisionRequest {
    std::string id;      // stable across replays: "<day>.<period>.<contact>.<step>.<force>"
    std::string player;  // who answers (kGameMaster for battle disputes)
    std::string force;
    DecisionKind kind = DecisionKind::contact_window;
    DecisionWindow window = DecisionWindow::none;
    // The allowed answers (kind-specific, see docs/decisions.md) and the default; the windows
    // that ask most offer the same few lists, shared.
    AnswerList options;
    Answer default_answer;
    // What the player needs to decide, from its own knowledge only: the typed context of its
    // kind (the catalogue's "decision_contexts", or the battle's contexts above). Read it
    // through known(): most requests are settled by standing instructions without it, so a
    // request may give `build_context` instead, which known() calls the first time it is needed.
    using Context = std::variant<shape::DecisionContext, BattleReportContext, BattleDisputeContext,
                                 StoredContext>;
    mutable Context context = StoredContext{};
    mutable std::function<Context()> build_context = nullptr;
    // Contact windows: the two figures the standing instruction "evade_if_larger" compares
    // also in the context; read without building it.
    struct Sizes {
        int own_assault_figures = 0;
        std::optional<int> largest_estimated_opponent;
    };
    std::optional<Sizes> sizes = std::nullopt;

    const Context& known() const;
    // The typed context when it is of this shape, else nullptr.
    template <typename Shape>
    const Shape* known_as() const {
        const auto* typed = std::get_if<shape::DecisionContext>(&known());
        return typed ? std::get_if<Shape>(typed) : nullptr;
    }
    // The battle's contexts (or a stored one), when it is this one; else nullptr.
    template <typename Context>
    const Context* known_is() const {
        return std::get_if<Context>(&known());
    }
};

// The options [true, false] of the yes-or-no decisions (maneuver, pursuit, rearguard, support,
// relief, reinforce), shared; their default is false.
const AnswerList& yes_or_no();

// A decision whose one option is also its default ("auto", "proportional", "largest_first"):
// the list and the answer (kept in a static at the site that asks).
struct SoleOption {
    explicit SoleOption(const char* option) : options(answer_list({option})), answer(option) {}
    AnswerList options;
    Answer answer;
};

// Thrown inside resolution when a window waits for answers; caught by resolve_period.
struct AwaitingDecisions {
    std::vector<DecisionRequest> requests;
};

class Decider {
public:
    // `answers` by request id. With `settle_missing`, a request without an answer takes the
    // force's standing instruction or else its default, and resolution never stops (a deadline
    // has passed, or the run is headless). A request in `lapsed` (its own deadline passed) is
    // settled so too, while the others may still wait.
    Decider(const std::map<std::string, Answer>& answers, bool settle_missing,
            const std::set<std::string>& lapsed, const CampaignState& state, EventLog& log);

    // Answers for one window, asked of everyone at once and kept secret until all are in
    // . Throws AwaitingDecisions with the requests still open.
    std::vector<Answer> ask_together(const std::vector<DecisionRequest>& requests);
    Answer ask(const DecisionRequest& request);

private:
    std::vector<Answer> answer(std::span<const DecisionRequest* const> requests);
    const Answer* given(const DecisionRequest& request) const;
    // Sets `by` to "standing_instruction" or "default".
    Answer settle(const DecisionRequest& request, std::string_view& by) const;

    const std::map<std::string, Answer>& answers_;
    bool settle_missing_;
    const std::set<std::string>& lapsed_;
    const CampaignState& state_;
    EventLog& log_;
};

// Why `answer` is not allowed for `request` ("" when it is): one of `request.options`, or
// kind-aware (avoid needs a listed hex, card placement a cell on the grid, loss allocation a
// valid split, a battle report one that fits the battle record and R-8.4/8.5, a recovery choice
// the right totals).
std::string answer_refusal(const DecisionRequest& request, const Answer& answer);
bool answer_allowed(const DecisionRequest& request, const Answer& answer);
// The request's options as docs/decisions.md writes them (["rest","engage"]), for refusals.
std::string options_text(const DecisionRequest& request);
// Whether `option` is among the request's options.
bool offered(const DecisionRequest& request, const Answer& option);

}  // namespace umpire::rules
