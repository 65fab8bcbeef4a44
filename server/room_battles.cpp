// The battle companion over the wire (RULEBOOK, docs/protocol.md "Battle companion"):
// battle_action and get_battle. A handler finds the battle in the open period, seats the
// sender (an outsider is told the battle does not exist), replays the companion, applies the
// action, commits it, and only then replies and pushes the new state to the battle's other
// connections — each through the companion projection.
#include <map>

#include "documents/battle_companion_json.hpp"
#include "protocol/companion_projection.hpp"
#include "server/battle_companions.hpp"
#include "server/errors.hpp"
#include "server/room.hpp"

namespace umpire::server {

using protocol::BattleSeat;
using protocol::ErrorCode;

namespace {

// One message for a battle that does not exist and for one the sender has no seat at.
[[noreturn]] void unknown_battle(const std::string& battle) {
    refuse(ErrorCode::unknown_battle, "no battle \"" + battle + "\" for you in the open period");
}

// A player records only its own side's actions; start_bound and end_bound move the shared
// clock of the table and either side may send them (the GM may send anything).
void check_own_side(BattleSeat seat, const rules::CompanionAction& action) {
    using Kind = rules::CompanionActionKind;
    if (seat == BattleSeat::gm || action.kind == Kind::start_bound ||
        action.kind == Kind::end_bound)
        return;
    const auto own = seat == BattleSeat::attacker ? rules::BattleRole::attacker
                                                  : rules::BattleRole::defender;
    if (action.side != own)
        refuse(ErrorCode::forbidden,
               std::string("you are the ") + protocol::seat_name(seat) +
                   " in this battle: actions for the " + rules::to_string(action.side) +
                   " are theirs to send");
}

rules::CompanionAction read_action(const Json& value) {
    rules::Problems problems;
    auto action = rules::read_companion_action(value, "$.action", problems);
    if (!action) {
        const auto& first = problems.list().front();
        throw protocol::ProtocolError(ErrorCode::bad_message, first.path + ": " + first.message,
                                      first.path);
    }
    return *action;
}

}  // namespace

std::optional<Json> Room::companion_message(const protocol::Viewer& viewer,
                                            const LoadedCompanion& c) const {
    const Json last = c.actions.empty() ? Json(nullptr) : action_json(c.actions.back());
    return protocol::project(
        viewer, facts(),
        protocol::CompanionSnapshot{c.record, c.state, static_cast<int>(c.actions.size()), last});
}

void Room::broadcast_companion(const LoadedCompanion& c, const Peer* sender) {
    std::map<std::string, std::shared_ptr<const std::string>> frames;  // one per viewer
    for (const auto& peer : live_peers()) {
        if (peer.get() == sender) continue;  // the sender has it as its reply
        const auto& viewer = peer->joined[id()].viewer;
        const std::string key = std::string(protocol::role_name(viewer.role)) + ":" + viewer.player;
        auto it = frames.find(key);
        if (it == frames.end()) {
            const auto message = companion_message(viewer, c);
            it = frames.emplace(key, message ? std::make_shared<const std::string>(message->dump())
                                             : nullptr)
                     .first;
        }
        if (it->second) peer->send(it->second);
    }
}

// A battle's id as the engine has it: a player names it as it was shown it, with the enemy's
// designation where the id names an enemy force (issue 53).
std::string Room::battle_id(const Actor& actor, const std::string& shown) const {
    return protocol::undesignated(actor.viewer, designation_facts().get(), shown).get<std::string>();
}

void Room::battle_action(const Reply& reply, const Actor& actor, const protocol::BattleAction& m) {
    refuse_if_ended("battle actions");
    const auto record = find_open_battle(*services_->campaigns, campaign_, battle_id(actor, m.battle));
    if (!record) unknown_battle(m.battle);
    const BattleSeat seat = protocol::battle_seat(actor.viewer, campaign_.state(), *record);
    if (seat == BattleSeat::none) unknown_battle(m.battle);
    const rules::CompanionAction action = read_action(m.action);
    check_own_side(seat, action);

    storage::BattleActionStore store(services_->campaigns->database());
    LoadedCompanion c = load_companion(store, campaign_, *record);
    const int limit = services_->config.limits.companion_actions_per_battle;
    if (static_cast<int>(c.actions.size()) >= limit)
        refuse(ErrorCode::conflict, "battle \"" + m.battle + "\" has taken its " +
                                        std::to_string(limit) + " actions");
    // A refusal leaves the state as it was and rolls no die.
    if (auto why = rules::apply_companion_action(c.state, action, c.dice))
        refuse(ErrorCode::refused_by_rules, *why);

    storage::BattleActionRecord stored{id(),
                                       campaign_.period_index(),
                                       campaign_.seed_hash(),
                                       record->id,
                                       static_cast<int>(c.actions.size()) + 1,
                                       rules::to_json(action).dump(),
                                       protocol::seat_name(seat),
                                       services_->now_iso()};
    try {
        store.append(stored);  // committed before anyone hears of it
    } catch (const storage::StorageError& e) {
        throw to_protocol_error(e, ErrorCode::invalid_argument, services_->campaigns->location());
    }
    c.actions.push_back(std::move(stored));
    reply.send(*companion_message(actor.viewer, c));
    broadcast_companion(c, reply.peer.get());
}

void Room::get_battle(const Reply& reply, const Actor& actor, const protocol::GetBattle& m) {
    const auto record = find_open_battle(*services_->campaigns, campaign_, battle_id(actor, m.battle));
    if (!record) unknown_battle(m.battle);
    if (protocol::battle_seat(actor.viewer, campaign_.state(), *record) == BattleSeat::none)
        unknown_battle(m.battle);
    storage::BattleActionStore store(services_->campaigns->database());
    reply.send(*companion_message(actor.viewer, load_companion(store, campaign_, *record)));
}

}  // namespace umpire::server
