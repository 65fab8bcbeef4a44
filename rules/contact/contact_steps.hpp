#pragma once
// The contact procedure as a state machine: one small type per step, each in its own
// file (step_*.cpp), working on the procedure's shared data (Contact); the ▶ windows are where
// it asks and moves on. Private to rules/contact/. In order:
//
//   before_contact ▶ ── rest_avoid_delay ── relief ▶ ── contact_dice ── after_contact_dice ▶
//   ── terrain_reconnaissance ── after_terrain ▶ ── battle ── (maneuvers' second contacts)
//
// A step that leaves no engaging forces of both sides ends the procedure. The procedures that
// run inside the steps (a disengagement, relief, reinforcement, the maneuver action) are types
// of their own too (contact_disengage.cpp, contact_relief.cpp, contact_reinforce.cpp,
// contact_maneuver.cpp).
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "rules/contact/contact.hpp"
#include "umpire/rules/battle_record.hpp"

namespace umpire::rules {

// The states of the procedure, in the order takes them.
enum class ContactStep {
    before_contact,          // 1 ▶
    rest_avoid_delay,        // 2
    relief_before_dice,      // ▶, before the contact dice
    contact_dice,            // 3
    after_contact_dice,      // 4 ▶
    terrain_reconnaissance,  // 5
    after_terrain,           // 6 ▶
    battle,                  // 7
    ended,
};

// Step 1 ▶: each commander chooses rest, engage, avoid (with a hex) or delay; allies next to a
// force in contact may take the support role. The answers, for step 2.
struct BeforeContactChoices {
    std::vector<Answer> answers;                    // one per force asked, in the order asked
    std::map<std::string, std::vector<Hex>> avoid;  // force -> the hexes it may avoid to
};
class BeforeContactWindow {
public:
    explicit BeforeContactWindow(Contact& contact) : c_(contact) {}
    BeforeContactChoices run(const std::vector<std::string>& forces);

private:
    Contact& c_;
};

// Step 2: rest (all rest: fight on the morrow, R-5.3), then avoid and delay resolved;
// returns the forces still engaging when both sides have some, else none.
class RestAvoidDelay {
public:
    explicit RestAvoidDelay(Contact& contact) : c_(contact) {}
    // `forces`: those the window asked, in the order asked.
    std::vector<std::string> run(const std::vector<std::string>& forces,
                                 const BeforeContactChoices& choices);

private:
    Contact& c_;
};

// Step 3: contact dice, the contact hour, and what each commander learns
// of each opponent, privately.
class ContactDiceStep {
public:
    explicit ContactDiceStep(Contact& contact) : c_(contact) {}
    void run(const std::vector<std::string>& forces);

private:
    Contact& c_;
};

// Steps 4 and 6 ▶: rest, engage or evade, and the evasions resolved (step 7, R-7);
// then relief after a disengagement. Returns the forces still in contact, or none.
class EngageOrEvadeWindow {
public:
    // `window`: after_contact_dice or after_terrain.
    EngageOrEvadeWindow(Contact& contact, DecisionWindow window) : c_(contact), window_(window) {}
    std::vector<std::string> run(const std::vector<std::string>& forces);

private:
    Contact& c_;
    DecisionWindow window_;
};

// Step 5: terrain reconnaissance, the terrain cards placed in turn.
class TerrainReconnaissance {
public:
    explicit TerrainReconnaissance(Contact& contact) : c_(contact) {}
    void run(const std::vector<std::string>& forces);

private:
    Contact& c_;
};

// How a battle was settled: the outcome of each side, the figures each engaged
// regiment lost, and the state a withdrawing side leaves in.
struct BattleSettlement {
    BattleReport report;  // from the table, or the one a quick battle stands for
    BattleResult result;
    bool quick = false;
    std::map<std::string, int> figures_lost;              // regiment -> figures lost in the battle
    std::map<std::string, WithdrawState> withdraw_state;  // side -> state it leaves in
};

// Step 7: the battle opens with its record, waits for both sides' reports or the GM's
// ruling and is settled from the report or by quick battle; then its aftermath.
class BattleStep {
public:
    explicit BattleStep(Contact& contact) : c_(contact) {}
    void run(const std::vector<std::string>& forces);

private:
    std::string attacking_side(const std::map<std::string, std::vector<std::string>>& sides);
    BattleSettlement settle(const BattleRecord& record);
    BattleSettlement table_battle(const BattleRecord& record, const BattleReport& report);
    BattleSettlement quick_battle(const BattleRecord& record);

    Contact& c_;
};

// After the battle, R-8.6 in order: battle losses, withdraw disengagements, recovery,
// retreat and rout moves, cavalry readiness, what each side learned.
class BattleAftermath {
public:
    explicit BattleAftermath(Contact& contact) : c_(contact) {}
    void run(const BattleRecord& record, const BattleSettlement& settled);

private:
    // Battle losses come off the engaged regiments' companies in proportion; returns, per
    // regiment, the figures each company lost (recovery may bring them back).
    std::map<std::string, std::vector<Company>> take_battle_losses(const BattleRecord& record,
                                                                   const BattleSettlement& settled);
    void withdraw_from_battle(const BattleRecord& record, const BattleSettlement& settled);
    void recover_after_battle(const BattleRecord& record, const BattleSettlement& settled,
                              const std::map<std::string, std::vector<Company>>& lost);
    void retreat_after_battle(const BattleRecord& record, const BattleSettlement& settled);

    Contact& c_;
};

// A disengagement inside the procedure: the opponents' declarations (maneuver action,
// aggressive pursuit: ), the rearguard, the roll, losses and their allocation, and
// displacement (unless reinforced, R-9.3); and the avoid move.
class ContactDisengagement {
public:
    explicit ContactDisengagement(Contact& contact) : c_(contact) {}
    // `force` disengages from `opponents` (engaging forces of other sides) by `operation`.
    void disengage(const std::string& force, const std::vector<std::string>& opponents,
                   DisengageOperation operation);
    // the hexes a force may avoid to, farthest from the enemy first.
    std::vector<Hex> avoid_hexes(const Force& force, const std::vector<std::string>& forces) const;
    void move_avoiding(Force& force, Hex to);

private:
    void apply_losses(Force& force, int figures, bool destroyed);

    Contact& c_;
};

// supporters of forces still in the contact may relieve them.
class Relief {
public:
    explicit Relief(Contact& contact) : c_(contact) {}
    // Returns the forces in the contact afterwards. `when`: before_dice, or the window whose
    // disengagements it follows.
    std::vector<std::string> offer(std::vector<std::string> forces, DecisionWindow when);

private:
    // The move points each of the two forces pays, or nullopt if the relief cannot be made.
    std::optional<std::pair<int, int>> costs(const std::string& supported,
                                             const std::string& supporter);
    void relieve(const std::string& supported, const std::string& supporter,
                 std::pair<int, int> costs);

    Contact& c_;
};

// whether the supporter of a displaced force reinforces it (the losses stand).
class Reinforcement {
public:
    explicit Reinforcement(Contact& contact) : c_(contact) {}
    bool reinforced(const std::string& force, DisengageOperation operation, Hex displacement);

private:
    Contact& c_;
};

// after the procedure, forces that declared the maneuver action may move next to the
// force that disengaged and force a second contact.
class ManeuverActions {
public:
    explicit ManeuverActions(Contact& contact) : c_(contact) {}
    void follow();

private:
    // The hexes next to the target it may enter with the points it has left, cheapest first.
    std::vector<std::pair<int, Hex>> reachable_hexes(const Force& mover, const Force& target) const;
    std::string refusal(const std::string& mover, const std::string& target) const;

    Contact& c_;
};

// One contact group's procedure: one battle or separate engagements, the steps in
// order, then the maneuvers declared in them.
class ContactProcedure {
public:
    ContactProcedure(ContactResolver& resolver, std::string id) : c_(resolver, std::move(id)) {}
    void run(std::vector<std::string> forces);

private:
    // from the before-contact window to the battle, for the forces of this procedure.
    void steps(std::vector<std::string> forces);
    // Runs `step` and returns the next one.
    ContactStep run_step(ContactStep step, std::vector<std::string>& forces,
                         BeforeContactChoices& choices);

    Contact c_;
};

}  // namespace umpire::rules
