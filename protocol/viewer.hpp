#pragma once
// Who is looking: the GM, one player, or an observer. Every projection takes a Viewer.
#include <string>

#include "rules/json_reader.hpp"

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
};

// Reads the campaign settings' "observers" member; anything but "all" means public only.
Visibility visibility_from_settings(const rules::Json& settings);

}  // namespace umpire::protocol
