#pragma once
// Enemy forces under designations of the viewer's own (issue 53, R-6.3): a scenario's force ids
// are its author's (in the demo, the generals' names), and a player's commanders know an enemy
// force only as "the enemy force" they met. Every message made for a player, and for an observer
// of a "map only" campaign, names each force not of the viewer's side as `enemy-A`, `enemy-B`, …
// lettered in the order this viewer was first shown it: its own resolved periods' events as the
// projection gives them to it, oldest first, then its own pending requests. The letters depend on
// nothing but what the viewer was shown (never on the enemy's id), and stay the same for the
// rest of the campaign (a rollback letters again from what is left). The GM, and an observer who
// sees everything, see the real ids. The viewer's own and its allies' forces keep their ids.
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "protocol/viewer.hpp"
#include "umpire/rules/json_reader.hpp"

namespace umpire::protocol {

// What designations are made of, read by the server from storage: every force the campaign has
// had (id -> its player), their regiments (id -> the force and its place in it, from 1), the
// players' sides, the live resolved periods' events, oldest first, and the pending requests
// (player, request), in the order they are listed. An enemy regiment is named after its force's
// designation and its place: `enemy-A.2`.
struct DesignationFacts {
    std::map<std::string, std::string> force_players;
    std::map<std::string, std::pair<std::string, int>> regiment_forces;
    std::map<std::string, std::string> player_sides;
    std::vector<std::vector<rules::Json>> periods;
    std::vector<std::pair<std::string, rules::Json>> pending;
    Visibility visibility;

    // One viewer's designations: enemy id -> designation; nullopt when the viewer sees real ids.
    // Made once per viewer and kept.
    const std::map<std::string, std::string>* of(const Viewer& viewer) const;

private:
    mutable std::map<std::string, std::optional<std::map<std::string, std::string>>> made_;
};

// `message` with every enemy id in it (a string value, an object key, or a part of an id made of
// parts separated by '.', such as a contact's `<day>.<half period>.<lowest force id>`) replaced
// by the viewer's designation. Unchanged for a viewer who sees real ids, or without facts.
rules::Json designated(const Viewer& viewer, const DesignationFacts* facts, rules::Json message);

// An answer as the engine takes it: each of the viewer's designations in it replaced by the
// force's id (a decision that names an enemy force is answered with its designation).
rules::Json undesignated(const Viewer& viewer, const DesignationFacts* facts, rules::Json answer);

}  // namespace umpire::protocol
