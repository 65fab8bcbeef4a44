#pragma once
// Who is looking: the GM, one player, or an observer. Every projection takes a Viewer.
#include <string>

#include "umpire/rules/json_reader.hpp"

namespace umpire::protocol {

struct Viewer {
    enum class Role { gm, player, observer };
    Role role = Role::observer;
    std::string player;  // the scenario player, for Role::player only

    static Viewer gm() { return {Role::gm, {}}; }
    static Viewer of_player(std::string id) { return {Role::player, std::move(id)}; }
    static Viewer observer() { return {Role::observer, {}}; }
    bool is_gm() const { return role == Role::gm; }
    bool is_player() const { return role == Role::player; }
};

const char* role_name(Viewer::Role role);

// What a campaign's settings let observers see (setting "observers": "public" or "all").
struct Visibility {
    enum class Observers { public_only, everything };
    Observers observers = Observers::public_only;
    // Press (setting "press"): "private" (the default: a message is read by its sender and its
    // recipients), "gm_reads" (the GMs read all press too, and the players are told so), "off"
    // (players write only to the GMs; the GMs write to anyone).
    enum class Press { private_messages, gm_reads, off };
    Press press = Press::private_messages;
};

const char* press_policy_name(Visibility::Press press);

// Reads the campaign settings' "observers" member (anything but "all" means public only) and
// "press" member (anything but "gm_reads" or "off" means private).
Visibility visibility_from_settings(const rules::Json& settings);

}  // namespace umpire::protocol
