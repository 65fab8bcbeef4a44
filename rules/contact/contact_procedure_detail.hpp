#pragma once
// The procedure for one contact group; shared by contact_procedure*.cpp only.
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "rules/contact/contact_dice.hpp"
#include "rules/contact/contact_procedure.hpp"
#include "rules/contact/terrain_cards.hpp"
#include "umpire/rules/audience.hpp"
#include "umpire/rules/battle_record.hpp"

namespace umpire::rules {

// How a battle was settled: the outcome of each side, the figures each engaged
// regiment lost, and the state a withdrawing side leaves in.
struct BattleSettlement {
    BattleReport report;  // from the table, or the one a quick battle stands for
    BattleResult result;
    bool quick = false;
    std::map<std::string, int> figures_lost;             // regiment -> figures lost in the battle
    std::map<std::string, WithdrawState> withdraw_state;  // side -> state it leaves in
};

class ContactProcedure {
public:
    ContactProcedure(ContactResolver& resolver, std::string id) : r_(resolver), id_(std::move(id)) {}

    // Runs for these forces (one battle, or one pair of separate engagements).
    void run(std::vector<std::string> forces);

private:
    // --- steps (contact_procedure.cpp) ---
    // from the before-contact window to the battle, for the forces of this procedure.
    void steps(std::vector<std::string> forces);
    std::vector<std::string> before_contact(std::vector<std::string> forces);
    void contact_dice(const std::vector<std::string>& forces);
    // A ▶ engage-or-evade window; returns the forces still in contact, or none.
    std::vector<std::string> engage_or_evade(std::vector<std::string> forces,
                                             const std::string& window);

    // --- battle (contact_battle.cpp) ---
    // opens the battle record, waits for the reports and settles the battle.
    void open_battle(const std::vector<std::string>& forces);
    std::string attacking_side(const std::map<std::string, std::vector<std::string>>& sides);
    BattleSettlement settle_battle(const BattleRecord& record);
    BattleSettlement table_battle(const BattleRecord& record, const BattleReport& report);
    BattleSettlement quick_battle(const BattleRecord& record);

    // --- after the battle (contact_battle_aftermath.cpp) ---
    // in order: battle losses, withdraw disengagements, recovery, retreat and rout moves,
    // then cavalry readiness and what each side learned.
    void after_battle(const BattleRecord& record, const BattleSettlement& settled);
    // Battle losses come off the engaged regiments' companies in proportion; returns, per
    // regiment, the figures each company lost (recovery may bring them back).
    std::map<std::string, std::vector<Company>> take_battle_losses(
        const BattleRecord& record, const BattleSettlement& settled);
    void withdraw_from_battle(const BattleRecord& record, const BattleSettlement& settled);
    void recover_after_battle(const BattleRecord& record, const BattleSettlement& settled,
                              const std::map<std::string, std::vector<Company>>& lost);
    void retreat_after_battle(const BattleRecord& record, const BattleSettlement& settled);

    // --- terrain reconnaissance (contact_recon.cpp) ---
    void terrain_reconnaissance(const std::vector<std::string>& forces);

    // --- disengagement (contact_disengage.cpp) ---
    // `force` disengages from `opponents` (engaging forces of other sides).
    void disengage(const std::string& force, const std::vector<std::string>& opponents,
                   const std::string& operation);
    void apply_losses(Force& force, int figures, bool destroyed);
    std::vector<Hex> avoid_hexes(const Force& force, const std::vector<std::string>& forces) const;
    void move_avoiding(Force& force, Hex to);

    // --- relief (contact_relief.cpp) ---
    // supporters of forces still in the contact may relieve them; returns the forces in
    // the contact afterwards. `when`: before_dice, or the window whose disengagements it follows.
    std::vector<std::string> offer_relief(std::vector<std::string> forces,
                                          const std::string& when);
    // The move points each of the two forces pays, or nullopt if the relief cannot be made.
    std::optional<std::pair<int, int>> relief_costs(const std::string& supported,
                                                    const std::string& supporter);
    void relieve(const std::string& supported, const std::string& supporter,
                 std::pair<int, int> costs);

    // --- reinforce (contact_reinforce.cpp) ---
    // whether the supporter of the displaced force `id` reinforces it.
    bool reinforced(const std::string& id, const std::string& operation, Hex displacement);

    // --- maneuver action (contact_maneuver.cpp) ---
    // after the procedure, forces that declared the maneuver action may move next to the
    // force that disengaged and force a second contact.
    void follow_maneuvers();
    std::vector<std::pair<int, Hex>> maneuver_hexes(const Force& mover, const Force& target) const;
    std::string maneuver_refusal(const std::string& mover, const std::string& target) const;

    // --- helpers ---
    // The force with this id. A procedure asks for its handful of forces some hundred times a
    // contact: those found are kept (seen_), with their sides, and compared by id before the
    // state's directory hashes it. Forgotten when the forces or players vector changed.
    Force& force(const std::string& id) const { return *seen(id).force; }
    const std::string& side(const std::string& id) const;
    // Whether two sides as side_of gives them differ (the same string is the same side), as
    // CampaignState::opposed asks.
    static bool different_sides(const std::string& a, const std::string& b) {
        return &a != &b && a != b;
    }
    bool may_rest(const std::string& id) const;
    bool both_sides(const std::vector<std::string>& forces);
    std::vector<std::string> opponents_of(const std::string& id,
                                          const std::vector<std::string>& among) const;
    std::string decision_id(std::string_view step, std::string_view force) const {
        std::string id;
        id.reserve(id_.size() + step.size() + force.size() + 2);
        ((((id += id_) += '.') += step) += '.') += force;
        return id;
    }
    Audience audience(const std::vector<std::string>& forces) const;
    // The audience of everyone in the procedure, worked out again only when all_ grew.
    const AudienceText& everyone() const;
    shape::ContactContext base_context(const std::string& id) const;
    // The figures "evade_if_larger" compares, as base_context shows them.
    DecisionRequest::Sizes sizes_of(const std::string& id) const;
    // base_context(id) built when read: standing instructions settle most requests without it.
    // `id` is referred to, not copied: it must outlive the request (the window that asks).
    std::function<DecisionRequest::Context()> context_of(const std::string& id) const {
        return [this, &id] { return base_context(id); };
    }
    // Everyone in the contact rests: the contact ends until the next half period.
    void fight_on_the_morrow(const std::vector<std::string>& forces);

    ContactResolver& r_;
    std::string id_;                     // "<day>.<period>.<number>", names decisions and facts
    std::vector<std::string> all_;       // everyone in this procedure (only grows), for audiences
    mutable Audience everyone_;
    mutable std::size_t everyone_of_ = 0;  // all_.size() when everyone_ was worked out
    std::map<std::string, std::string> supporters_;  // supported force -> supporter
    std::map<std::string, ContactScore> scores_;
    std::map<std::string, int> estimates_;  // receiver -> largest estimated opponent figures
    // receiver -> opponent -> what its commander learned of it at the contact dice, the
    // fact: its decisions show it beside the opponent.
    std::map<std::string, std::map<std::string, shape::IntelligenceFact>> intel_;
    std::optional<int> hour_;
    std::vector<CardPlacement> battlefield_;
    struct Maneuver {
        std::string force;      // declared the maneuver action
        std::string target;     // the force that disengaged
        std::string operation;  // avoid, delay or evade: names the decision
    };
    std::vector<Maneuver> maneuvers_;  // declared in this procedure, followed after it
    int second_contacts_ = 0;          // numbers the nested procedures "<id>-m<n>"
    struct SeenForce {
        std::string id;
        std::uint64_t word;  // text_word(id): ids up to eight bytes long compare by it and size
        Force* force;
        const std::string* side;
    };
    const SeenForce& seen(const std::string& id) const;
    mutable std::vector<SeenForce> seen_;
    // The state's forces and players as seen_ was filled.
    mutable const Force* seen_data_ = nullptr;
    mutable std::size_t seen_size_ = 0;
    mutable const Player* seen_players_ = nullptr;
    mutable std::size_t seen_players_size_ = 0;
};

}  // namespace umpire::rules
