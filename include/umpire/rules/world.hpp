#pragma once
// The campaign world (RULEBOOK sections 1 and 2): map, sides, players, forces and the calendar.
// This is the whole state a period's resolution reads and changes.
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "rules/events/shapes.generated.hpp"
#include "rules/scouting/scout_result.hpp"
#include "rules/world/force_directory.hpp"
#include "rules/world/fresh_on_copy.hpp"
#include "rules/world/hex_table.hpp"
#include "rules/world/occupancy.hpp"
#include "rules/world/side_positions.hpp"
#include "umpire/rules/hex.hpp"
#include "umpire/rules/standing_instructions_value.hpp"

namespace umpire::rules {

//
enum class OrderState { formed, unformed, in_retreat, in_rout };
enum class CavalryReadiness { fresh, tired, exhausted };

// Roads and tracks are kept as the polylines the scenario drew (so a written state
// reads like the scenario it came from) and as the set of hex pairs they connect.
struct Map {
    HexTable hexes;  // shared by copies of the state until one changes it
    std::map<char, std::string> legend;  // terrain letter -> terrain name, for the compact rows
    std::vector<std::vector<Hex>> road_lines;
    std::vector<std::vector<Hex>> track_lines;
    std::set<HexEdge> roads;
    std::set<HexEdge> tracks;
    std::set<HexEdge> rivers;  // hex sides a river runs along

    bool contains(Hex h) const { return at(h) != nullptr; }
    const MapHex* at(Hex h) const { return hexes.lookup(h); }
    const std::string* terrain_at(Hex h) const { return hexes.terrain_at(h); }
    bool road_between(Hex a, Hex b) const { return roads.count(HexEdge::between(a, b)) != 0; }
    bool track_between(Hex a, Hex b) const { return tracks.count(HexEdge::between(a, b)) != 0; }
    bool river_between(Hex a, Hex b) const { return rivers.count(HexEdge::between(a, b)) != 0; }
};

struct Company {
    std::string type;  // a troop type of the ruleset
    int figures = 0;
    std::string name;  // set for named individuals (heroes, wizards, creatures): one figure
};

struct Regiment {
    std::string id;
    std::string name;
    int morale = 7;  // on the ruleset's morale scale
    std::vector<Company> companies;

    int figures() const;
};

struct General {
    std::string name;
    int leadership = 0;  // 0 to +2
};

// Regiment order gives the roles: [0] assault, [1] support, the rest reserve.
struct Force {
    std::string id;
    std::string name;
    std::string player;
    General general;
    bool has_camp = true;
    std::vector<Regiment> regiments;
    OrderState order_state = OrderState::formed;
    CavalryReadiness readiness = CavalryReadiness::fresh;
    int saved_points = 0;
    bool forced_march_blocked = false;  // must stay stationary a half period first
    int stationary_half_periods = 0;    // consecutive half periods stationary, out of contact
    // the half period (HalfPeriodContext::half_ordinal) it entered retreat or rout in;
    // unset for a force that is neither, or that a scenario put in retreat or rout.
    std::optional<int> retreat_since_half;
    // how this force's decisions are answered when its player is absent (null: none).
    // Shared, not copied, with each copy of the state (a period resolves on a copy).
    SharedInstructions standing_instructions;

    int figures() const;
    // Where it stands. Once a force is in a state, it moves only through
    // CampaignState::move_force, which keeps the state's index of forces by hex exact.
    Hex hex() const { return hex_; }
    // Places a force that is being built (read from a scenario, made by a test), before it joins
    // a state; the engine never calls it (scripts/rules_layout.py checks).
    void place_at(Hex hex) { hex_ = hex; }

private:
    friend struct CampaignState;
    Hex hex_;
};

struct Side {
    std::string id;
    std::string name;
    std::vector<Hex> home_hexes;
};

struct Player {
    std::string id;
    std::string name;
    std::string side;
};

enum class PeriodKind { day, night };
// the four half periods of a day, two to a period.
enum class HalfPeriod { morning, afternoon, evening, night };

struct Calendar {
    std::string start_date;  // ISO yyyy-mm-dd of day 1 (proleptic Gregorian)
    int day = 1;
    PeriodKind period = PeriodKind::day;
};

// one fact a player knows, kept with its source and the period it was learned in.
struct KnownFact {
    std::string about;       // the force the fact is about
    shape::FactValue value;  // exactly what the source revealed; its kind is shape::fact_kind
    std::string source;      // e.g. "contact 1.2.1" (day.period.number)
    int period = 0;          // period ordinal (see period_ordinal)
};

// A contact procedure between two opposing forces (R-6.2 "previous contact").
struct ContactRecord {
    std::string a;  // lower force id
    std::string b;
    int period = 0;  // period ordinal
};

// R-7.2 [H]: a force may not delay the same opponent in two consecutive half periods.
struct DelayRecord {
    std::string force;
    std::string opponent;
    int half = 0;  // half-period ordinal: 2 * period ordinal + (0 or 1)
};

// one scout dispatched (R-4.2 looks back on these for the contact modifiers).
struct ScoutRecord {
    std::string force;  // the sender
    std::string side;   // the sender's side: a capture counts against any force of it
    Hex target;
    int period = 0;      // period ordinal
    ScoutResult result = ScoutResult::nothing_seen;
    std::vector<std::string> reported;  // success: the enemy forces it reported
    std::string captured_by;            // captured: the capturing force
};

// Campaign settings the rules leave to the campaign.
struct CampaignSettings {
    // three or more forces in contact choose one battle or separate engagements, unless
    // the campaign fixes either.
    enum class Engagements { choose, one_battle, separate } engagements = Engagements::choose;
};

struct RulesetRef {
    std::string name;
    std::string version;
    std::string hash;  // empty: not pinned yet
};

struct CampaignState {
    std::string id;
    std::string name;
    std::string description;
    RulesetRef ruleset;
    CampaignSettings settings;
    Calendar calendar;
    Map map;
    std::vector<Side> sides;
    std::vector<Player> players;
    std::vector<Force> forces;  // kept in ascending id order: "lowest force id" breaks ties
    std::map<std::string, std::vector<KnownFact>> knowledge;  // by player id
    std::vector<ContactRecord> contact_history;
    std::vector<DelayRecord> delays;
    std::vector<ScoutRecord> scouts;

    Force* find_force(const std::string& id);
    const Force* find_force(const std::string& id) const;
    const Player* find_player(const std::string& id) const;
    const Side* find_side(const std::string& id) const;
    // The side a force fights for, through its player.
    const std::string& side_of(const Force& force) const;
    bool opposed(const Force& a, const Force& b) const {
        const std::string& side_a = side_of(a);
        const std::string& side_b = side_of(b);
        return &side_a != &side_b && side_a != side_b;
    }
    // The force holding h (eliminated forces hold nothing; the lowest id if several pass).
    const Force* force_at(Hex h) const;
    // Every force on the map at h but `except`, in id order.
    std::vector<const Force*> forces_at(Hex h, const Force* except = nullptr) const;
    // Calls visit(const Force&) for every force on the map at h, in id order, without making a
    // list; visit must not move forces.
    template <typename Visit>
    void for_each_force_at(Hex h, Visit visit) const {
        if (!occupancy_.tracking()) {
            for (const auto& f : forces)
                if (f.hex() == h && !f.regiments.empty()) visit(f);
            return;
        }
        occupancy_.each(forces, h, [&](std::uint32_t i) {
            if (!forces[i].regiments.empty()) visit(forces[i]);
        });
    }
    // Moves a force: the rules change a force's hex only through this, so force_at stays exact.
    void move_force(Force& force, Hex to);
    // While on, force_at and forces_at use an index kept by move_force (resolve_period turns
    // it on for its own copy of the state); off, they scan every force. Copies start off.
    void track_positions(bool on) {
        occupancy_.track(on);
        side_positions_ = {};
        directory_ = {};
    }
    bool tracking_positions() const { return occupancy_.tracking(); }
    // While tracking: the indices into `forces` of every force moved since it began, in order.
    const std::vector<std::uint32_t>& moves() const { return occupancy_.moves(); }
    // While tracking: where each side's forces stand, brought up to date (nullptr when not).
    SidePositions* side_positions() const;

private:
    // The index in `forces` of the force with this id, or -1.
    long force_index(const std::string& id) const;
    // Indexes kept while a period resolves; a copy of the state starts without them.
    mutable FreshOnCopy<Occupancy> occupancy_;
    mutable FreshOnCopy<SidePositions> side_positions_;
    mutable FreshOnCopy<ForceDirectory> directory_;
};

// A state's version under a key: documents/state_version.hpp's state_version. Passed
// to the engine, which writes no documents (PeriodInputs::version_of).
using VersionOf = std::string (*)(const CampaignState& state, std::string_view key);

// The forces on the map in the six hexes around h, in id order (the order of state.forces).
std::vector<const Force*> forces_next_to(const CampaignState& state, Hex h);

// Hexes from h to the nearest force on the map for which wanted(force) holds; -1 with none.
// Looks in rings outward (cheap when one is near), then scans every force.
int nearest_force_distance(const CampaignState& state, Hex h,
                           const std::function<bool(const Force&)>& wanted);

// Periods counted from 0 (day 1, day period); half periods likewise, two to a period.
inline int period_ordinal(const Calendar& c) {
    return (c.day - 1) * 2 + (c.period == PeriodKind::night ? 1 : 0);
}

std::string to_string(OrderState s);
std::optional<OrderState> order_state_from_string(const std::string& s);
std::string to_string(CavalryReadiness r);
std::optional<CavalryReadiness> readiness_from_string(const std::string& s);
std::string to_string(PeriodKind p);
std::optional<PeriodKind> period_kind_from_string(const std::string& s);
std::string to_string(HalfPeriod h);

}  // namespace umpire::rules

namespace umpire::rules {

// Index pairs (i < j) of forces on the map (with regiments) standing in adjacent hexes, in
// ascending (i, j): what an all-pairs scan would visit, found through a hex index in
// O(N log N) instead of O(N²).
std::vector<std::pair<std::size_t, std::size_t>> adjacent_force_pairs(
    const std::vector<Force>& forces);
// The same pairs of state.forces; while the state tracks positions, found through its index of
// forces by hex rather than by sorting every force's hex.
std::vector<std::pair<std::size_t, std::size_t>> adjacent_force_pairs(const CampaignState& state);

}  // namespace umpire::rules
